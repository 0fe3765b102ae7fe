import JSON

/// MuMIDI: several vocabularies (the token; its bar and position encodings; the tempo, velocity
/// and duration when used), every track in one sequence, Bar, Position and Program tokens of
/// three or four ids among notes of up to six. A token shorter than the vocabularies holds −1 in
/// the ids midiroll keeps (``hasShortTokens``); MidiTok's lists are written without them.
struct MuMIDIRules: TokenizationRules {
  var isMultiVocabulary: Bool { true }
  var hasShortTokens: Bool { true }

  func adjust(_ config: inout TokenizerConfig) {
    config.useRests = false
    config.useTimeSignatures = false
    config.useSustainPedals = false
    config.usePitchBends = false
    config.useControlChanges = false
    config.usePrograms = true
    config.usePitchIntervals = true
    config.oneTokenStreamForPrograms = true
    config.programChanges = false
    config.useKeySignatures = false
    config.durationsForAllProgramsOrNone()
    if !config.hasMaxBarEmbedding { config.maxBarEmbedding = 60 }
  }

  func check(_ tokenizer: Tokenizer) throws(TokensError) {
    // MidiTok cannot make a MuMIDI without a number of bars (`range(None)`); below 1 it clips
    // each song from its last bars backwards and fails on every note, which midiroll refuses
    // at once.
    let bars = tokenizer.config.maxBarEmbedding
    guard (bars ?? 0) < 1 else { return }
    throw TokensError(
      .unsupported(
        path: JSONPathShorthand.config.appending("additional_params").appending("max_bar_embedding"),
        value: bars.map { "\($0)" } ?? "null", reason: "MuMIDI needs a number of bars of at least 1"))
  }

  func vocabularies(of tokenizer: Tokenizer) -> [Vocabulary] {
    tokenizer.compoundVocabularies(tokenizer.muMIDIFieldTokens)
  }

  func prepared(_ score: Score, by tokenizer: Tokenizer) -> Score { tokenizer.octupleClipped(score) }

  func encode(_ score: Score, by tokenizer: Tokenizer, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  {
    try tokenizer.encodeMuMIDI(score, to: receiver)
  }

  func decode(_ sequences: [[String]], by tokenizer: Tokenizer) throws(TokensError) -> Score {
    try tokenizer.decodeMuMIDI(sequences.first ?? [])
  }
}

extension Tokenizer {
  /// MuMIDI's `_create_base_vocabulary`, one list per vocabulary: the tokens (pitches, drum
  /// pitches of `drums_pitch_range` whatever `use_pitchdrum_tokens` says, `Bar_None`, positions,
  /// programs, chords), the bar encodings, the position encodings (`PositionPosEnc_None`
  /// first), then the tempos, velocities and durations used.
  var muMIDIFieldTokens: [[String]] {
    var main = config.pitchRange.map { "Pitch_\($0)" }
    main += config.drumsPitchRange.map { "PitchDrum_\($0)" }
    main.append("Bar_None")
    main += positionTokens
    main += fieldTokens("Program")
    if config.useChords { main += chordTokens }
    let bars = (0..<max(config.maxBarEmbedding ?? 0, 0)).map { "BarPosEnc_\($0)" }
    let positions = ["PositionPosEnc_None"] + positionTokens.indices.map { "PositionPosEnc_\($0)" }
    var lists = [main, bars, positions]
    if config.useTempos { lists.append(fieldTokens("Tempo")) }
    if config.useVelocities { lists.append(fieldTokens("Velocity")) }
    if config.usingNoteDurationTokens { lists.append(fieldTokens("Duration")) }
    return lists
  }
}
