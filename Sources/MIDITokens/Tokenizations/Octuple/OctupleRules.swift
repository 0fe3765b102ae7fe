import JSON

/// Octuple: several vocabularies, one compound token per note (Pitch, Position, Bar and the
/// optional fields).
struct OctupleRules: CompoundTokenRules {
  func adjust(_ config: inout TokenizerConfig) {
    config.useChords = false
    config.useRests = false
    config.useSustainPedals = false
    config.usePitchBends = false
    config.useControlChanges = false
    config.usePitchIntervals = false
    config.useKeySignatures = false
    config.deleteEqualSuccessiveTempoChanges = true
    config.programChanges = false
    config.durationsForAllProgramsOrNone()
    if !config.hasMaxBarEmbedding { config.maxBarEmbedding = 60 }
  }

  func check(_ tokenizer: Tokenizer) throws(TokensError) {
    // MidiTok cannot make an Octuple without a number of bars, and indexes its list of bar
    // ticks from the end with one below 0.
    let bars = tokenizer.config.maxBarEmbedding
    guard (bars ?? 0) < 1 else { return }
    throw TokensError(
      .unsupported(
        path: JSONPathShorthand.config.appending("additional_params").appending("max_bar_embedding"),
        value: bars.map { "\($0)" } ?? "null", reason: "Octuple needs a number of bars of at least 1"))
  }

  func fields(of config: TokenizerConfig) -> [String] {
    let optional = [
      (config.useVelocities, "Velocity"), (config.usingNoteDurationTokens, "Duration"),
      (config.usePrograms, "Program"), (config.useTempos, "Tempo"), (config.useTimeSignatures, "TimeSig"),
    ]
    return ["Pitch", "Position", "Bar"] + optional.filter(\.0).map(\.1)
  }

  func vocabularies(of tokenizer: Tokenizer) -> [Vocabulary] {
    let bars = (0..<max(tokenizer.config.maxBarEmbedding ?? 0, 0)).map { "Bar_\($0)" }
    return tokenizer.compoundVocabularies(
      fields(of: tokenizer.config).map { $0 == "Bar" ? bars : tokenizer.fieldTokens($0) })
  }

  func prepared(_ score: Score, by tokenizer: Tokenizer) -> Score { tokenizer.octupleClipped(score) }

  func compoundTokens(
    _ events: [TokenEvent], ticksPerQuarter: Int, by tokenizer: Tokenizer,
    into result: inout Tokenizer.CompoundRows
  ) throws(TokensError) {
    try tokenizer.octupleTokens(events, ticksPerQuarter: ticksPerQuarter, into: &result)
  }

  func decode(_ sequences: [[String]], by tokenizer: Tokenizer) throws(TokensError) -> Score {
    try tokenizer.decodeOctuple(tokenizer.compoundTokens(sequences))
  }
}
