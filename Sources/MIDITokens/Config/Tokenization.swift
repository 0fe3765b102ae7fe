/// The tokenizations midiroll reproduces exactly: MidiTok's class names.
public enum Tokenization: String, Hashable, Sendable, CaseIterable {
  /// REMI (REMI+ with programs in one stream and time signatures): Bar and Position tokens.
  case remi = "REMI"
  /// Time Shift Duration.
  case tsd = "TSD"
  /// MIDI-Like: NoteOn, NoteOff and TimeShift.
  case midiLike = "MIDILike"
  /// Structured: Pitch, Velocity, Duration, TimeShift for every note.
  case structured = "Structured"
  /// Compound Word: several vocabularies, a token is a list of ids.
  case cpWord = "CPWord"
  /// Octuple: several vocabularies, one compound token per note.
  case octuple = "Octuple"
  /// PerTok: TimeShift (or Position) and MicroTiming tokens at the song's own resolution.
  case perTok = "PerTok"
  /// MMM (Multitrack Music Machine): each track tokenized by a base tokenization (REMI, TSD or
  /// MIDI-Like) between `Track_Start` and `Track_End`, the tracks one after another.
  case mmm = "MMM"
  /// MuMIDI: every track in one sequence of compound tokens (bar and position encodings),
  /// several vocabularies, drums with pitches of their own.
  case muMIDI = "MuMIDI"

  /// MidiTok's tokenizations midiroll refuses, with the reason.
  static let refused: [String: String] = [
    "BEAT": "BEAT is not reproduced by midiroll"
  ]
}
