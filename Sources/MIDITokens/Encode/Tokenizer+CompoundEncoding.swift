extension Tokenizer {
  /// CPWord's and Octuple's `_score_to_tokens`: the same events as REMI's, sorted, then their
  /// compound tokens, each field's token looked up in its vocabulary (Octuple's song clipped
  /// first, ``octupleClipped(_:)``).
  func encodeCompound(_ score: Score) throws(TokensError) -> TokenSequences {
    let global = globalEvents(of: score)
    let ticksPerBeat =
      config.useTimeSignatures && !score.timeSignatures.isEmpty
      ? TickSections.ticksPerBeat(of: score) : TickSections(sections: [(score.end, timeDivision)])
    var eventSequences: [[TokenEvent]] = []
    if config.oneTokenStreamForPrograms {
      var events = global
      for track in score.tracks { try trackEvents(of: track, ticksPerBeat: ticksPerBeat, into: &events) }
      sortEvents(&events)
      eventSequences.append(events)
    } else if score.tracks.isEmpty {
      var events = global
      if events.count > 2 { sortEvents(&events) }
      eventSequences.append(events)
    } else {
      for track in score.tracks {
        var events = global
        try trackEvents(of: track, ticksPerBeat: ticksPerBeat, into: &events)
        sortEvents(&events)
        eventSequences.append(events)
      }
    }
    var sequences: [[Int32]] = []
    var times: [[Int32]] = []
    for events in eventSequences {
      var rows = CompoundRows(vocabularies: vocabularies)
      if tokenization == .cpWord {
        try cpWordTokens(events, ticksPerQuarter: score.ticksPerQuarter, into: &rows)
      } else {
        try octupleTokens(events, ticksPerQuarter: score.ticksPerQuarter, into: &rows)
      }
      if let missing = rows.firstMissing { throw TokensError(.notInVocabulary(token: missing)) }
      sequences.append(rows.ids)
      times.append(rows.times)
    }
    return TokenSequences(
      sequences: sequences, times: times, isOneStream: oneTokenStream, width: vocabularies.count,
      barTicks: Self.barTicks(of: score, beats: false), beatTicks: Self.barTicks(of: score, beats: true))
  }

  /// A compound token: one token per field, and its tick.
  struct CompoundToken {
    var time: Int32
    var tokens: [String]
  }

  /// Compound tokens as they are made: each field's token looked up in its vocabulary at once,
  /// so a song's tokens hold four bytes a field, not a list of strings each.
  struct CompoundRows {
    /// One vocabulary per field.
    let vocabularies: [Vocabulary]
    /// The ids, a row of one per field for each token.
    private(set) var ids: [Int32] = []
    /// Each token's tick.
    private(set) var times: [Int32] = []
    /// The first token no vocabulary of its field holds: MidiTok raises `KeyError` on it once
    /// all its tokens are made, so it is thrown then (an error while making them comes first).
    private(set) var firstMissing: String?

    /// Adds a token's ids.
    mutating func append(_ compound: CompoundToken) {
      for (field, token) in compound.tokens.enumerated() {
        if let id = vocabularies[field].id(token) {
          ids.append(Int32(id))
        } else {
          if firstMissing == nil { firstMissing = token }
          ids.append(0)
        }
      }
      times.append(compound.time)
    }
  }

  /// The value half of an event's token, as MidiTok's compound tokens take `event.value`.
  static func valueText(_ event: TokenEvent, durationValues: [Int: [Int: TimeValue]]) -> String {
    let token = TokenIDs.tokenText(event, durationValues: durationValues)
    return String(token.drop { $0 != "_" }.dropFirst())
  }

  /// How many events after its Pitch event a note's Duration event comes (`duration_offset`).
  var noteDurationOffset: Int { (config.useVelocities ? 1 : 0) + (config.usingNoteDurationTokens ? 1 : 0) }

  /// Duration values by ticks, per ticks per beat (`_tpb_ticks_to_tokens`).
  var durationValuesByTicks: [Int: [Int: TimeValue]] {
    var result: [Int: [Int: TimeValue]] = [:]
    for tpb in Set(ticksPerBeatOfDenominator.map(\.ticksPerBeat)) {
      var values: [Int: TimeValue] = [:]
      for value in durations { values[value.ticks(ticksPerBeat: tpb)] = value }
      result[tpb] = values
    }
    return result
  }

  /// CPWord's `_add_time_events`: Bar compounds (with the time signature), Position compounds
  /// (with the tempo, and a chord), Rest compounds, and Note compounds (pitch, velocity,
  /// duration, program); Program events give their program to the notes after them.
  func cpWordTokens(_ events: [TokenEvent], ticksPerQuarter: Int, into result: inout CompoundRows)
    throws(TokensError)
  {
    let fields = compoundFields
    let durationValues = durationValuesByTicks
    func text(_ event: TokenEvent) -> String { Self.valueText(event, durationValues: durationValues) }
    func compound(_ time: Int, family: String = "Metric") -> CompoundToken {
      let tokens = ["Family_" + family] + Array(repeating: "Ignore_None", count: fields.count - 1)
      return CompoundToken(time: Int32(truncatingIfNeeded: time), tokens: tokens)
    }
    let velocityField = compoundField("Velocity")
    let durationField = compoundField("Duration")
    let programField = compoundField("Program")
    let chordField = compoundField("Chord")
    let chords = chordField == nil ? [] : chordTokens
    let restField = compoundField("Rest")
    let tempoField = compoundField("Tempo")
    let signatureField = compoundField("TimeSig")
    let durationOffset = noteDurationOffset
    var currentBar = -1
    var barAtLastChange = 0
    var previousTick = -1
    var previousNoteEnd = 0
    var tickAtLastChange = 0
    var tickAtCurrentBar = 0
    var signature = (numerator: 4, denominator: 4)
    var tempo = NumPy.pythonRepr(defaultTempo)
    var program: Int?
    func units(_ signature: (numerator: Int, denominator: Int)) -> (bar: Int, beat: Int, position: Int) {
      let beat = Self.ticksPerBeat(denominator: signature.denominator, ticksPerQuarter: ticksPerQuarter)
      return (beat * signature.numerator, beat, beat / config.maxPositionsPerBeat)
    }
    var (ticksPerBar, ticksPerBeat, ticksPerPosition) = units(signature)
    if config.useTimeSignatures, let first = events.first(where: { $0.kind == .timeSignature }) {
      signature = (Int(first.value >> 16), Int(first.value & 0xFFFF))
      (ticksPerBar, ticksPerBeat, ticksPerPosition) = units(signature)
    }
    if config.useTempos {
      for event in events {
        if event.kind == .tempo {
          tempo = text(event)
          break
        }
        if [.pitch, .pitchDrum, .velocity, .duration, .pitchBend, .pedal].contains(event.kind) { break }
      }
    }
    guard ticksPerBar > 0, ticksPerPosition > 0 else {
      throw TokensError(.notInVocabulary(token: "(a bar of 0 ticks)"))
    }
    for (index, event) in events.enumerated() {
      let time = Int(event.time)
      if event.kind == .tempo {
        tempo = text(event)
      } else if event.kind.isProgram {
        program = Int(event.value)
        continue
      }
      if time != previousTick {
        if config.useRests, time - previousNoteEnd >= (try minimumRest(ticksPerBeat: ticksPerBeat)) {
          previousTick = previousNoteEnd
          for (value, ticks) in try timeValues(
            for: time - previousTick, ticksPerBeat: ticksPerBeat, rest: true)
          {
            var rest = compound(previousTick)
            if let restField { rest.tokens[restField] = "Rest_\(rests[value])" }
            result.append(rest)
            previousTick += ticks
          }
          let realBar = barAtLastChange + Self.floorDivision(previousTick - tickAtLastChange, ticksPerBar).0
          if realBar > currentBar {
            if currentBar == -1 { currentBar = 0 }
            tickAtCurrentBar += (realBar - currentBar) * ticksPerBar
            currentBar = realBar
          }
        }
        let newBars =
          barAtLastChange + Self.floorDivision(time - tickAtLastChange, ticksPerBar).0 - currentBar
        if newBars >= 1 {
          var signatureText: String? =
            config.useTimeSignatures ? "\(signature.numerator)/\(signature.denominator)" : nil
          for step in 0..<newBars {
            if step == newBars - 1 && event.kind == .timeSignature {
              signatureText = "\(event.value >> 16)/\(event.value & 0xFFFF)"
            }
            var bar = compound((currentBar + step + 1) * ticksPerBar)
            bar.tokens[1] = "Bar_None"
            if let signatureText, let signatureField {
              bar.tokens[signatureField] = "TimeSig_" + signatureText
            }
            result.append(bar)
          }
          currentBar += newBars
          tickAtCurrentBar = tickAtLastChange + (currentBar - barAtLastChange) * ticksPerBar
        }
        if event.kind != .timeSignature {
          var position = compound(time)
          position.tokens[1] = "Position_\(Self.floorDivision(time - tickAtCurrentBar, ticksPerPosition).0)"
          if event.kind == .chord, let chordField { position.tokens[chordField] = chords[Int(event.value)] }
          if config.useTempos, let tempoField { position.tokens[tempoField] = "Tempo_" + tempo }
          result.append(position)
        }
        previousTick = time
      }
      if event.kind == .timeSignature {
        signature = (Int(event.value >> 16), Int(event.value & 0xFFFF))
        barAtLastChange += Self.floorDivision(time - tickAtLastChange, ticksPerBar).0
        tickAtLastChange = time
        (ticksPerBar, ticksPerBeat, ticksPerPosition) = units(signature)
        guard ticksPerBar > 0, ticksPerPosition > 0 else {
          throw TokensError(.notInVocabulary(token: "(a bar of 0 ticks)"))
        }
        previousTick -= 1
      }
      if (event.kind == .pitch || event.kind == .pitchDrum) && index + durationOffset < events.count {
        var note = compound(time, family: "Note")
        note.tokens[2] = "\(event.kind.typeName)_\(event.value)"
        if let velocityField { note.tokens[velocityField] = "Velocity_" + text(events[index + 1]) }
        if config.usingNoteDurationTokens, let durationField {
          let duration = text(events[index + durationOffset])
          if !duration.isEmpty { note.tokens[durationField] = "Duration_" + duration }
        }
        if let program, let programField { note.tokens[programField] = "Program_\(program)" }
        result.append(note)
        previousNoteEnd = max(previousNoteEnd, Int(event.noteEnd))
      } else if event.kind.isProgram || event.kind == .tempo || event.kind == .timeSignature
        || event.kind == .chord
      {
        previousNoteEnd = max(previousNoteEnd, time)
      }
    }
  }

  /// Octuple's `_add_time_events`: one compound per note with its pitch, position, bar,
  /// velocity, duration, program, the current tempo and time signature.
  func octupleTokens(_ events: [TokenEvent], ticksPerQuarter: Int, into result: inout CompoundRows)
    throws(TokensError)
  {
    let fields = compoundFields
    let durationValues = durationValuesByTicks
    func text(_ event: TokenEvent) -> String { Self.valueText(event, durationValues: durationValues) }
    let durationOffset = noteDurationOffset
    var currentBar = 0
    var barFromChange = 0
    var tickFromChange = 0
    var position = 0
    var previousTick = 0
    var signature = (numerator: 4, denominator: 4)
    var tempo = NumPy.pythonRepr(defaultTempo)
    var program = 0
    func units(_ signature: (numerator: Int, denominator: Int)) -> (bar: Int, position: Int) {
      let beat = Self.ticksPerBeat(denominator: signature.denominator, ticksPerQuarter: ticksPerQuarter)
      return (beat * signature.numerator, beat / config.maxPositionsPerBeat)
    }
    var (ticksPerBar, ticksPerPosition) = units(signature)
    for (index, event) in events.enumerated() {
      let time = Int(event.time)
      if time != previousTick {
        guard ticksPerBar > 0, ticksPerPosition > 0 else {
          throw TokensError(.notInVocabulary(token: "(a bar of 0 ticks)"))
        }
        currentBar = barFromChange + Self.floorDivision(time - tickFromChange, ticksPerBar).0
        let tickAtBar = tickFromChange + (currentBar - barFromChange) * ticksPerBar
        position = Self.floorDivision(time - tickAtBar, ticksPerPosition).0
        previousTick = time
      }
      switch event.kind {
      case .timeSignature:
        signature = (Int(event.value >> 16), Int(event.value & 0xFFFF))
        barFromChange = currentBar
        tickFromChange = previousTick
        (ticksPerBar, ticksPerPosition) = units(signature)
      case .tempo:
        tempo = text(event)
      case let kind where kind.isProgram:
        program = Int(event.value)
      case .pitch, .pitchDrum:
        guard index + durationOffset < events.count else { break }
        var tokens = Array(repeating: "", count: fields.count)
        tokens[0] = "\(event.kind.typeName)_\(event.value)"
        tokens[1] = "Position_\(position)"
        tokens[2] = "Bar_\(currentBar)"
        var field = 3
        if config.useVelocities {
          tokens[field] = "Velocity_" + text(events[index + 1])
          field += 1
        }
        if config.usingNoteDurationTokens {
          tokens[field] = "Duration_" + text(events[index + durationOffset])
          field += 1
        }
        if config.usePrograms {
          tokens[field] = "Program_\(program)"
          field += 1
        }
        if config.useTempos {
          tokens[field] = "Tempo_" + tempo
          field += 1
        }
        if config.useTimeSignatures {
          tokens[field] = "TimeSig_\(signature.numerator)/\(signature.denominator)"
        }
        result.append(CompoundToken(time: event.time, tokens: tokens))
      default:
        break
      }
    }
  }
}

