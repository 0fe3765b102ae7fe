import PianoRoll

/// Pitch names as people write them: `C4` is 60, `F#3` and `Gb3` are 54, `C-1` is 0.
public enum PitchName {
  /// Whether a pitch is a black key of a piano (C#, D#, F#, G#, A#).
  public static func isBlackKey(_ pitch: UInt8) -> Bool {
    [1, 3, 6, 8, 10].contains(pitch % 12)
  }

  /// The name of a pitch with sharps: `C4`, `F#3` (see ``Note/name(ofPitch:)``).
  public static func name(of pitch: UInt8) -> String {
    Note.name(ofPitch: Int(pitch))
  }

  /// Reads a pitch written as a number (`60`) or a name (`C4`, `F#3`, `Bb2`, `c-1`), or `nil`
  /// when it is neither or is outside 0–127.
  public static func pitch(parsing text: String) -> UInt8? {
    if let number = Int(text) { return (0...127).contains(number) ? UInt8(number) : nil }
    var characters = Substring(text)
    guard let letter = characters.popFirst()?.uppercased(),
      let natural = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11][letter]
    else { return nil }
    var pitchClass = natural
    while let accidental = characters.first, "#b♯♭".contains(accidental) {
      pitchClass += accidental == "#" || accidental == "♯" ? 1 : -1
      characters.removeFirst()
    }
    guard let octave = Int(characters) else { return nil }
    let pitch = (octave + 1) * 12 + pitchClass
    return (0...127).contains(pitch) ? UInt8(pitch) : nil
  }

  /// Reads a range written `LOW...HIGH` (or `LOW..HIGH`), each end a number or a name:
  /// `36...84`, `C2...C6`, `C-1...G9`; `nil` when it is not one or `LOW > HIGH`. A single pitch
  /// is the range of that pitch alone.
  public static func range(parsing text: String) -> ClosedRange<UInt8>? {
    for separator in ["...", ".."] {
      if let found = text.firstRange(of: separator) {
        guard let low = pitch(parsing: String(text[..<found.lowerBound])),
          let high = pitch(parsing: String(text[found.upperBound...])), low <= high
        else { return nil }
        return low...high
      }
    }
    return pitch(parsing: text).map { $0...$0 }
  }
}
