extension Tokenizer {
  /// MuMIDI's `_tokens_to_score`, token for token: bars of four beats, a Position token's
  /// value taken as ticks, notes in the track of the last Program token (`KeyError` before
  /// any), a tempo change at every token whose tempo differs from the last change's (symusic's
  /// tempo, read back from its microseconds per quarter), every track kept, empty ones too.
  /// `tokens` are the sequence's tokens, ``vocabularies``' count to a row, empty where a
  /// token has no id.
  func decodeMuMIDI(_ tokens: [String]) throws(TokensError) -> Score {
    let width = max(vocabularies.count, 1)
    var rows: [ArraySlice<String>] = []
    rows.reserveCapacity(tokens.count / width)
    for start in stride(from: 0, to: tokens.count, by: width) {
      let row = tokens[start..<min(start + width, tokens.count)]
      rows.append(row.prefix { !$0.isEmpty })
    }
    var score = Score(ticksPerQuarter: timeDivision)
    let ticksPerBeat = score.ticksPerQuarter
    func field(_ row: ArraySlice<String>, _ index: Int) throws(TokensError) -> String {
      // Python's `time_step[index]`, from the end when negative.
      let position = index < 0 ? row.count + index : index
      guard position >= 0, position < row.count else {
        throw TokensError(.decodingFails("a token of \(row.count) ids has no id \(index) (IndexError)"))
      }
      return row[row.startIndex + position]
    }
    var firstTempo = ScoreTempo(time: 0, mspq: Self.mspq(qpm: defaultTempo))
    if config.useTempos, let first = rows.first {
      firstTempo = try Self.tempo(try Self.value(try field(first, 3)), at: 0)
    }
    var tempos = [firstTempo]
    var order: [Substring] = []
    var notes: [Substring: [ScoreNote]] = [:]
    var currentTick = 0
    var currentBar = -1
    var currentTrack: Substring?
    let velocityIndex = config.usingNoteDurationTokens ? -2 : -1
    for row in rows {
      let first = try field(row, 0)
      let parts = first.split(separator: "_", omittingEmptySubsequences: false)
      guard parts.count == 2 else {
        throw TokensError(.decodingFails("the token \(first) has not one \"_\" (ValueError)"))
      }
      let (type, value) = (parts[0], parts[1])
      switch type {
      case "Bar":
        currentBar += 1
        currentTick = currentBar * ticksPerBeat * 4
      case "Position":
        if currentBar == -1 { currentBar = 0 }
        guard let position = DecodedToken.pythonInt(value) else {
          throw TokensError(.decodingFails("the position \(first)"))
        }
        currentTick = currentBar * ticksPerBeat * 4 + position
      case "Program":
        currentTrack = value
        if notes[value] == nil {
          notes[value] = []
          order.append(value)
        }
      case "Pitch", "PitchDrum":
        let velocity = config.useVelocities ? try Self.value(try field(row, velocityIndex)) : "100"
        let duration = config.usingNoteDurationTokens ? try Self.value(try field(row, -1)) : nil
        if velocity == "None" || duration == "None" { continue }
        guard let pitch = DecodedToken.pythonInt(value), let level = DecodedToken.pythonInt(velocity) else {
          throw TokensError(.decodingFails("the note \(first) of velocity \(velocity) (ValueError)"))
        }
        let ticks =
          try duration.map { value throws(TokensError) in
            try self.ticks(of: value, ticksPerBeat: ticksPerBeat, rest: false)
          } ?? Int(config.defaultNoteDuration * Double(ticksPerBeat))
        guard let track = currentTrack else {
          throw TokensError(.decodingFails("a note before any Program token (KeyError)"))
        }
        notes[track, default: []].append(
          try Self.note(time: currentTick, duration: ticks, pitch: pitch, velocity: level))
      default:
        break
      }
      if config.useTempos {
        let text = try Self.value(try field(row, 3))
        let tempo = try Self.tempo(text, at: currentTick)
        guard let qpm = Double(String(text.trimmingPythonWhitespace)) else {
          throw TokensError(.decodingFails("the tempo \(text)"))
        }
        if let last = tempos.last, qpm != last.qpm { tempos.append(tempo) }
      }
    }
    score.tempos = tempos
    for key in order {
      guard let program = DecodedToken.pythonInt(key), (-1...127).contains(program) else {
        throw TokensError(.decodingFails("the program \(key)"))
      }
      score.tracks.append(
        ScoreTrack(
          program: max(program, 0), isDrum: program == -1, notes: notes[key] ?? [],
          name: GeneralMIDI.trackName(program)))
    }
    return score
  }
}
