import JSON

/// Typed access to the members of a small JSON object read whole (an event, a summary entry),
/// with errors that name the JSON path.
///
/// An absent member and a member set to `null` are the same: absent.
struct JSONObjectReader {
  let object: JSONObject
  let path: JSONPath

  /// A reader of `value`, which must be an object.
  init(_ value: JSONValue, at path: JSONPath, expected: String = "an object") throws(PianoRollJSONError) {
    guard case .object(let object) = value else {
      throw PianoRollJSONError(.wrongType(expected: expected, found: value.summary), path: path)
    }
    self.object = object
    self.path = path
  }

  /// Whether the member is present and not `null`.
  func has(_ name: String) -> Bool {
    if let value = object[name], case .null = value { return false }
    return object[name] != nil
  }

  private func present(_ name: String) -> JSONValue? {
    guard let value = object[name] else { return nil }
    if case .null = value { return nil }
    return value
  }

  func missing(_ name: String, _ expected: String) -> PianoRollJSONError {
    PianoRollJSONError(.missingName(name, expected: expected), path: path)
  }

  /// An integer member within `range`, or `nil` when absent. Numbers that are exactly whole
  /// (`60.0`, `6e1`) count as integers; `1.5` and `1e-400` do not.
  func int(_ name: String, _ range: ClosedRange<Int>) throws(PianoRollJSONError) -> Int? {
    guard let value = present(name) else { return nil }
    var expected: String { "an integer \(Self.describe(range))" }
    let number: Int
    switch value {
    case .integer(let integer):
      number = integer
    case .number(let number) where number.isWhole:
      throw PianoRollJSONError(
        .outOfRange(value: number.text, expected: expected), path: path.appending(name))
    case .number(let number):
      throw PianoRollJSONError(
        .wrongType(expected: expected, found: "the number \(number.text), which is not a whole number"),
        path: path.appending(name))
    default:
      throw PianoRollJSONError(
        .wrongType(expected: expected, found: value.summary), path: path.appending(name))
    }
    guard range.contains(number) else {
      throw PianoRollJSONError(
        .outOfRange(value: "\(number)", expected: expected), path: path.appending(name))
    }
    return number
  }

  /// A required integer member within `range`.
  func requiredInt(_ name: String, _ range: ClosedRange<Int>) throws(PianoRollJSONError) -> Int {
    guard let number = try int(name, range) else { throw missing(name, "an integer \(Self.describe(range))") }
    return number
  }

  /// A number member, or `nil` when absent.
  func double(_ name: String) throws(PianoRollJSONError) -> Double? {
    guard let value = present(name) else { return nil }
    switch value {
    case .integer(let integer): return Double(integer)
    case .number(let number): return number.double()
    default:
      throw PianoRollJSONError(
        .wrongType(expected: "a number", found: value.summary), path: path.appending(name))
    }
  }

  /// A string member, or `nil` when absent.
  func string(_ name: String) throws(PianoRollJSONError) -> String? {
    guard let value = present(name) else { return nil }
    guard case .string(let text) = value else {
      throw PianoRollJSONError(
        .wrongType(expected: "a string", found: value.summary), path: path.appending(name))
    }
    return text
  }

  /// A Boolean member, or `nil` when absent.
  func bool(_ name: String) throws(PianoRollJSONError) -> Bool? {
    guard let value = present(name) else { return nil }
    guard case .bool(let flag) = value else {
      throw PianoRollJSONError(
        .wrongType(expected: "true or false", found: value.summary), path: path.appending(name))
    }
    return flag
  }

  /// An array member, or `nil` when absent.
  func array(_ name: String) throws(PianoRollJSONError) -> [JSONValue]? {
    guard let value = present(name) else { return nil }
    guard case .array(let elements) = value else {
      throw PianoRollJSONError(
        .wrongType(expected: "an array", found: value.summary), path: path.appending(name))
    }
    return elements
  }

  /// An object member, or `nil` when absent.
  func object(_ name: String) throws(PianoRollJSONError) -> JSONObjectReader? {
    guard let value = present(name) else { return nil }
    return try JSONObjectReader(value, at: path.appending(name))
  }

  /// A hex member (`"F0 7E 7F"`), or `nil` when absent.
  func hex(_ name: String) throws(PianoRollJSONError) -> [UInt8]? {
    guard let text = try string(name) else { return nil }
    guard let bytes = Hex.bytes(text) else {
      throw PianoRollJSONError(
        .invalidValue(value: "\"\(text.prefix(40))\"", expected: "hexadecimal bytes such as \"F0 7E 7F\""),
        path: path.appending(name))
    }
    return bytes
  }

  /// A position member `{"bar", "beat", "subbeat", "cent"}` (parts absent count as 0), or `nil`.
  func position(_ name: String) throws(PianoRollJSONError) -> Position? {
    guard let reader = try object(name) else { return nil }
    let large = -1_000_000_000...1_000_000_000
    return Position(
      bar: try reader.int("bar", large) ?? 0, beat: try reader.int("beat", large) ?? 0,
      subbeat: try reader.int("subbeat", large) ?? 0, cent: try reader.int("cent", large) ?? 0)
  }

  static func describe(_ range: ClosedRange<Int>) -> String {
    if range.upperBound == Int.max { return "≥ \(range.lowerBound)" }
    return "\(range.lowerBound)…\(range.upperBound)"
  }
}
