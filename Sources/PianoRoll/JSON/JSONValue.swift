/// A parsed JSON value. Objects keep their members in document order.
enum JSONValue {
  case null
  case bool(Bool)
  /// A number written without fraction or exponent that fits an `Int`.
  case integer(Int)
  /// Any other number.
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// What the value is, for error messages: `a string "x"`, `the number 2.5`, `an array`.
  var summary: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return "the number \(value)"
    case .double(let value): return "the number \(value)"
    case .string(let value):
      let short = value.count > 40 ? String(value.prefix(40)) + "…" : value
      return "a string \"\(short)\""
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// A name and its value in a JSON object.
struct JSONMember {
  var name: String
  var value: JSONValue
}

/// A JSON object: its members in document order.
struct JSONObject {
  /// The members; a name may repeat (the first one counts).
  var members: [JSONMember]

  /// The value of the first member with this name.
  subscript(name: String) -> JSONValue? {
    for member in members where member.name == name { return member.value }
    return nil
  }
}
