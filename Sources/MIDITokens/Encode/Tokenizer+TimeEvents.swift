extension Tokenizer {
  /// The minimum rest in ticks at a number of ticks per beat (`_min_rest`).
  func minimumRest(ticksPerBeat: Int) throws(TokensError) -> Int {
    guard config.useRests else { return 0 }
    return try timeBins(ticksPerBeat: ticksPerBeat, rest: true).first ?? 0
  }

  /// The ticks of the TimeShift (or Rest) values at a number of ticks per beat.
  func timeBins(ticksPerBeat: Int, rest: Bool) throws(TokensError) -> [Int] {
    guard ticksPerBeatOfDenominator.contains(where: { $0.ticksPerBeat == ticksPerBeat }) else {
      throw TokensError(
        .notInVocabulary(token: "(\(rest ? "rests" : "time shifts") at \(ticksPerBeat) ticks per beat)"))
    }
    return (rest ? rests : durations).map { $0.ticks(ticksPerBeat: ticksPerBeat) }
  }

  /// `_time_ticks_to_tokens`: the largest value that fits (the last of equal ones), again
  /// and again, while the smallest fits. Returns the indices of the values and their ticks.
  func timeValues(for duration: Int, ticksPerBeat: Int, rest: Bool) throws(TokensError) -> [(
    index: Int, ticks: Int
  )] {
    let bins = try timeBins(ticksPerBeat: ticksPerBeat, rest: rest)
    guard let smallest = bins.first else { return [] }
    guard smallest > 0 || duration < smallest else {
      throw TokensError(.notInVocabulary(token: "(a time value of 0 ticks: MidiTok loops forever)"))
    }
    var left = duration
    var values: [(index: Int, ticks: Int)] = []
    while left >= smallest {
      var index = bins.count - 1
      while index >= 0 && bins[index] > left { index -= 1 }
      values.append((index, bins[index]))
      left -= bins[index]
    }
    return values
  }

  /// Greedy time tokens (`_time_ticks_to_tokens`) of a kind, Rest or TimeShift, from `tick`
  /// towards `time`, each at the tick it starts from. Returns the tick they reach.
  @inline(__always)
  func emitTimeTokens(
    _ kind: TokenEvent.Kind, from tick: Int, to time: Int, ticksPerBeat: Int, into result: inout TokenOutput
  ) throws(TokensError) -> Int {
    var tick = tick
    for (index, ticks) in try timeValues(for: time - tick, ticksPerBeat: ticksPerBeat, rest: kind == .rest) {
      try result.emit(
        TokenEvent(time: Int32(truncatingIfNeeded: tick), kind: kind, value: Int32(index), program: 0))
      tick += ticks
    }
    return tick
  }

  /// The ticks of a bar, a beat and a position in a time signature, for songs of
  /// `ticksPerQuarter` (REMI's, CPWord's and Octuple's bars).
  func barUnits(_ signature: (numerator: Int, denominator: Int), ticksPerQuarter: Int) -> (
    bar: Int, beat: Int, position: Int
  ) {
    let beat = Self.ticksPerBeat(denominator: signature.denominator, ticksPerQuarter: ticksPerQuarter)
    return (beat * signature.numerator, beat, beat / config.maxPositionsPerBeat)
  }

  /// What an event says of the latest note end so far (`_previous_note_end_update`): a
  /// note's first token its end; Program, Tempo, KeySig, Pedal, PedalOff, PitchBend and Chord
  /// tokens their tick, and TimeSig and ControlChange too but in MIDI-Like.
  @inline(__always)
  func noteEndUpdate(_ event: TokenEvent) -> Int {
    switch event.kind {
    case .pitch, .pitchDrum, .noteOn, .drumOn, .pitchIntervalTime, .pitchIntervalChord:
      return Int(event.noteEnd)
    case .programForNote, .programForNoteOff, .programForPitchBend, .programForControlChange,
      .programForChord,
      .programChange, .tempo, .keySignature, .pedal, .pedalOff, .pitchBend, .chord:
      return Int(event.time)
    case .timeSignature, .controlChange:
      return noteOnOff ? 0 : Int(event.time)
    default:
      return 0
    }
  }

  /// TSD's and MIDI-Like's `_add_time_events`: Rest tokens over silences, then TimeShift
  /// tokens to the event's tick, in the current time signature's ticks per beat.
  func timeShiftEvents(
    _ items: some Sequence<TrackItem>, notes: inout NoteTokens, ticksPerQuarter: Int,
    into result: inout TokenOutput
  ) throws(TokensError) {
    var previousTick = 0
    var previousNoteEnd = 0
    var ticksPerBeat = Self.ticksPerBeat(denominator: 4, ticksPerQuarter: ticksPerQuarter)
    for item in items {
      let time: Int
      switch item {
      case .event(let event): time = Int(event.time)
      case .note(let note): time = Int(note.time)
      }
      if time != previousTick {
        if config.useRests, time - previousNoteEnd >= (try minimumRest(ticksPerBeat: ticksPerBeat)) {
          previousTick = try emitTimeTokens(
            .rest, from: max(previousNoteEnd, previousTick), to: time, ticksPerBeat: ticksPerBeat,
            into: &result)
        }
        if time != previousTick {
          previousTick = try emitTimeTokens(
            .timeShift, from: previousTick, to: time, ticksPerBeat: ticksPerBeat, into: &result)
        }
        previousTick = time
      }
      switch item {
      case .event(let event):
        if event.kind == .timeSignature {
          ticksPerBeat = Self.ticksPerBeat(
            denominator: Int(event.value & 0xFFFF), ticksPerQuarter: ticksPerQuarter)
        }
        try result.emit(event)
        previousNoteEnd = max(previousNoteEnd, noteEndUpdate(event))
      case .note(let note):
        try result.emit(note: note, tokens: &notes)
        previousNoteEnd = max(previousNoteEnd, Int(note.end))
      }
    }
  }
}

