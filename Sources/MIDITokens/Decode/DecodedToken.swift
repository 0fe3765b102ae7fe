/// A token as MidiTok's decoders see it: its type and its value, the two halves of
/// `token.split("_")`.
struct DecodedToken: Sendable {
  var type: Substring
  var value: Substring

  /// Splits a token; MidiTok raises `ValueError` for one without exactly one `_`.
  init(_ token: String) throws(TokensError) {
    let parts = token.split(separator: "_", omittingEmptySubsequences: false)
    guard parts.count == 2 else { throw TokensError(.decodingFails("the token \(token) has not one \"_\"")) }
    type = parts[0]
    value = parts[1]
  }

  /// The value as Python's `int()` reads it, or `nil` (`ValueError`).
  var integer: Int? { Self.pythonInt(value) }

  /// Python's `int(text)`: optional spaces and sign, digits with single `_` between them.
  static func pythonInt(_ text: Substring) -> Int? {
    let trimmed = text.trimmingPythonWhitespace
    var digits = trimmed
    var negative = false
    if let sign = digits.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      digits = digits.dropFirst()
    }
    guard let first = digits.first, first.isASCII, first.isNumber, digits.last != "_" else { return nil }
    var value = 0
    var previousUnderscore = false
    for character in digits {
      if character == "_" {
        if previousUnderscore { return nil }
        previousUnderscore = true
        continue
      }
      guard character.isASCII, let digit = character.wholeNumberValue else { return nil }
      previousUnderscore = false
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(digit)
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
