/// Why a text is not a key set, scale, range or pitch.
public enum KeyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A pitch that is neither a name with octave (`C4`, `F#3`) nor a number 0–127.
  case badPitch(String)
  /// A range that is not `low...high`.
  case badRange(String)
  /// A range whose low end is above its high end.
  case upsideDown(String)
  /// Octaves that are not `low...high` (or one octave) within −1…9.
  case badOctaves(String)
  /// A scale whose root is not a note name (`C`, `F#`, `Bb`).
  case badRoot(String)
  /// A scale whose type is not known (see ``ScaleType/all``).
  case unknownScaleType(String)
  /// A key set without a single pitch (say, a scale over octaves beyond MIDI's 0…127).
  case empty(String)

  /// One line: what was given and what is expected.
  public var description: String {
    switch self {
    case .badPitch(let text):
      "'\(text)' is not a pitch: expected a note name with octave (C4 = 60, F#3, Bb2, C-1) or a number 0-127"
    case .badRange(let text):
      "'\(text)' is not a pitch range: expected low...high, e.g. 36...84 or C2...C6"
    case .upsideDown(let text):
      "the range '\(text)' is upside down: write the lower end first"
    case .badOctaves(let text):
      "'\(text)' is not an octave range: expected low...high between -1 and 9, e.g. 2...6 (C4 = 60 is octave 4)"
    case .badRoot(let text):
      "'\(text)' is not a scale: it must start with a root note (C, F#, Bb, …) and a scale type, e.g. 'D dorian'"
    case .unknownScaleType(let text):
      "'\(text)' is not a known scale type"
    case .empty(let text):
      "'\(text)' leaves no pitch between 0 and 127"
    }
  }
}
