/// Compound Word: several vocabularies, a token is a list of ids (a Family, then Bar or
/// Position, Pitch and the optional fields).
struct CPWordRules: CompoundTokenRules {
  func adjust(_ config: inout TokenizerConfig) {
    config.durationsForAllProgramsOrNone()
    config.useSustainPedals = false
    config.usePitchBends = false
    config.useControlChanges = false
    config.usePitchIntervals = false
    config.useKeySignatures = false
    config.programChanges = false
  }

  func fields(of config: TokenizerConfig) -> [String] {
    let optional = [
      (config.useVelocities, "Velocity"), (config.usingNoteDurationTokens, "Duration"),
      (config.usePrograms, "Program"), (config.useChords, "Chord"), (config.useRests, "Rest"),
      (config.useTempos, "Tempo"), (config.useTimeSignatures, "TimeSig"),
    ]
    return ["Family", "Position", "Pitch"] + optional.filter(\.0).map(\.1)
  }

  func vocabularies(of tokenizer: Tokenizer) -> [Vocabulary] {
    tokenizer.compoundVocabularies(
      fields(of: tokenizer.config).map { field in
        switch field {
        case "Family": ["Family_Metric", "Family_Note"]
        case "Position": ["Ignore_None", "Bar_None"] + tokenizer.positionTokens
        default: ["Ignore_None"] + tokenizer.fieldTokens(field)
        }
      })
  }

  func compoundTokens(
    _ events: [TokenEvent], ticksPerQuarter: Int, by tokenizer: Tokenizer,
    into result: inout Tokenizer.CompoundRows
  ) throws(TokensError) {
    try tokenizer.cpWordTokens(events, ticksPerQuarter: ticksPerQuarter, into: &result)
  }

  func decode(_ sequences: [[String]], by tokenizer: Tokenizer) throws(TokensError) -> Score {
    try tokenizer.decodeCPWord(tokenizer.compoundTokens(sequences))
  }
}
