/// Why piano-roll JSON could not be read, and where: the JSON path (and for malformed JSON
/// the byte offset, line and column).
///
/// ``description`` is one line, such as
/// `tracks[2].notes[17].pitch: expected an integer 0…127, found a string`.
public struct PianoRollJSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// The bytes are not JSON: what the reader expected at the offset.
    case syntax(expected: String)
    /// A required name is missing from an object; `expected` says what its value should be.
    case missingName(String, expected: String)
    /// A value has the wrong JSON type.
    case wrongType(expected: String, found: String)
    /// A number outside the range the format allows.
    case outOfRange(value: String, expected: String)
    /// A string that is not one of the words the format allows, or bytes that are not hex.
    case invalidValue(value: String, expected: String)
    /// `"midiroll"` names a version this package does not read.
    case unsupportedVersion(Int)
  }

  /// What went wrong.
  public let kind: Kind
  /// Where in the document: the value (or, for a missing name, the object) at fault.
  public let path: JSONPath
  /// The byte offset in the input, for malformed JSON.
  public let offset: Int?
  /// The 1-based line and column of ``offset``.
  public let line: Int?
  /// The 1-based column (in bytes) of ``offset``.
  public let column: Int?

  /// Creates an error.
  public init(_ kind: Kind, path: JSONPath, offset: Int? = nil, line: Int? = nil, column: Int? = nil) {
    self.kind = kind
    self.path = path
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// One line: the path, the place in the text for malformed JSON, then what was expected.
  public var description: String {
    var text = path.description
    if let line, let column {
      text += " (line \(line), column \(column))"
    }
    return text + ": " + kind.message
  }

  /// One line naming the file too: `song.json: tracks[2].notes[17].pitch: …`.
  public func description(file: String) -> String {
    "\(file): \(description)"
  }
}

extension PianoRollJSONError.Kind {
  /// A short sentence for this kind, without the place.
  public var message: String {
    switch self {
    case .syntax(let expected):
      return "not valid JSON (expected \(expected))"
    case .missingName(let name, let expected):
      return "missing \"\(name)\" (expected \(expected))"
    case .wrongType(let expected, let found):
      return "expected \(expected), found \(found)"
    case .outOfRange(let value, let expected):
      return "\(value) is out of range (expected \(expected))"
    case .invalidValue(let value, let expected):
      return "\(value) is not allowed here (expected \(expected))"
    case .unsupportedVersion(let version):
      return "piano-roll JSON version \(version) is not supported (expected \(PianoRollJSON.version))"
    }
  }
}
