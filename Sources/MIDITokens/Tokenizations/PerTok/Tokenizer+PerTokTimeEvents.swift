extension Tokenizer {
  /// PerTok's `_add_time_events`, event for event: Bar tokens while an event lies past the
  /// next bar line less the smallest time shift; before each timed event (Pitch, PitchDrum,
  /// PitchIntervalChord, Program, Pedal, PedalOff, PitchBend, ControlChange, Chord) the
  /// TimeShift nearest the gap from the last time token (or the Position nearest its place in
  /// the bar) when the gap reaches the smallest time shift, and after it the MicroTiming
  /// nearest what the time token missed. Times are Python's: a TimeSig makes bars of
  /// `den / 4 × num × tpq` ticks, a float, and every bar is counted at the current length.
  func perTokTimeEvents(
    _ items: some Sequence<TrackItem>, notes: inout NoteTokens, into output: inout TokenOutput
  ) throws(TokensError) {
    let tables = PerTokTables(tokenizer: self)
    var ids = PerTokIDs(tokenizer: self, tables: tables)
    let minTimeShift = Double(tables.minTimeShift)
    var previousTick = 0.0
    var ticksPerBar = Double(tables.ticksPerQuarter * 4)
    var currentBar = 0
    var barTime = 0.0
    var microtiming = 0.0

    func handle(_ event: TokenEvent, _ output: inout TokenOutput) throws(TokensError) {
      let time = Double(event.time)
      while time > Double(currentBar + 1) * ticksPerBar - minTimeShift {
        barTime += ticksPerBar
        try output.emit(id: try ids.bar(), time: Int32(clamping: Int(barTime)))
        currentBar += 1
        previousTick = Double(currentBar) * ticksPerBar
      }
      if event.kind == .timeSignature {
        let numerator = Double(Int(event.value) >> 16)
        let denominator = Double(Int(event.value) & 0xFFFF)
        ticksPerBar = denominator / 4 * numerator * Double(tables.ticksPerQuarter)
      }
      let delta = time - previousTick
      let timed = Self.isPerTokTimed(event.kind)
      if timed {
        if tables.usePositions {
          let positionInBar = time - barTime
          let index = PerTokTables.nearest(tables.positions, to: positionInBar)
          let position = tables.positions[index]
          microtiming = positionInBar - Double(position)
          if delta >= minTimeShift {
            try output.emit(id: try ids.position(index), time: event.time)
            previousTick = barTime + Double(position)
          }
        } else {
          var shift = 0.0
          if delta >= minTimeShift {
            let index = PerTokTables.nearest(tables.ticks, to: delta)
            try output.emit(id: try ids.timeShift(index), time: event.time)
            shift = Double(tables.ticks[index])
            previousTick += shift
          }
          microtiming = delta - shift
        }
      }
      if event.kind == .duration {
        // `_create_duration_event`: the value nearest the note's duration in ticks.
        let index = PerTokTables.nearest(tables.ticks, to: Double(event.value))
        try output.emit(id: try ids.duration(index), time: event.time)
      } else {
        try output.emit(event)
      }
      if tables.useMicrotiming && timed {
        let index = PerTokTables.nearest(tables.microtimings, to: microtiming)
        try output.emit(id: try ids.microtiming(index), time: event.time)
      }
    }

    for item in items {
      switch item {
      case .event(let event):
        try handle(event, &output)
      case .note(let note):
        notes.begin(note)
        for index in 0..<notes.stepCount { try handle(notes.token(index), &output) }
      }
    }
  }

  /// Refuses a song where MidiTok's `_create_track_events` indexes past its last section of
  /// ticks per beat (`IndexError`): PerTok leaves notes and pedals of 0 ticks at the song's end
  /// (the section's end), which a pitch interval's section (one step a note) or a pedal's
  /// Duration (a `while`) then looks past.
  func checkPerTokSections(of score: Score) throws(TokensError) {
    guard (config.usePitchIntervals || (config.useSustainPedals && config.sustainPedalDuration)) else {
      return
    }
    let sections =
      config.useTimeSignatures && !score.timeSignatures.isEmpty
      ? TickSections.ticksPerBeat(of: score).sections : [(end: score.end, ticks: timeDivision)]
    let refusal = TokensError(
      .notInVocabulary(token: "(a section of ticks per beat past the song's end: MidiTok's IndexError)"))
    for track in score.tracks {
      if config.usePitchIntervals && !track.isDrum {
        var section = 0
        for note in track.notes where Int(note.time) >= sections[section].end {
          section += 1
          if section == sections.count { throw refusal }
        }
      }
      if config.useSustainPedals && config.sustainPedalDuration {
        var section = 0
        for pedal in track.pedals {
          while Int(pedal.time) >= sections[section].end {
            section += 1
            if section == sections.count { throw refusal }
          }
        }
      }
    }
  }

  /// The events PerTok puts a time token and a MicroTiming around (`microtime_events`).
  static func isPerTokTimed(_ kind: TokenEvent.Kind) -> Bool {
    switch kind {
    case .pitch, .pitchDrum, .pitchIntervalChord, .pedal, .pedalOff, .pitchBend, .controlChange, .chord:
      return true
    default:
      return kind.isProgram
    }
  }
}

/// The ids of PerTok's own tokens, found as they are first needed; a token the vocabulary
/// lacks is MidiTok's `KeyError`.
struct PerTokIDs {
  private let vocabulary: Vocabulary
  private let tables: PerTokTables
  private let durations: [TimeValue]
  private var barID: Int32?
  private var timeShifts: [Int32?]
  private var durationIDs: [Int32?]
  private var positions: [Int32?]
  private var microtimings: [Int32?]

  init(tokenizer: Tokenizer, tables: PerTokTables) {
    vocabulary = tokenizer.vocabularies.first ?? Vocabulary()
    self.tables = tables
    durations = tokenizer.durations
    timeShifts = Array(repeating: nil, count: durations.count)
    durationIDs = Array(repeating: nil, count: durations.count)
    positions = Array(repeating: nil, count: tables.positions.count)
    microtimings = Array(repeating: nil, count: tables.microtimings.count)
  }

  private func id(_ token: String) throws(TokensError) -> Int32 {
    guard let id = vocabulary.id(token) else { throw TokensError(.notInVocabulary(token: token)) }
    return Int32(id)
  }

  mutating func bar() throws(TokensError) -> Int32 {
    if let barID { return barID }
    let found = try id("Bar_None")
    barID = found
    return found
  }

  mutating func timeShift(_ index: Int) throws(TokensError) -> Int32 {
    if let known = timeShifts[index] { return known }
    let found = try id("TimeShift_\(durations[index])")
    timeShifts[index] = found
    return found
  }

  mutating func duration(_ index: Int) throws(TokensError) -> Int32 {
    if let known = durationIDs[index] { return known }
    let found = try id("Duration_\(durations[index])")
    durationIDs[index] = found
    return found
  }

  mutating func position(_ index: Int) throws(TokensError) -> Int32 {
    if let known = positions[index] { return known }
    let found = try id("Position_\(tables.positions[index])")
    positions[index] = found
    return found
  }

  mutating func microtiming(_ index: Int) throws(TokensError) -> Int32 {
    if let known = microtimings[index] { return known }
    let found = try id("MicroTiming_\(tables.microtimings[index])")
    microtimings[index] = found
    return found
  }
}
