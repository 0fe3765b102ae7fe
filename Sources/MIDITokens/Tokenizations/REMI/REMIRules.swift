/// REMI (REMI+ with programs in one stream and time signatures): Bar and Position tokens.
struct REMIRules: TimeTokenRules {
  func vocabularies(of tokenizer: Tokenizer) -> [Vocabulary] {
    tokenizer.oneVocabulary { vocabulary in
      if let bars = tokenizer.config.maxBarEmbedding {
        vocabulary.append(contentsOf: (0..<max(bars, 0)).map { "Bar_\($0)" })
      } else {
        vocabulary.append("Bar_None")
      }
      if tokenizer.config.useBarEndTokens { vocabulary.append("Bar_End") }
      tokenizer.appendNoteTokens(to: &vocabulary)
      vocabulary.append(contentsOf: tokenizer.positionTokens)
      tokenizer.appendAdditionalTokens(to: &vocabulary)
    }
  }

  func timeEvents(
    _ items: some Sequence<TrackItem>, notes: inout NoteTokens, global: [TokenEvent], ticksPerQuarter: Int,
    by tokenizer: Tokenizer, into output: inout TokenOutput
  ) throws(TokensError) {
    try tokenizer.remiTimeEvents(
      items, notes: &notes, firstTimeSignature: global.first { $0.kind == .timeSignature },
      ticksPerQuarter: ticksPerQuarter, into: &output)
  }

  func decode(_ sequences: [[String]], by tokenizer: Tokenizer) throws(TokensError) -> Score {
    try tokenizer.decodeREMI(Tokenizer.split(sequences: sequences))
  }
}
