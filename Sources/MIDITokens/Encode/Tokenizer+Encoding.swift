/// The tokens of one song: its sequences of ids (one per track, or one for all tracks), each
/// with the tick of every token, as MidiTok's `encode` makes them.
public struct TokenSequences: Hashable, Sendable {
  /// One sequence of ids per track, or one (``isOneStream``). A CPWord, Octuple or MuMIDI token
  /// is ``width`` ids in a row (−1 where a MuMIDI token has fewer ids than vocabularies).
  public var sequences: [[Int32]]
  /// The tick of each token of each sequence (MidiTok's events' times), by which a trained
  /// model's ids are split per bar or beat.
  public var times: [[Int32]]
  /// Whether all tracks make one sequence (`one_token_stream`).
  public var isOneStream: Bool
  /// Ids per token: 1, or the number of vocabularies of CPWord, Octuple and MuMIDI.
  public var width: Int
  /// The ticks of the bars and beats the tokens are split at for a trained model
  /// (`get_bars_ticks` / `get_beats_ticks` with `only_notes_onsets`).
  public var barTicks: [Int]
  /// The ticks of the beats (see ``barTicks``).
  public var beatTicks: [Int]
  /// Whether ``sequences`` hold a trained model's ids (MidiTok's `are_ids_encoded`), not base
  /// ids.
  public var idsAreEncoded = false

  /// The number of tokens of all sequences.
  public var tokenCount: Int { sequences.reduce(0) { $0 + $1.count } / max(width, 1) }
}

extension Tokenizer {
  /// Tokenizes a song into base ids as MidiTok 3.1's `encode(score, encode_ids=False)` does:
  /// preprocessing, then the tokenization's events and time tokens, then ids.
  /// ``tokenize(_:)`` is `tokenizer(score)`, with a trained model's ids.
  /// - Parameter keepingTimes: Keep each token's tick (``TokenSequences/times``), which a
  ///   trained model's split needs.
  /// - Throws: ``TokensError`` where MidiTok itself fails on the song, or where it spans more
  ///   beats than midiroll tokenizes (``maximumBeats``, ``maximumBeatsAcrossSequences``).
  public func encode(_ original: consuming Score, keepingTimes: Bool = false) throws(TokensError)
    -> TokenSequences
  {
    let collected = CollectedTokenSequences(keepingTimes: keepingTimes)
    let score = try encode(consume original, to: collected)
    return TokenSequences(
      sequences: collected.sequences, times: collected.times, isOneStream: oneTokenStream,
      width: collected.width,
      barTicks: keepingTimes ? Self.barTicks(of: score, beats: false) : [],
      beatTicks: keepingTimes ? Self.barTicks(of: score, beats: true) : [])
  }

  /// Tokenizes a song into base ids, handing each sequence to `receiver` as it is made.
  /// Returns the song as tokenized (preprocessed).
  func encode(_ original: consuming Score, to receiver: some TokenSequenceReceiver) throws(TokensError)
    -> Score
  {
    var score = try preprocess(consume original)
    score = rules.prepared(score, by: self)
    try checkSpan(of: score)
    try rules.encode(score, by: self, to: receiver)
    return score
  }

  /// The `_score_to_tokens` of a tokenization of one vocabulary: `body` writes each sequence's
  /// ids to the output, which hands them to `receiver`.
  func encodeOneVocabulary(
    _ score: Score, to receiver: any TokenSequenceReceiver,
    _ body: (inout TokenOutput) throws(TokensError) -> Void
  ) throws(TokensError) {
    guard let ids = tokenIDs else { throw TokensError(.notInVocabulary(token: "(several vocabularies)")) }
    try receiver.begin(score: score, width: 1)
    var output = TokenOutput(ids: ids, receiver: receiver)
    try body(&output)
    try output.finish()
  }

