/// A strict JSON parser (RFC 8259) over UTF-8 bytes that knows where it is: every error
/// carries the path of the value being read, the byte offset, line and column.
///
/// Nesting deeper than ``maximumDepth`` is refused rather than risking the stack.
struct JSONParser {
  /// The input, valid while the parser runs (see ``parse(_:)``).
  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0
  private var path: [JSONPath.Component] = []
  /// The members of the objects being read, innermost last: each object copies its own out
  /// once at its end, so an object costs one allocation however many members it has.
  private var members: [JSONMember] = []
  /// The deepest nesting of arrays and objects accepted.
  static let maximumDepth = 200

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Parses the whole input as one JSON value (a UTF-8 byte-order mark is skipped).
  static func parse(_ bytes: [UInt8]) throws(PianoRollJSONError) -> JSONValue {
    let result: Result<JSONValue, PianoRollJSONError> = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(bytes: buffer)
      do throws(PianoRollJSONError) {
        return .success(try parser.parseDocument())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private mutating func parseDocument() throws(PianoRollJSONError) -> JSONValue {
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { offset = 3 }
    skipWhitespace()
    guard offset < bytes.count else { throw error("a JSON value; the input is empty") }
    let value = try parseValue()
    skipWhitespace()
    guard offset == bytes.count else { throw error("the end of the input after the top-level value") }
    return value
  }

  // MARK: Values

  private mutating func parseValue() throws(PianoRollJSONError) -> JSONValue {
    guard offset < bytes.count else { throw error("a value") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return .object(try parseObject())
    case UInt8(ascii: "["): return .array(try parseArray())
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("a value (object, array, string, number, true, false or null)")
    }
  }

  private mutating func parseObject() throws(PianoRollJSONError) -> JSONObject {
    guard path.count < Self.maximumDepth else {
      throw error("at most \(Self.maximumDepth) levels of nesting")
    }
    offset += 1
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      offset += 1
      return JSONObject(members: [])
    }
    let first = members.count
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw error("a name in double quotes") }
      let name = try parseString()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw error("':' after the name \"\(name)\"") }
      offset += 1
      skipWhitespace()
      path.append(.name(name))
      let value = try parseValue()
      path.removeLast()
      members.append(JSONMember(name: name, value: value))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        let object = JSONObject(members: Array(members[first...]))
        members.removeSubrange(first...)
        return object
      default:
        path.append(.name(name))
        defer { path.removeLast() }
        throw error("',' or '}' after this value")
      }
    }
  }

  private mutating func parseArray() throws(PianoRollJSONError) -> [JSONValue] {
    guard path.count < Self.maximumDepth else {
      throw error("at most \(Self.maximumDepth) levels of nesting")
    }
    offset += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      offset += 1
      return elements
    }
    while true {
      skipWhitespace()
      path.append(.index(elements.count))
      elements.append(try parseValue())
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        offset += 1
        path.removeLast()
      case UInt8(ascii: "]"):
        offset += 1
        path.removeLast()
        return elements
      default:
        throw error("',' or ']' after this element")
      }
    }
  }

  private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(PianoRollJSONError)
    -> JSONValue
  {
    let length = word.utf8CodeUnitCount
    guard offset + length <= bytes.count,
      (0..<length).allSatisfy({ bytes[offset + $0] == word.utf8Start[$0] })
    else { throw error("a value (object, array, string, number, true, false or null)") }
    offset += length
    return value
  }

  // MARK: Numbers

  private mutating func parseNumber() throws(PianoRollJSONError) -> JSONValue {
    let start = offset
    var isInteger = true
    if peek() == UInt8(ascii: "-") { offset += 1 }
    guard let first = peek(), isDigit(first) else { throw error("a digit in a number") }
    if first == UInt8(ascii: "0") {
      offset += 1
      if let next = peek(), isDigit(next) { throw error("no leading zero in a number") }
    } else {
      skipDigits()
    }
    if peek() == UInt8(ascii: ".") {
      isInteger = false
      offset += 1
      guard let digit = peek(), isDigit(digit) else { throw error("a digit after the decimal point") }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      isInteger = false
      offset += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
      guard let digit = peek(), isDigit(digit) else { throw error("a digit in the exponent") }
      skipDigits()
    }
    if isInteger, let value = integer(from: start, to: offset) { return .integer(value) }
    if let value = simpleDecimal(from: start, to: offset) { return .double(value) }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    guard let value = Double(text) else { throw error("a number", at: start) }
    return .double(value)
  }

  /// The integer written in `bytes[start..<end]`, or `nil` when it does not fit an `Int`.
  private func integer(from start: Int, to end: Int) -> Int? {
    var index = start
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var value = 0
    while index < end {
      let digit = Int(bytes[index] - UInt8(ascii: "0"))
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) =
        negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      if overflow || overflowSum { return nil }
      value = sum
      index += 1
    }
    return value
  }

  /// The value of a decimal without exponent and with at most 15 digits (`0.510416667`),
  /// computed exactly: both `digits` and `10^decimals` are exact doubles, so one division
  /// gives the correctly rounded value, as `Double(text)` would. `nil` for anything else.
  private func simpleDecimal(from start: Int, to end: Int) -> Double? {
    var index = start
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var digits = 0
    var count = 0
    var decimals = 0
    var afterPoint = false
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") {
        afterPoint = true
      } else if isDigit(byte) {
        digits = digits * 10 + Int(byte - UInt8(ascii: "0"))
        count += 1
        if afterPoint { decimals += 1 }
        if count > 15 { return nil }
      } else {
        return nil  // an exponent
      }
      index += 1
    }
    let value = Double(digits) / Self.powersOfTen[decimals]
    return negative ? -value : value
  }

  /// 10^0 … 10^15, all exact doubles.
  private static let powersOfTen: [Double] = (0...15).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private mutating func skipDigits() {
    while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
  }

  // MARK: Strings

  private mutating func parseString() throws(PianoRollJSONError) -> String {
    offset += 1
    let start = offset
    var ascii = true
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        let text = ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
        guard let text else { throw error("UTF-8 text in a string", at: start) }
        offset += 1
        return text
      }
      ascii = ascii && byte < 0x80
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw error("no control character inside a string (escape it)") }
      offset += 1
    }
    guard offset < bytes.count else { throw error("'\"' to close the string", at: start - 1) }
    // With escapes: collect the bytes.
    var utf8 = Array(bytes[start..<offset])
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: utf8, as: UTF8.self) else {
          throw error("UTF-8 text in a string", at: start)
        }
        offset += 1
        return text
      case UInt8(ascii: "\\"):
        offset += 1
        try parseEscape(into: &utf8)
      case ..<0x20:
        throw error("no control character inside a string (escape it)")
      default:
        utf8.append(byte)
        offset += 1
      }
    }
    throw error("'\"' to close the string", at: start - 1)
  }

  private mutating func parseEscape(into utf8: inout [UInt8]) throws(PianoRollJSONError) {
    guard let byte = peek() else { throw error("an escape after '\\'") }
    offset += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try parseHexQuad()
      if (0xD800..<0xDC00).contains(scalar) {
        guard peek() == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
        else { throw error("a low surrogate \\uDC00–\\uDFFF after a high surrogate") }
        offset += 2
        let low = try parseHexQuad()
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("a low surrogate \\uDC00–\\uDFFF after a high surrogate")
        }
        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw error("a high surrogate before a low surrogate")
      }
      utf8.append(contentsOf: Array(String(Character(UnicodeScalar(scalar)!)).utf8))
    default:
      offset -= 1
      throw error("an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
    }
  }

  private mutating func parseHexQuad() throws(PianoRollJSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek() else { throw error("four hexadecimal digits after \\u") }
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("four hexadecimal digits after \\u")
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }

  // MARK: Helpers

  private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  /// A syntax error at the parser's offset (or `at`), with line and column.
  private func error(_ expected: String, at place: Int? = nil) -> PianoRollJSONError {
    let position = min(place ?? offset, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<position where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    let found: String
    if position >= bytes.count {
      found = "the end of the input"
    } else {
      let byte = bytes[position]
      found =
        (0x21...0x7E).contains(byte)
        ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
    return PianoRollJSONError(
      .syntax(expected: "\(expected); found \(found)"), path: JSONPath(path), offset: position, line: line,
      column: position - lineStart + 1)
  }
}
