/// Why muspy 0.5 refuses a MIDI file: the exception `muspy.read_midi` raises (its own
/// `MIDIError`, or what mido raises while reading), as Python names it.
public struct MuspyRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  /// The Python exception's type: `MIDIError`, `OSError`, `EOFError`, `ValueError`,
  /// `IndexError`, `KeyError`, `KeySignatureError`, `ZeroDivisionError`.
  public var exception: String
  /// What it says (mido's and muspy's own words where they have some).
  public var message: String
  /// The byte offset in the file where reading stopped, when the reading got that far.
  public var offset: Int?

  /// A refusal with the exception's type and message.
  public init(_ exception: String, _ message: String, offset: Int? = nil) {
    self.exception = exception
    self.message = message
    self.offset = offset
  }

  /// `Type: message`, as Python prints an exception.
  public var description: String { message.isEmpty ? exception : "\(exception): \(message)" }
}
