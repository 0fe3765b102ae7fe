/// A number as written in JSON: whether it is exactly a whole number, and its value.
public struct JSONNumber: Hashable, Sendable {
  /// The value when it is exactly a whole number that fits an `Int` (`60`, `60.0`, `6e1`,
  /// `-0`); `nil` for `1.5`, `1e-400` or `1e30`.
  public let integer: Int?
  /// Whether the value is exactly a whole number, however large (`1e30` is; `1e-400` is not).
  public let isWhole: Bool
  let storedText: String?
  let storedDouble: Double?

  /// The number as written (for messages).
  public var text: String { storedText ?? String(integer ?? 0) }

  /// The nearest `Double` (infinite beyond its range, 0 below).
  public func double() -> Double {
    if let storedDouble { return storedDouble }
    if let integer { return Double(integer) }
    return Double(text) ?? .nan
  }
}

extension JSONReader {
  // MARK: Typed values

  /// Reads a number that is exactly a whole number fitting an `Int`.
  /// - Parameter expected: What the value should be, for the message (`an integer 0…127`).
  /// - Throws: ``JSONError/Kind/wrongType(expected:found:)`` for another kind of value or a
  ///   number with a fraction (`1.5`, `1e-400`); ``JSONError/Kind/outOfRange(value:expected:)``
  ///   for a whole number beyond `Int`.
  @inlinable
  public mutating func readInteger(expected: @autoclosure () -> String) throws(JSONError) -> Int {
    guard try nextSignificantByte().map(Self.startsNumber) == true else {
      throw JSONError(.wrongType(expected: expected(), found: try describeValue()), path: path)
    }
    if let small = try readSmallInteger() { return small }
    let number = try readNumberToken()
    if let integer = number.integer { return integer }
    if number.isWhole {
      throw JSONError(.outOfRange(value: number.text, expected: expected()), path: path)
    }
    throw JSONError(
      .wrongType(expected: expected(), found: "the number \(number.text), which is not a whole number"),
      path: path)
  }

  /// Reads any number.
  public mutating func readNumber(expected: @autoclosure () -> String = "a number") throws(JSONError)
    -> JSONNumber
  {
    guard try nextSignificantByte().map(Self.startsNumber) == true else {
      throw JSONError(.wrongType(expected: expected(), found: try describeValue()), path: path)
    }
    return try readNumberToken()
  }

  /// Reads a number as the nearest `Double`.
  public mutating func readDouble(expected: @autoclosure () -> String = "a number") throws(JSONError)
    -> Double
  {
    try readNumber(expected: expected()).double()
  }

  /// Reads a string.
  public mutating func readString(expected: @autoclosure () -> String = "a string") throws(JSONError)
    -> String
  {
    guard try nextSignificantByte() == UInt8(ascii: "\"") else {
      throw JSONError(.wrongType(expected: expected(), found: try describeValue()), path: path)
    }
    return try readStringToken()
  }

  @usableFromInline
  static func startsNumber(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// A plain non-negative integer of at most 15 digits that ends inside the window (the usual
  /// case), or `nil` (nothing read) for anything else.
  @inlinable @inline(__always)
  mutating func readSmallInteger() throws(JSONError) -> Int? {
    var cursor = position
    var value = 0
    let limit = min(end, position + 15)
    while cursor < limit {
      let digit = base[cursor] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      value = value &* 10 &+ Int(digit)
      cursor += 1
    }
    guard cursor > position, cursor < end else { return nil }
    switch base[cursor] {
    case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"), UInt8(ascii: "+"):
      return nil
    default:
      if base[position] == UInt8(ascii: "0") && cursor - position > 1 { return nil }  // a leading zero
      position = cursor
      return value
    }
  }

  // MARK: Numbers

  /// Reads the number at the reader's position (which starts with `-` or a digit).
  @usableFromInline
  mutating func readNumberToken() throws(JSONError) -> JSONNumber {
    // The token's extent, whole in the window.
    var start = position
    var cursor = position
    while true {
      while cursor < end {
        switch base[cursor] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
          UInt8(ascii: "e"), UInt8(ascii: "E"):
          cursor += 1
          continue
        default: break
        }
        break
      }
      if cursor < end { break }
      // Refilling moves the window (even when no byte comes): keep the places as offsets.
      let (startOffset, cursorOffset) = (origin + start, origin + cursor)
      let more = try refill(keeping: start)
      (start, cursor) = (startOffset - origin, cursorOffset - origin)
      if !more { break }
    }
    return try parseNumber(from: start, to: cursor)
  }

