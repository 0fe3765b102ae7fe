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
    let config = tokenizer.config
    let tokens = tokenizer.compoundTokenLists
    var lists = [
      ["Family_Metric", "Family_Note"], ["Ignore_None", "Bar_None"] + tokens.positions,
      ["Ignore_None"] + tokens.pitches,
    ]
    if config.useVelocities { lists.append(["Ignore_None"] + tokens.velocities) }
    if config.usingNoteDurationTokens { lists.append(["Ignore_None"] + tokens.durations) }
    if config.usePrograms { lists.append(["Ignore_None"] + tokens.programs) }
    if config.useChords { lists.append(["Ignore_None"] + tokenizer.chordTokens) }
    if config.useRests { lists.append(["Ignore_None"] + tokenizer.rests.map { "Rest_\($0)" }) }
    if config.useTempos { lists.append(["Ignore_None"] + tokens.tempos) }
    if config.useTimeSignatures { lists.append(["Ignore_None"] + tokens.timeSignatures) }
    return tokenizer.compoundVocabularies(lists)
  }

  func encode(_ score: Score, by tokenizer: Tokenizer, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  {
    try tokenizer.encodeCompound(score, rules: self, to: receiver)
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
