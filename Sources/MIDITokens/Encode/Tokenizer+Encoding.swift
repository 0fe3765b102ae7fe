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

  /// The number of tokens of all sequences.
  public var tokenCount: Int { sequences.reduce(0) { $0 + $1.count } / max(width, 1) }
}

extension Tokenizer {
  /// Tokenizes a song as MidiTok 3.1's `tokenizer(score)` does: preprocessing, then the
  /// tokenization's events and time tokens, then ids.
  /// - Throws: ``TokensError`` where MidiTok itself fails on the song.
  public func encode(_ original: Score) throws(TokensError) -> TokenSequences {
    let score = try preprocess(original)
    guard let ids = tokenIDs else { throw TokensError(.notInVocabulary(token: "(several vocabularies)")) }
    var sequences: [[Int32]] = []
    var times: [[Int32]] = []
    let eventSequences = tokenization == .structured ? try structuredSequences(of: score) : try eventSequences(of: score)
    for events in eventSequences {
      var sequence: [Int32] = []
      sequence.reserveCapacity(events.count)
      for event in events { sequence.append(try ids.id(of: event, ticksPerBeat: Int(event.noteEnd))) }
      sequences.append(sequence)
      times.append(events.map(\.time))
    }
    return TokenSequences(
      sequences: sequences, times: times, isOneStream: oneTokenStream, width: 1,
      barTicks: Self.barTicks(of: score, beats: false), beatTicks: Self.barTicks(of: score, beats: true))
  }

  /// `_score_to_tokens` for REMI, TSD and MIDI-Like: each sequence's events, time tokens
  /// included.
  func eventSequences(of score: Score) throws(TokensError) -> [[TokenEvent]] {
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
      return [try timeEvents(events, ticksPerQuarter: score.ticksPerQuarter)]
    }
    guard !score.tracks.isEmpty else {
      var events = global
      if events.count > 2 { sortEvents(&events) }
      return [try timeEvents(events, ticksPerQuarter: score.ticksPerQuarter)]
    }
    var sequences: [[TokenEvent]] = []
    for track in score.tracks {
      var events = global
      try trackEvents(of: track, ticksPerBeat: ticksPerBeat, into: &events)
      sortEvents(&events)
      var sequence = try timeEvents(events, ticksPerQuarter: score.ticksPerQuarter)
      if config.programChanges {
        sequence.insert(
          TokenEvent(time: 0, kind: .programChange, value: Int32(track.tokenProgram), program: 0), at: 0)
      }
      sequences.append(sequence)
    }
    return sequences
  }

  /// The tokenization's `_add_time_events`.
  func timeEvents(_ events: [TokenEvent], ticksPerQuarter: Int) throws(TokensError) -> [TokenEvent] {
    switch tokenization {
    case .remi: return try remiTimeEvents(events, ticksPerQuarter: ticksPerQuarter)
    default: return try timeShiftEvents(events, ticksPerQuarter: ticksPerQuarter)
    }
  }

  /// `_sort_events`: a stable sort by tick; MIDI-Like with chords sorts by tick then by
  /// its `_order` (global, note-off, pedal, pitch bend, control change, the rest).
  func sortEvents(_ events: inout [TokenEvent]) {
    if noteOnOff && config.useChords {
      events = events.enumerated().sorted {
        ($0.element.time, Self.midiLikeOrder($0.element), $0.offset) < ($1.element.time, Self.midiLikeOrder($1.element), $1.offset)
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
