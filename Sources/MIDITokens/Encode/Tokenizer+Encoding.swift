/// The tokens of one song: its sequences of ids (one per track, or one for all tracks), each
/// with the tick of every token, as MidiTok's `encode` makes them.
public struct TokenSequences: Hashable, Sendable {
  /// One sequence of ids per track, or one (``isOneStream``). A CPWord or Octuple token is
  /// ``width`` ids in a row.
  public var sequences: [[Int32]]
  /// The tick of each token of each sequence (MidiTok's events' times), by which a trained
  /// model's ids are split per bar or beat.
  public var times: [[Int32]]
  /// Whether all tracks make one sequence (`one_token_stream`).
  public var isOneStream: Bool
  /// Ids per token: 1, or the number of vocabularies of CPWord and Octuple.
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
  public func encode(_ original: Score, keepingTimes: Bool = false) throws(TokensError) -> TokenSequences {
    var score = try preprocess(original)
    if tokenization == .octuple { score = octupleClipped(score) }
    try checkSpan(of: score)
    if tokenization.isMultiVocabulary { return try encodeCompound(score) }
    guard let ids = tokenIDs else { throw TokensError(.notInVocabulary(token: "(several vocabularies)")) }
    var output = TokenOutput(ids: ids, keepingTimes: keepingTimes)
    if tokenization == .structured {
      for events in try structuredSequences(of: score) {
        output.beginSequence()
        for event in events { try output.emit(event) }
      }
    } else {
      try encodeSequences(of: score, into: &output)
    }
    let finished = output.finished
    return TokenSequences(
      sequences: finished.sequences, times: finished.times, isOneStream: oneTokenStream, width: 1,
      barTicks: keepingTimes ? Self.barTicks(of: score, beats: false) : [],
      beatTicks: keepingTimes ? Self.barTicks(of: score, beats: true) : [])
  }

  /// `_score_to_tokens` for REMI, TSD and MIDI-Like: each sequence's events, time tokens
  /// included, as ids.
  func encodeSequences(of score: Score, into output: inout TokenOutput) throws(TokensError) {
    let global = globalEvents(of: score)
    var ticksPerBeat: TickSections?
    if !noteOnOff || (config.useSustainPedals && config.sustainPedalDuration) || config.useChords
      || config.usePitchIntervals
    {
      ticksPerBeat =
        config.useTimeSignatures && !score.timeSignatures.isEmpty
        ? TickSections.ticksPerBeat(of: score) : TickSections(sections: [(score.end, timeDivision)])
    }
    if config.oneTokenStreamForPrograms {
      var events = global
      for track in score.tracks { try trackEvents(of: track, ticksPerBeat: ticksPerBeat, into: &events) }
      sortEvents(&events)
      if config.programChanges { insertProgramChanges(&events) }
      output.beginSequence()
      try timeEvents(events, ticksPerQuarter: score.ticksPerQuarter, into: &output)
      return
    }
    guard !score.tracks.isEmpty else {
      var events = global
      if events.count > 2 { sortEvents(&events) }
      output.beginSequence()
      try timeEvents(events, ticksPerQuarter: score.ticksPerQuarter, into: &output)
      return
    }
    for track in score.tracks {
      var events = global
      try trackEvents(of: track, ticksPerBeat: ticksPerBeat, into: &events)
      sortEvents(&events)
      output.beginSequence()
      if config.programChanges {
        try output.emit(
          TokenEvent(time: 0, kind: .programChange, value: Int32(track.tokenProgram), program: 0))
      }
      try timeEvents(events, ticksPerQuarter: score.ticksPerQuarter, into: &output)
    }
  }

  /// The tokenization's `_add_time_events`.
  func timeEvents(_ events: [TokenEvent], ticksPerQuarter: Int, into output: inout TokenOutput)
    throws(TokensError)
  {
    switch tokenization {
    case .remi: try remiTimeEvents(events, ticksPerQuarter: ticksPerQuarter, into: &output)
    default: try timeShiftEvents(events, ticksPerQuarter: ticksPerQuarter, into: &output)
    }
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

/// Where a tokenization's final events go: each becomes its id (MidiTok's `str(event)` looked
/// up in the vocabulary) at once, with its tick when asked.
struct TokenOutput {
  let ids: TokenIDs
  /// The flat table's storage, so that a lookup retains nothing (``ids`` keeps it alive).
  private let flat: FlatIDTable.Lookup
  let keepingTimes: Bool
  private(set) var sequences: [[Int32]] = []
  private(set) var times: [[Int32]] = []
  private var current: [Int32] = []
  private var currentTimes: [Int32] = []

  init(ids: TokenIDs, keepingTimes: Bool) {
    self.ids = ids
    flat = ids.flatTable.lookup
    self.keepingTimes = keepingTimes
  }

  /// Starts the next sequence.
  mutating func beginSequence() {
    finishSequence()
    current = []
    currentTimes = []
    sequences.append([])
    if keepingTimes { times.append([]) }
  }

  /// Appends an event's id.
  @inline(__always)
  mutating func emit(_ event: TokenEvent) throws(TokensError) {
    var id = flat.id(kind: event.kind, value: event.value, ticksPerBeat: Int(event.noteEnd))
    if id < 0 { id = try ids.slowID(of: event, ticksPerBeat: Int(event.noteEnd)) }
    current.append(id)
    if keepingTimes { currentTimes.append(event.time) }
  }

  /// Moves the sequence being written into ``sequences``.
  private mutating func finishSequence() {
    guard !sequences.isEmpty else { return }
    sequences[sequences.count - 1] = current
    if keepingTimes { times[times.count - 1] = currentTimes }
  }

  /// The sequences, the last one finished.
  var finished: (sequences: [[Int32]], times: [[Int32]]) {
    var copy = self
    copy.finishSequence()
    return (copy.sequences, copy.times)
  }
}
