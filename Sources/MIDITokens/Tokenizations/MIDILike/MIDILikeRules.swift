/// MIDI-Like: NoteOn, NoteOff and TimeShift tokens; TSD's vocabulary and time tokens, with
/// NoteOn and NoteOff for Pitch and Duration.
struct MIDILikeRules: TimeTokenRules {
  var usesNoteOnOff: Bool { true }

  func vocabularies(of tokenizer: Tokenizer) -> [Vocabulary] { TSDRules().vocabularies(of: tokenizer) }

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
    try tokenizer.decodeMIDILike(Tokenizer.split(sequences: sequences))
  }
}
