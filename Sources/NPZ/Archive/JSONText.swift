/// A JSON value for the small `info.json` member, written as Python's `json.dumps` writes it
/// (`", "` and `": "` separators, non-ASCII as `\u` escapes), so the file is byte for byte
/// what pypianoroll's `save` would write.
public indirect enum JSONText: Hashable, Sendable {
  /// A string.
  case string(String)
  /// An integer.
  case int(Int)
  /// A number.
  case double(Double)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null
  /// An array.
  case array([JSONText])
  /// An object, its members in order.
  case object([(String, JSONText)])

  /// The value as JSON text.
  public var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .string(let value): Self.writeString(value, to: &output)
    case .int(let value): output += String(value)
    case .double(let value):
      if value.isFinite {
        output += value == value.rounded() && abs(value) < 1e16 ? String(format1: value) : "\(value)"
      } else {
        output += "null"
      }
    case .bool(let value): output += value ? "true" : "false"
    case .null: output += "null"
    case .array(let items):
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += ", " }
        item.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (name, value)) in members.enumerated() {
        if index > 0 { output += ", " }
        Self.writeString(name, to: &output)
        output += ": "
        value.write(to: &output)
      }
      output += "}"
    }
  }

  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for unit in value.utf16 {
      switch unit {
      case 0x22: output += "\\\""
      case 0x5C: output += "\\\\"
      case 0x0A: output += "\\n"
      case 0x0D: output += "\\r"
      case 0x09: output += "\\t"
      case 0x08: output += "\\b"
      case 0x0C: output += "\\f"
      case 0x20..<0x7F: output.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      default:
        let hex = String(unit, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    output += "\""
  }

  /// Whether two values are written as the same text.
  public static func == (a: JSONText, b: JSONText) -> Bool { a.text == b.text }
  /// Hashes the value's text.
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

extension String {
  /// A whole double as Python prints it: `120.0`.
  fileprivate init(format1 value: Double) {
    self = String(Int64(value)) + ".0"
  }
}