extension Tokenizer {
  /// Octuple's song clipped at the first bar too many for its bar tokens, as MidiTok does with
  /// `score.clip` (bars up to the last onset, `get_bars_ticks(only_notes_onsets=True)`).
  func octupleClipped(_ score: Score) -> Score {
    var bars = config.maxBarEmbedding ?? 0
    let lastOnset = Self.lastOnsetTick(of: score)
    guard lastOnset > 0 else { return score }
    for section in Self.meterSections(of: score, through: lastOnset, beats: false) {
      if bars < section.count {
        return score.clipped(before: Int32(clamping: section.start + section.unit * bars))
      }
      bars -= section.count
    }
    return score
  }
}

extension Score {
  /// symusic's `clip(0, end)`: notes, controls, pitch bends, pedals and lyrics from tick 0 to
  /// before `end`; time signatures, key signatures and tempos too, the first at tick 0 kept.
  func clipped(before end: Int32) -> Score {
    var result = self
    for index in result.tracks.indices {
      result.tracks[index].notes.removeAll { $0.time < 0 || $0.time >= end }
      result.tracks[index].controls.removeAll { $0.time < 0 || $0.time >= end }
      result.tracks[index].pitchBends.removeAll { $0.time < 0 || $0.time >= end }
      result.tracks[index].pedals.removeAll { $0.time < 0 || $0.time >= end }
      result.tracks[index].lyricTimes.removeAll { $0 < 0 || $0 >= end }
    }
    func sentinel<T>(_ events: [T], time: (T) -> Int32, moved: (T) -> T) -> [T] {
      var kept: [T] = []
      var first: T?
      for event in events {
        if time(event) <= 0 {
          if first == nil || time(first!) < time(event) { first = event }
        } else if time(event) < end {
          kept.append(event)
        }
      }
      if let first { kept.insert(moved(first), at: 0) }
      return kept
    }
    result.timeSignatures = sentinel(timeSignatures, time: \.time) {
      ScoreTimeSignature(time: 0, numerator: $0.numerator, denominator: $0.denominator)
    }
    result.keySignatures = sentinel(keySignatures, time: \.time) {
      ScoreKeySignature(time: 0, key: $0.key, tonality: $0.tonality)
    }
    result.tempos = sentinel(tempos, time: \.time) { ScoreTempo(time: 0, mspq: $0.mspq) }
    result.markerTimes.removeAll { $0 < 0 || $0 >= end }
    return result
  }
}
