/// A JSON value held in memory: what ``JSONReader/readValue()`` returns for one small part of
/// a document (an event, a summary entry). Objects keep their members in document order.
public enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number that is exactly a whole number fitting an `Int` (`60`, `60.0`, `6e1`).
  case integer(Int)
  /// Any other number: with a fraction (`1.5`, `1e-400`) or beyond `Int` (`1e30`).
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object(JSONObject)

  /// What the value is, for error messages: `a string "x"`, `the number 2.5`, `an array`.
  public var summary: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return "the number \(value)"
    case .number(let number): return "the number \(number.text)"
    case .string(let value):
      let short = value.count > 40 ? String(value.prefix(40)) + "…" : value
      return "a string \"\(short)\""
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// A name and its value in a JSON object.
public struct JSONMember: Hashable, Sendable {
  /// The name.
  public var name: String
  /// The value.
  public var value: JSONValue

  /// Creates a member.
  public init(name: String, value: JSONValue) {
    self.name = name
    self.value = value
  }
}

/// A JSON object: its members in document order, each name once (the reader refuses
/// duplicates).
public struct JSONObject: Hashable, Sendable {
  /// The members.
  public var members: [JSONMember]

  /// Creates an object.
  public init(members: [JSONMember]) {
    self.members = members
  }

  /// The value of the member with this name.
  public subscript(name: String) -> JSONValue? {
    for member in members where member.name == name { return member.value }
    return nil
  }
}
