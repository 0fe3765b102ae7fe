extension Tokenizer {
  /// MMM's `_score_to_tokens` and `encode`, token for token: for each track, `Track_Start`,
  /// its Program, the base tokenization's events and time tokens, and `Track_End` one tick
  /// after the last event; the tracks one after another in one sequence, each a part of it
  /// (``TokenOutput/beginPart()``: MidiTok encodes each track's ids with a trained model
  /// apart, and trains on them apart). A song without tracks is its global events alone,
  /// without a Program.
  func encodeMMM(_ score: Score, base: some TimeTokenRules, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  {
    guard let start = vocabularies.first?.id(MMMRules.trackTokens[0]),
      let end = vocabularies.first?.id(MMMRules.trackTokens[1])
    else { throw TokensError(.notInVocabulary(token: MMMRules.trackTokens.joined(separator: " or "))) }
    try encodeOneVocabulary(score, to: receiver) { (output: inout TokenOutput) throws(TokensError) in
      let global = globalEvents(of: score)
      let ticksPerBeat = ticksPerBeatSections(of: score)
      try output.beginSequence()
      guard !score.tracks.isEmpty else {
        var events = global
        if events.count > 2 { sortEvents(&events) }
        try output.emit(id: Int32(start), time: 0)
        try mmmTimeEvents(
          events, global: global, ticksPerQuarter: score.ticksPerQuarter, base: base, into: &output)
        try output.emit(id: Int32(end), time: output.lastTime + 1)
        return
      }
      for (index, track) in score.tracks.enumerated() {
        if index > 0 { try output.beginPart() }
        try output.emit(id: Int32(start), time: 0)
        try output.emit(programOf: track)
        // A note makes one event at least: only a track of one note without global events can
        // make fewer than two, which MMM leaves without time tokens.
        if global.count + track.notes.count >= 2 {
          try encodeTrack(
            track, global: global, ticksPerBeat: ticksPerBeat, ticksPerQuarter: score.ticksPerQuarter,
            rules: base,
            into: &output)
        } else {
          var events = global
          try trackEvents(of: track, ticksPerBeat: ticksPerBeat, into: &events)
          sortEvents(&events)
          try mmmTimeEvents(
            events, global: global, ticksPerQuarter: score.ticksPerQuarter, base: base, into: &output)
        }
        try output.emit(id: Int32(end), time: output.lastTime + 1)
      }
    }
  }

  /// MMM's `_add_time_events`: the base's time tokens among two events or more; one event
  /// alone as it is; none, MidiTok's `IndexError` (the track ends one tick after its last
  /// event).
  private func mmmTimeEvents(
    _ events: [TokenEvent], global: [TokenEvent], ticksPerQuarter: Int, base: some TimeTokenRules,
    into output: inout TokenOutput
  ) throws(TokensError) {
    guard events.count < 2 else {
      try timeEvents(events, global: global, ticksPerQuarter: ticksPerQuarter, rules: base, into: &output)
      return
    }
    guard let only = events.first else {
      throw TokensError(
        .encodingFails("MMM ends a track one tick after its last event, and it has none (IndexError)"))
    }
    try output.emit(only)
  }
}
