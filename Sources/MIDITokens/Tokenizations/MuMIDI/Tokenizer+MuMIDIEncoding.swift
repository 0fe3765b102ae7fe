extension Tokenizer {
  /// A note or chord of MuMIDI's `_track_to_tokens`: its tick, its track (`desc`: the program,
  /// −1 for drums), its first token and, for a note, its velocity and duration tokens.
  struct MuMIDIItem {
    /// The onset's tick.
    var time: Int32
    /// The track it sorts by: the program, −1 for drums (a chord's: its track's program).
    var track: Int
    /// `Pitch_*`, `PitchDrum_*` or `Chord_*`.
    var token: String
    /// The note's `Velocity_*` token, when velocities are on.
    var velocity: String?
    /// The note's `Duration_*` token, when durations are on.
    var duration: String?
  }

  /// MuMIDI's `_score_to_tokens`: the notes (and chords) of every track whose program is in
  /// `programs` (a drum track's own program, not −1), sorted by tick then track; a Bar token for
  /// each new bar of four beats, a Position token at each new tick, a Program token at each
  /// new track of a tick, each token with its bar and position encodings and the current tempo.
  func encodeMuMIDI(_ score: Score, to receiver: any TokenSequenceReceiver) throws(TokensError) {
    // `score.tempos[0]` is read even when tempos are not tokenized: a song without tempos
    // raises `IndexError`.
    guard let firstTempo = score.tempos.first else {
      throw TokensError(
        .notInVocabulary(token: "(a song without tempos: MidiTok's IndexError on score.tempos[0])"))
    }
    let items = try muMIDIItems(of: score)
    var rows = CompoundRows(vocabularies: vocabularies)
    let width = vocabularies.count
    let ticksPerQuarter = score.ticksPerQuarter
    let ticksPerSample = Double(ticksPerQuarter) / Double(config.maxPositionsPerBeat)
    let ticksPerBar = ticksPerQuarter * 4
    func tempoText(_ tempo: ScoreTempo) -> String {
      NumPy.pythonRepr(NumPy.pythonRoundTwoDecimals(tempo.qpm))
    }
    var currentTick = -1
    var currentBar = -1
    var currentPosition = -1
    var currentTrack = -2
    var tempoIndex = 0
    var tempo = tempoText(firstTempo)
    func append(_ time: Int32, _ tokens: [String]) {
      var padded = tokens
      while padded.count < width { padded.append("") }
      rows.append(CompoundToken(time: time, tokens: padded))
    }
    func encodings(_ position: String) -> [String] {
      var tokens = ["BarPosEnc_\(currentBar)", "PositionPosEnc_" + position]
      if config.useTempos { tokens.append("Tempo_" + tempo) }
      return tokens
    }
    for item in items {
      let time = Int(item.time)
      if config.useTempos {
        while tempoIndex + 1 < score.tempos.count, Int(score.tempos[tempoIndex + 1].time) <= time {
          tempoIndex += 1
          tempo = tempoText(score.tempos[tempoIndex])
        }
      }
      if time != currentTick {
        guard ticksPerBar > 0, ticksPerSample > 0 else {
          throw TokensError(.notInVocabulary(token: "(a bar of 0 ticks)"))
        }
        currentPosition = Int(
          (Double(Self.floorDivision(time, ticksPerBar).1) / ticksPerSample).rounded(.towardZero))
        currentTick = time
        currentTrack = -2
        let bar = Self.floorDivision(time, ticksPerBar).0
        if currentBar < bar {
          for step in 0..<(bar - currentBar) {
            var tokens = ["Bar_None", "BarPosEnc_\(currentBar + step + 1)", "PositionPosEnc_None"]
            if config.useTempos { tokens.append("Tempo_" + tempo) }
            append(item.time, tokens)
          }
          currentBar = bar
        }
        append(item.time, ["Position_\(currentPosition)"] + encodings("\(currentPosition)"))
      }
      if item.track != currentTrack {
        currentTrack = item.track
        append(item.time, ["Program_\(currentTrack)"] + encodings("\(currentPosition)"))
      }
      var tokens = [item.token] + encodings("\(currentPosition)")
      if let velocity = item.velocity { tokens.append(velocity) }
      if let duration = item.duration { tokens.append(duration) }
      append(item.time, tokens)
    }
    if let missing = rows.firstMissing { throw TokensError(.notInVocabulary(token: missing)) }
    try receiver.begin(score: score, width: width)
    try receiver.beginSequence()
    let times = receiver.needsTimes ? rows.times : []
    try rows.ids.withUnsafeBufferPointer { ids throws(TokensError) in
      try times.withUnsafeBufferPointer { times throws(TokensError) in
        try receiver.receive(ids, times: times)
      }
    }
    try receiver.endSequence()
  }

  /// MuMIDI's `_track_to_tokens` of each track whose program is in `programs`, sorted by tick
  /// then track (a stable sort: a track's chords, put first, before its notes).
  func muMIDIItems(of score: Score) throws(TokensError) -> [MuMIDIItem] {
    let durationValues = durationValuesByTicks[timeDivision] ?? [:]
    // `get_score_ticks_per_beat`, whatever the song's time signatures (4/4 once preprocessed).
    let ticksPerBeat = config.useChords ? TickSections.ticksPerBeat(of: score) : nil
    var items: [MuMIDIItem] = []
    for track in score.tracks where config.programs.contains(track.program) {
      let desc = track.isDrum ? -1 : track.program
      if config.useChords && !track.isDrum {
        for chord in detectChords(track.notes, ticksPerBeat: ticksPerBeat) {
          items.append(MuMIDIItem(time: chord.time, track: track.program, token: chord.token))
        }
      }
      let type = track.isDrum ? "PitchDrum_" : "Pitch_"
      for note in track.notes {
        var item = MuMIDIItem(time: note.time, track: desc, token: type + "\(note.pitch)")
        if config.useVelocities { item.velocity = "Velocity_\(note.velocity)" }
        if config.usingNoteDurationTokens {
          // `_tpb_ticks_to_tokens[tpb][duration]`: `KeyError` for a duration of no bin.
          guard let value = durationValues[Int(note.duration)] else {
            throw TokensError(.notInVocabulary(token: "(a duration of \(note.duration) ticks)"))
          }
          item.duration = "Duration_\(value)"
        }
        items.append(item)
      }
    }
    return items.enumerated().sorted {
      ($0.element.time, $0.element.track, $0.offset) < ($1.element.time, $1.element.track, $1.offset)
    }.map(\.element)
  }
}
