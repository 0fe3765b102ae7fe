import PianoRoll

/// Pitches as a piano keyboard shows them: names and black keys.
///
/// Reading names (`C4`, `F#3`) is ``Note/pitch(named:)``'s job in PianoRoll.
public enum PitchName {
  /// Whether a pitch is a black key of a piano (C#, D#, F#, G#, A#).
  public static func isBlackKey(_ pitch: UInt8) -> Bool {
    [1, 3, 6, 8, 10].contains(pitch % 12)
  }

  /// The name of a pitch with sharps: `C4`, `F#3` (see ``Note/name(ofPitch:)``).
  public static func name(of pitch: UInt8) -> String {
    Note.name(ofPitch: Int(pitch))
  }
}
