/// Time Shift Duration: Pitch, Velocity and Duration tokens, TimeShift tokens between onsets.
struct TSDRules: TimeShiftRules {
  func decode(_ sequences: [[String]], by tokenizer: Tokenizer) throws(TokensError) -> Score {
    try tokenizer.decodeTSD(Tokenizer.split(sequences: sequences))
  }
}