  /// The `_score_to_tokens` of REMI, TSD and MIDI-Like (``TimeTokenRules``): each sequence's
  /// events, the tokenization's time tokens among them, as ids.
  func encodeEvents(of score: Score, rules: some TimeTokenRules, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  {
    try encodeOneVocabulary(score, to: receiver) { (output: inout TokenOutput) throws(TokensError) in
      try encodeSequences(of: score, rules: rules, into: &output)
    }
  }

  /// `_score_to_tokens` for REMI, TSD and MIDI-Like: each sequence's events, time tokens
  /// included, as ids.
  func encodeSequences(of score: Score, rules: some TimeTokenRules, into output: inout TokenOutput)
    throws(TokensError)
  {
    let global = globalEvents(of: score)
    let ticksPerBeat = ticksPerBeatSections(of: score)
    if config.oneTokenStreamForPrograms {
      var events = global
      for track in score.tracks { try trackEvents(of: track, ticksPerBeat: ticksPerBeat, into: &events) }
      sortEvents(&events)
      if config.programChanges { insertProgramChanges(&events) }
      try output.beginSequence()
      try timeEvents(
        events, global: global, ticksPerQuarter: score.ticksPerQuarter, rules: rules, into: &output)
      return
    }
    guard !score.tracks.isEmpty else {
      var events = global
      if events.count > 2 { sortEvents(&events) }
      try output.beginSequence()
      try timeEvents(
        events, global: global, ticksPerQuarter: score.ticksPerQuarter, rules: rules, into: &output)
      return
    }
    for track in score.tracks {
      try output.beginSequence()
      if config.programChanges { try output.emit(programOf: track) }
      try encodeTrack(
        track, global: global, ticksPerBeat: ticksPerBeat, ticksPerQuarter: score.ticksPerQuarter,
        rules: rules,
        into: &output)
    }
  }

  /// The ticks per beat of the song's sections, where the events need them (`ticks_per_beat`
  /// of `_score_to_tokens`): by its time signatures, else the tokenizer's time division.
  func ticksPerBeatSections(of score: Score) -> TickSections? {
    guard
      !noteOnOff || (config.useSustainPedals && config.sustainPedalDuration) || config.useChords
        || config.usePitchIntervals
    else { return nil }
    return config.useTimeSignatures && !score.timeSignatures.isEmpty
      ? TickSections.ticksPerBeat(of: score) : TickSections(sections: [(score.end, timeDivision)])
  }

  /// One track's events after the song's global events, sorted, with the tokenization's time
  /// tokens among them (`_create_track_events`, `_sort_events`, `_add_time_events`), as ids.
  func encodeTrack(
    _ track: ScoreTrack, global: [TokenEvent], ticksPerBeat: TickSections?, ticksPerQuarter: Int,
    rules: some TimeTokenRules, into output: inout TokenOutput
  ) throws(TokensError) {
    var events = global
    if TrackEventStream.applies(to: track, tokenizer: self) {
      try trackEventsButNotes(of: track, ticksPerBeat: ticksPerBeat, into: &events)
      sortEvents(&events)
      var notes = NoteTokens(tokenizer: self, track: track, ticksPerBeat: ticksPerBeat)
      try rules.timeEvents(
        TrackEventStream(others: events, track: track), notes: &notes, global: global,
        ticksPerQuarter: ticksPerQuarter, by: self, into: &output)
    } else {
      try trackEvents(of: track, ticksPerBeat: ticksPerBeat, into: &events)
      sortEvents(&events)
      try timeEvents(events, global: global, ticksPerQuarter: ticksPerQuarter, rules: rules, into: &output)
    }
  }

  /// The tokenization's `_add_time_events`, over a sequence's events sorted by
  /// ``sortEvents(_:)``; `global` are the song's global events (``globalEvents(of:)``).
  func timeEvents(
    _ events: [TokenEvent], global: [TokenEvent], ticksPerQuarter: Int, rules: some TimeTokenRules,
    into output: inout TokenOutput
  ) throws(TokensError) {
    // The items are events only: the notes' tokens are among them.
    var notes = NoteTokens(tokenizer: self, track: ScoreTrack(program: 0, isDrum: false), ticksPerBeat: nil)
    try rules.timeEvents(
      events.lazy.map(TrackItem.event), notes: &notes, global: global, ticksPerQuarter: ticksPerQuarter,
      by: self, into: &output)
  }

  /// `_sort_events`: a stable sort by tick; MIDI-Like with chords sorts by tick then by
  /// its `_order` (global, note-off, pedal, pitch bend, control change, the rest).
  func sortEvents(_ events: inout [TokenEvent]) {
    if noteOnOff && config.useChords {
      events = events.enumerated().sorted {
        ($0.element.time, Self.midiLikeOrder($0.element), $0.offset) < (
          $1.element.time, Self.midiLikeOrder($1.element), $1.offset
        )
      }.map(\.element)
    } else {
      StableTimeSort.sort(&events)
    }
  }

  /// MIDI-Like's `_order`.
  static func midiLikeOrder(_ event: TokenEvent) -> Int {
    switch event.kind {
    case .tempo, .timeSignature, .keySignature: return 0
    case .noteOff, .drumOff, .programForNoteOff: return 1
    case .pedal, .pedalOff, .pedalDuration: return 2
    case .pitchBend, .programForPitchBend: return 3
    case .controlChange, .programForControlChange: return 4
    default: return 10
    }
  }
}