/// Where REMI's and CPWord's encoders and decoders are among the bars: the current bar (−1
/// before the first) and its first tick, and the bar and tick of the last time signature change,
/// from which bars are counted.
struct BarClock {
  var currentBar = -1
  var tickAtCurrentBar = 0
  var barAtLastChange = 0
  var tickAtLastChange = 0

  /// The bar a tick falls in, counted from the last change.
  func bar(of tick: Int, ticksPerBar: Int) -> Int {
    barAtLastChange + Tokenizer.floorDivision(tick - tickAtLastChange, ticksPerBar).0
  }

  /// A time signature change at `tick` (encoders): bars count from there.
  mutating func startSection(at tick: Int, ticksPerBar: Int) {
    barAtLastChange = bar(of: tick, ticksPerBar: ticksPerBar)
    tickAtLastChange = tick
  }

  /// A time signature change on a decoded Bar: bars count from the current one.
  mutating func startSectionAtCurrentBar() {
    tickAtLastChange = tickAtCurrentBar
    barAtLastChange = currentBar
  }

  /// A decoded Bar token: the next bar, which starts a bar after the current one's start (the
  /// first at `tick`). Returns the tick it starts at.
  mutating func nextBar(from tick: Int, ticksPerBar: Int) -> Int {
    currentBar += 1
    tickAtCurrentBar = currentBar > 0 ? tickAtCurrentBar + ticksPerBar : tick
    return tickAtCurrentBar
  }

  /// After rests, which make no Bar tokens: the bar `tick` falls in becomes the current bar
  /// (bar −1 counting as bar 0) when it is later (`real_current_bar`).
  mutating func moveToRealBar(of tick: Int, ticksPerBar: Int) {
    let realBar = bar(of: tick, ticksPerBar: ticksPerBar)
    if realBar > currentBar {
      if currentBar == -1 { currentBar = 0 }
      tickAtCurrentBar += (realBar - currentBar) * ticksPerBar
      currentBar = realBar
    }
  }
}
