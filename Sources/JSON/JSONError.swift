/// Why a JSON document could not be read, and where: the JSON path (and for malformed JSON
/// the byte offset, line and column).
///
/// ``description`` is one line, such as
/// `tracks[2].notes[17].pitch: expected an integer 0…127, found a string "C4"`.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// The bytes are not JSON: what the reader expected at the offset.
    case syntax(expected: String)
    /// An object names the same member twice.
    case duplicateName(String)
    /// A required name is missing from an object; `expected` says what its value should be.
    case missingName(String, expected: String)
    /// A value has the wrong JSON type.
    case wrongType(expected: String, found: String)
    /// A number outside the range the format allows.
    case outOfRange(value: String, expected: String)
    /// A string that is not one of the words the format allows, or bytes that are not hex.
    case invalidValue(value: String, expected: String)
    /// Two values of one object say different things (e.g. a note's `tick` and its `position`).
    case conflict(String)
    /// The document names a version of its format this reader does not read.
    case unsupportedVersion(Int, supported: Int)
    /// The input is longer than the reader accepts.
    case tooLarge(limit: Int)
    /// The bytes could not be read (a failed `read(2)`), with the system's reason.
    case readFailed(String)
  }

  /// What went wrong.
  public let kind: Kind
  /// Where in the document: the value (or, for a missing name, the object) at fault.
  public let path: JSONPath
  /// The byte offset in the input, for malformed JSON.
  public let offset: Int?
  /// The 1-based line of ``offset``.
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

extension JSONError.Kind {
  /// A short sentence for this kind, without the place.
  public var message: String {
    switch self {
    case .syntax(let expected):
      return "not valid JSON (expected \(expected))"
    case .duplicateName(let name):
      return "the name \"\(name)\" appears twice in this object (each name may appear once)"
    case .missingName(let name, let expected):
      return "missing \"\(name)\" (expected \(expected))"
    case .wrongType(let expected, let found):
      return "expected \(expected), found \(found)"
    case .outOfRange(let value, let expected):
      return "\(value) is out of range (expected \(expected))"
    case .invalidValue(let value, let expected):
      return "\(value) is not allowed here (expected \(expected))"
    case .conflict(let message):
      return message
    case .unsupportedVersion(let version, let supported):
      return "version \(version) is not supported (expected \(supported))"
    case .tooLarge(let limit):
      return "the input is larger than the limit of \(limit) bytes"
    case .readFailed(let reason):
      return "could not be read: \(reason)"
    }
  }
}
