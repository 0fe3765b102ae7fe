/// Structured: TimeShift, Pitch, Velocity and Duration for every note, and nothing else.
struct StructuredRules: TokenizationRules {
  func adjust(_ config: inout TokenizerConfig) {
    config.useChords = false
    config.useRests = false
    config.useTempos = false
    config.useTimeSignatures = false
    config.useSustainPedals = false
    config.usePitchBends = false
    config.useControlChanges = false
    config.usePitchIntervals = false
    config.programChanges = false
    config.useKeySignatures = false
  }

  func vocabularies(of tokenizer: Tokenizer) -> [Vocabulary] {
    tokenizer.oneVocabulary { vocabulary in
      tokenizer.appendNoteTokens(to: &vocabulary)
      vocabulary.append("TimeShift_0.0.1")
      vocabulary.append(contentsOf: tokenizer.durations.map { "TimeShift_\($0)" })
      tokenizer.appendAdditionalTokens(to: &vocabulary)
    }
  }

  func encode(_ score: Score, by tokenizer: Tokenizer, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  {
    try tokenizer.encodeOneVocabulary(score, to: receiver) {
      (output: inout TokenOutput) throws(TokensError) in
      for events in try tokenizer.structuredSequences(of: score) {
        try output.beginSequence()
        for event in events { try output.emit(event) }
      }
    }
  }

  func decode(_ sequences: [[String]], by tokenizer: Tokenizer) throws(TokensError) -> Score {
    try tokenizer.decodeStructured(Tokenizer.split(sequences: sequences))
  }
}
