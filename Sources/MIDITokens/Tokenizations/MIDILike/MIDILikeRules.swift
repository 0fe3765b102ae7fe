/// MIDI-Like: NoteOn, NoteOff and TimeShift tokens (TSD's vocabulary and time tokens, with
/// NoteOn and NoteOff for Pitch and Duration).
struct MIDILikeRules: TimeShiftRules {
  var usesNoteOnOff: Bool { true }

  func decode(_ sequences: [[String]], by tokenizer: Tokenizer) throws(TokensError) -> Score {
    try tokenizer.decodeMIDILike(Tokenizer.split(sequences: sequences))
  }
}
