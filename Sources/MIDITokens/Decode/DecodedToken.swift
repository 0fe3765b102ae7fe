/// A token as MidiTok's decoders see it: its type and its value, the two halves of
/// `token.split("_")`.
struct DecodedToken: Sendable {
  var type: Substring
  var value: Substring

  /// Splits a token; MidiTok raises `ValueError` for one without exactly one `_`.
  init(_ token: String) throws(TokensError) {
    let underscore = UInt8(ascii: "_")
    guard let split = token.utf8.firstIndex(of: underscore),
      !token.utf8[token.utf8.index(after: split)...].contains(underscore)
    else { throw TokensError(.decodingFails("the token \(token) has not one \"_\"")) }
    type = token[..<split]
    value = token[token.utf8.index(after: split)...]
  }

  /// The value as Python's `int()` reads it, or `nil` (`ValueError`).
  var integer: Int? { Self.pythonInt(value) }

  /// Python's `int(text)`: optional spaces and sign, digits with single `_` between them.
  static func pythonInt(_ text: Substring) -> Int? {
    var bytes = text.utf8[...]
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
    while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
    while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      bytes = bytes.dropFirst()
    }
    let underscore = UInt8(ascii: "_")
    guard let first = bytes.first, (0x30...0x39).contains(first), bytes.last != underscore else { return nil }
    var value = 0
    var previousUnderscore = false
    for byte in bytes {
      if byte == underscore {
        if previousUnderscore { return nil }
        previousUnderscore = true
        continue
      }
      guard (0x30...0x39).contains(byte) else { return nil }
      previousUnderscore = false
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 0x30))
      if overflow1 || overflow2 { return nil }
      value = sum
    }
    return negative ? -value : value
  }
}

extension Substring {
  var trimmingPythonWhitespace: Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" || first == "\n" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "\n" { text = text.dropLast() }
    return text
  }
}
