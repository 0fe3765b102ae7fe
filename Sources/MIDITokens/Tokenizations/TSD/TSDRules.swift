/// Time Shift Duration: Pitch, Velocity and Duration tokens, TimeShift tokens between onsets.
struct TSDRules: TimeTokenRules {
  func vocabularies(of tokenizer: Tokenizer) -> [Vocabulary] {
    tokenizer.oneVocabulary { vocabulary in
      tokenizer.appendNoteTokens(to: &vocabulary)
      vocabulary.append(contentsOf: tokenizer.durations.map { "TimeShift_\($0)" })
      tokenizer.appendAdditionalTokens(to: &vocabulary)
    }
  }

  func encode(_ score: Score, by tokenizer: Tokenizer, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  {
    try tokenizer.encodeEvents(of: score, rules: self, to: receiver)
  }

  func timeEvents(
    _ items: some Sequence<TrackItem>, notes: inout NoteTokens, global: [TokenEvent], ticksPerQuarter: Int,
    by tokenizer: Tokenizer, into output: inout TokenOutput
  ) throws(TokensError) {
    try tokenizer.timeShiftEvents(items, notes: &notes, ticksPerQuarter: ticksPerQuarter, into: &output)
  }

  func decode(_ sequences: [[String]], by tokenizer: Tokenizer) throws(TokensError) -> Score {
    try tokenizer.decodeTSD(Tokenizer.split(sequences: sequences))
  }
}
