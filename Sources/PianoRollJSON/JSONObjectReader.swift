import JSON
import PianoRoll

/// Typed access to the members of a small JSON object read whole (an event, a summary entry),
/// with errors that name the JSON path; or to the slots of an event row, by the names of the
/// same fields in an event object, so that one piece of code reads both.
///
/// An absent member and a member set to `null` are the same: absent.
struct JSONObjectReader {
  let object: JSONObject
  let path: JSONPath
  /// For an event row, the names of its slots after `tick` and `type`; `nil` for an object.
  private let rowFields: [PianoRollJSON.EventField]?

  /// A reader of `value`, which must be an object.
  init(_ value: JSONValue, at path: JSONPath, expected: String = "an object") throws(PianoRollJSONError) {
    guard case .object(let object) = value else {
      throw PianoRollJSONError(.wrongType(expected: expected, found: value.summary), path: path)
    }
    self.object = object
    self.path = path
    rowFields = nil
  }

  /// A reader of an event row `[tick, "type", fields…]` (see ``PianoRollJSON/eventRows``): its
  /// slots under the names `tick`, `type` and those of its type's fields.
  /// - Throws: when the type is not a string or not known, or the row's length is not its type's.
  init(eventRow row: [JSONValue], at path: JSONPath) throws(PianoRollJSONError) {
    let shape = "an event row [tick, \"type\", fields…]"
    guard row.count >= 2 else {
      throw PianoRollJSONError(
        .wrongType(expected: shape, found: "an array of \(row.count) item\(row.count == 1 ? "" : "s")"),
        path: path)
    }
    guard case .string(let type) = row[1] else {
      throw PianoRollJSONError(
        .wrongType(expected: "the event type, e.g. \"controlChange\"", found: row[1].summary),
        path: path.appending(1))
    }
    guard let layout = PianoRollJSON.eventRowsByType[type] else {
      throw PianoRollJSONError(
        .invalidValue(
          value: "\"\(type.prefix(40))\"",
          expected: "an event type: " + PianoRollJSON.eventRows.map(\.type).joined(separator: ", ")),
        path: path.appending(1))
    }
    guard row.count == 2 + layout.fields.count else {
      let names = (["tick", "\"\(type)\""] + layout.fields.map(\.rawValue)).joined(separator: ", ")
      throw PianoRollJSONError(
        .wrongType(
          expected: "a \(type) row of \(2 + layout.fields.count) items: [\(names)]",
          found: "an array of \(row.count) items"),
        path: path)
    }
    var members = [JSONMember(name: "tick", value: row[0]), JSONMember(name: "type", value: row[1])]
    for (index, field) in layout.fields.enumerated() {
      members.append(JSONMember(name: field.rawValue, value: row[2 + index]))
    }
    object = JSONObject(members: members)
    self.path = path
    rowFields = layout.fields
  }

  /// The path of a member: `….name` in an object, `…[slot]` in a row.
  func path(of name: String) -> JSONPath {
    guard let slot = rowSlot(name) else { return path.appending(name) }
    return path.appending(slot)
  }

  /// The slot of a name in a row (`nil` in an object, or for a name the row has not).
  private func rowSlot(_ name: String) -> Int? {
    guard let rowFields else { return nil }
    if name == "tick" { return 0 }
    if name == "type" { return 1 }
    return rowFields.firstIndex { $0.rawValue == name }.map { $0 + 2 }
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

  /// The error for a required member that is absent (in a row: a required slot that is `null`).
  func missing(_ name: String, _ expected: String) -> PianoRollJSONError {
    if let slot = rowSlot(name) {
      return PianoRollJSONError(
        .wrongType(expected: "\(name): \(expected)", found: "null"), path: path.appending(slot))
    }
    return PianoRollJSONError(.missingName(name, expected: expected), path: path)
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
        .outOfRange(value: number.text, expected: expected), path: path(of: name))
    case .number(let number):
      throw PianoRollJSONError(
        .wrongType(expected: expected, found: "the number \(number.text), which is not a whole number"),
        path: path(of: name))
    default:
      throw PianoRollJSONError(
        .wrongType(expected: expected, found: value.summary), path: path(of: name))
    }
    guard range.contains(number) else {
      throw PianoRollJSONError(
        .outOfRange(value: "\(number)", expected: expected), path: path(of: name))
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
        .wrongType(expected: "a number", found: value.summary), path: path(of: name))
    }
  }

  /// A string member, or `nil` when absent.
  func string(_ name: String) throws(PianoRollJSONError) -> String? {
    guard let value = present(name) else { return nil }
    guard case .string(let text) = value else {
      throw PianoRollJSONError(
        .wrongType(expected: "a string", found: value.summary), path: path(of: name))
    }
    return text
  }

  /// A Boolean member, or `nil` when absent.
  func bool(_ name: String) throws(PianoRollJSONError) -> Bool? {
    guard let value = present(name) else { return nil }
    guard case .bool(let flag) = value else {
      throw PianoRollJSONError(
        .wrongType(expected: "true or false", found: value.summary), path: path(of: name))
    }
    return flag
  }

  /// An array member, or `nil` when absent.
  func array(_ name: String) throws(PianoRollJSONError) -> [JSONValue]? {
    guard let value = present(name) else { return nil }
    guard case .array(let elements) = value else {
      throw PianoRollJSONError(
        .wrongType(expected: "an array", found: value.summary), path: path(of: name))
    }
    return elements
  }

  /// An object member, or `nil` when absent.
  func object(_ name: String) throws(PianoRollJSONError) -> JSONObjectReader? {
    guard let value = present(name) else { return nil }
    return try JSONObjectReader(value, at: path(of: name))
  }

  /// A hex member (`"F0 7E 7F"`), or `nil` when absent.
  func hex(_ name: String) throws(PianoRollJSONError) -> [UInt8]? {
    guard let text = try string(name) else { return nil }
    guard let bytes = Hex.bytes(text) else {
      throw PianoRollJSONError(
        .invalidValue(value: "\"\(text.prefix(40))\"", expected: "hexadecimal bytes such as \"F0 7E 7F\""),
        path: path(of: name))
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
