extension Tokenizer {
  /// CPWord's and Octuple's `_score_to_tokens` (``CompoundTokenRules``): the same events as
  /// REMI's, sorted, then the tokenization's compound tokens, each field's token looked up in
  /// its vocabulary, each sequence handed to `receiver`.
  func encodeCompound(_ score: Score, rules: some CompoundTokenRules, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  {
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
      try rules.compoundTokens(events, ticksPerQuarter: score.ticksPerQuarter, by: self, into: &rows)
      if let missing = rows.firstMissing { throw TokensError(.notInVocabulary(token: missing)) }
      sequences.append(rows.ids)
      times.append(rows.times)
    }
    try receiver.begin(score: score, width: vocabularies.count)
    for (index, sequence) in sequences.enumerated() {
      try receiver.beginSequence()
      let times = receiver.needsTimes ? times[index] : []
      try sequence.withUnsafeBufferPointer { ids throws(TokensError) in
        try times.withUnsafeBufferPointer { times throws(TokensError) in
          try receiver.receive(ids, times: times)
        }
      }
      try receiver.endSequence()
    }
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

    /// Adds a token's ids; an empty token (a field MuMIDI's shorter tokens do not have) is −1.
    mutating func append(_ compound: CompoundToken) {
      for (field, token) in compound.tokens.enumerated() {
        if token.isEmpty {
          ids.append(-1)
        } else if let id = vocabularies[field].id(token) {
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
}