  private func isDigit(_ index: Int, _ stop: Int) -> Bool {
    index < stop && base[index] >= UInt8(ascii: "0") && base[index] <= UInt8(ascii: "9")
  }

  /// Checks and converts `base[start..<stop]`.
  private mutating func parseNumber(from start: Int, to stop: Int) throws(JSONError) -> JSONNumber {
    var index = start
    let negative = base[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    guard isDigit(index, stop) else { throw syntaxError("a digit in a number", at: index) }
    let integerStart = index
    if base[index] == UInt8(ascii: "0") {
      index += 1
      if isDigit(index, stop) { throw syntaxError("no leading zero in a number", at: index) }
    } else {
      while isDigit(index, stop) { index += 1 }
    }
    let integerEnd = index
    var fractionStart = index
    var fractionEnd = index
    if index < stop && base[index] == UInt8(ascii: ".") {
      index += 1
      guard isDigit(index, stop) else { throw syntaxError("a digit after the decimal point", at: index) }
      fractionStart = index
      while isDigit(index, stop) { index += 1 }
      fractionEnd = index
    }
    var exponent = 0
    var hasExponent = false
    if index < stop && (base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E")) {
      hasExponent = true
      index += 1
      var exponentNegative = false
      if index < stop && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) {
        exponentNegative = base[index] == UInt8(ascii: "-")
        index += 1
      }
      guard isDigit(index, stop) else { throw syntaxError("a digit in the exponent", at: index) }
      while isDigit(index, stop) {
        exponent = min(exponent * 10 + Int(base[index] - UInt8(ascii: "0")), 100_000_000)
        index += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    guard index == stop else { throw syntaxError("',' or the end of the number", at: index) }
    position = stop

    // Whole or not: the significant digits (integer part, then fraction) times a power of ten.
    let integerLength = integerEnd - integerStart
    let fractionLength = fractionEnd - fractionStart
    let total = integerLength + fractionLength
    func digit(_ place: Int) -> Int {
      Int(
        (place < integerLength ? base[integerStart + place] : base[fractionStart + place - integerLength])
          - UInt8(ascii: "0"))
    }
    var low = 0
    while low < total && digit(low) == 0 { low += 1 }
    var high = total
    var scale = exponent - fractionLength
    while high > low && digit(high - 1) == 0 {
      high -= 1
      scale += 1
    }
    var isWhole = true
    var integer: Int?
    if low == high {
      integer = 0
    } else if scale < 0 {
      isWhole = false
    } else if high - low + scale <= 19 {
      var significant = 0
      var fits = true
      for place in low..<high {
        let (times, overflow) = significant.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times.addingReportingOverflow(digit(place))
        fits = fits && !overflow && !overflow2
        significant = sum
      }
      for _ in 0..<scale {
        let (times, overflow) = significant.multipliedReportingOverflow(by: 10)
        fits = fits && !overflow
        significant = times
      }
      if fits { integer = negative ? -significant : significant }
    }
    if let integer, !hasExponent && fractionEnd == fractionStart {
      return JSONNumber(integer: integer, isWhole: true, storedText: nil, storedDouble: nil)
    }
    let text = String(decoding: UnsafeBufferPointer(start: base + start, count: stop - start), as: UTF8.self)
    var double: Double?
    if !hasExponent {
      double = simpleDecimal(from: start, to: stop, negative: negative)
    }
    return JSONNumber(integer: integer, isWhole: isWhole, storedText: text, storedDouble: double)
  }

  /// The value of a decimal without exponent and with at most 15 digits (`0.510416667`),
  /// computed exactly: both `digits` and `10^decimals` are exact doubles, so one division
  /// gives the correctly rounded value, as `Double(text)` would. `nil` for anything else.
  private func simpleDecimal(from start: Int, to stop: Int, negative: Bool) -> Double? {
    var index = negative ? start + 1 : start
    var digits = 0
    var count = 0
    var decimals = 0
    var afterPoint = false
    while index < stop {
      let byte = base[index]
      if byte == UInt8(ascii: ".") {
        afterPoint = true
      } else {
        digits = digits * 10 + Int(byte - UInt8(ascii: "0"))
        count += 1
        if afterPoint { decimals += 1 }
        if count > 15 { return nil }
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

  // MARK: Strings

  /// Reads past the string at the reader's position (its `"`), checking it, without making a
  /// `String` when it is plain ASCII.
  mutating func skipStringToken() throws(JSONError) {
    var scan = position + 1
    while scan < end {
      let byte = base[scan]
      if byte == UInt8(ascii: "\"") {
        position = scan + 1
        return
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
      scan += 1
    }
    _ = try readStringToken()
  }

  /// Reads the string at the reader's position (its `"`).
  @usableFromInline
  mutating func readStringToken() throws(JSONError) -> String {
    position += 1
    var start = position
    var ascii = true
    while true {
      while position < end {
        let byte = base[position]
        if byte == UInt8(ascii: "\"") {
          let slice = UnsafeBufferPointer(start: base + start, count: position - start)
          let text = ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
          guard let text else { throw syntaxError("UTF-8 text in a string", at: start) }
          position += 1
          return text
        }
        if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
        guard byte >= 0x20 else { throw syntaxError("no control character inside a string (escape it)") }
        ascii = ascii && byte < 0x80
        position += 1
      }
      // Keep the opening quote in the window, for the message when the string never closes.
      let quote = origin + start - 1
      guard try refill(keeping: start - 1) else {
        throw syntaxError("'\"' to close the string", at: quote - origin)
      }
      start = 1
    }
  }

  /// The rest of a string with escapes: its bytes collected in ``scratch``.
  private mutating func readEscapedString(from start: Int) throws(JSONError) -> String {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: position - start))
    let opening = origin + start - 1
    while true {
      guard let byte = try peekByte() else {
        throw JSONError(
          .syntax(expected: "'\"' to close the string; found the end of the input"), path: path,
          offset: opening)
      }
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        guard let text = String(validating: scratch, as: UTF8.self) else {
          throw JSONError(.syntax(expected: "UTF-8 text in a string"), path: path, offset: opening + 1)
        }
        return text
      case UInt8(ascii: "\\"):
        position += 1
        try readEscape()
      case ..<0x20:
        throw syntaxError("no control character inside a string (escape it)")
      default:
        scratch.append(byte)
        position += 1
      }
    }
  }

  private mutating func readEscape() throws(JSONError) {
    guard let byte = try peekByte() else { throw syntaxError("an escape after '\\'") }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      position += 1
      var scalar = try readHexQuad()
      if (0xD800..<0xDC00).contains(scalar) {
        guard try peekByte() == UInt8(ascii: "\\") else {
          throw syntaxError("a low surrogate \\uDC00–\\uDFFF after a high surrogate")
        }
        position += 1
        guard try peekByte() == UInt8(ascii: "u") else {
          throw syntaxError("a low surrogate \\uDC00–\\uDFFF after a high surrogate")
        }
        position += 1
        let low = try readHexQuad()
        guard (0xDC00..<0xE000).contains(low) else {
          throw syntaxError("a low surrogate \\uDC00–\\uDFFF after a high surrogate")
        }
        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw syntaxError("a high surrogate before a low surrogate")
      }
      if let unicode = Unicode.Scalar(scalar) {
        scratch.append(contentsOf: UTF8.encode(unicode)!)
      }
      return
    default:
      throw syntaxError("an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
    }
    position += 1
  }

  private mutating func readHexQuad() throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = try peekByte() else { throw syntaxError("four hexadecimal digits after \\u") }
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw syntaxError("four hexadecimal digits after \\u")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }
}
