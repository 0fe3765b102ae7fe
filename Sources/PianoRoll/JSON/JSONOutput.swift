/// A growable byte buffer for writing JSON fast: no `Encoder`, no intermediate `String`s for
/// names, integers or punctuation.
struct JSONOutput: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// Bytes written so far.
  private(set) var count = 0

  /// Creates an empty buffer with room for `capacity` bytes.
  init(capacity: Int) {
    self.capacity = max(capacity, 256)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Makes room for `needed` more bytes.
  @inline(__always)
  mutating func reserve(_ needed: Int) {
    if count + needed > capacity { grow(needed) }
  }

  private mutating func grow(_ needed: Int) {
    let newCapacity = max(capacity * 2, count + needed)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Appends one byte.
  @inline(__always)
  mutating func byte(_ value: UInt8) {
    reserve(1)
    base[count] = value
    count += 1
  }

  /// Appends literal text (names and punctuation), as is.
  @inline(__always)
  mutating func raw(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    reserve(length)
    let source = text.utf8Start
    let target = base + count
    if length <= 16 {
      for index in 0..<length { target[index] = source[index] }
    } else {
      target.update(from: source, count: length)
    }
    count += length
  }

  /// Appends bytes as they are.
  mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  /// Appends an integer in decimal.
  @inline(__always)
  mutating func int(_ value: Int) {
    reserve(20)
    if value >= 0 && value < 10 {
      base[count] = 0x30 &+ UInt8(truncatingIfNeeded: value)
      count += 1
      return
    }
    if value < 0 {
      base[count] = UInt8(ascii: "-")
      count += 1
    }
    var magnitude = value.magnitude
    var digits = 1
    var rest = magnitude
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    var cursor = base + count + digits - 1
    repeat {
      cursor.pointee = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
      cursor -= 1
    } while magnitude > 0
    count += digits
  }

  /// Appends the fraction `numerator / denominator` as a decimal rounded to 9 places
  /// (half away from zero), without trailing zeros but with at least one decimal: `0.0`,
  /// `0.5`, `0.510416667`, `-2.25`.
  ///
  /// - Precondition: `denominator > 0`.
  mutating func decimal(numerator: Int, denominator: Int) {
    if numerator < 0 { byte(UInt8(ascii: "-")) }
    let magnitude = UInt64(numerator.magnitude)
    let divisor = UInt64(denominator)
    var whole = magnitude / divisor
    let remainder = magnitude % divisor
    // The nine decimals: (remainder × 10^9 + divisor / 2) / divisor, in 128 bits.
    let product = remainder.multipliedFullWidth(by: 1_000_000_000)
    let (low, carry) = product.low.addingReportingOverflow(divisor / 2)
    var nanos = divisor.dividingFullWidth((product.high + (carry ? 1 : 0), low)).quotient
    if nanos >= 1_000_000_000 {
      whole += 1
      nanos -= 1_000_000_000
    }
    int(Int(whole))
    fraction(nanos)
  }

  /// Appends a `Double` as a decimal rounded to 9 places, like ``decimal(numerator:denominator:)``.
  /// Values that are not finite, which JSON cannot hold, are written as `null`.
  mutating func decimal(_ value: Double) {
    guard value.isFinite else {
      raw("null")
      return
    }
    let nanos = (value.magnitude * 1e9).rounded()
    guard nanos < 9e18 else {
      double(value)
      return
    }
    decimal(numerator: value < 0 ? -Int(nanos) : Int(nanos), denominator: 1_000_000_000)
  }

  /// Appends `.` and nine decimal digits of `nanos` (below 10^9), trailing zeros left out
  /// except the first.
  private mutating func fraction(_ nanos: UInt64) {
    reserve(10)
    base[count] = UInt8(ascii: ".")
    var digits = 9
    var value = nanos
    while digits > 1 && value % 10 == 0 {
      value /= 10
      digits -= 1
    }
    var cursor = base + count + digits
    for _ in 0..<digits {
      cursor.pointee = 0x30 &+ UInt8(truncatingIfNeeded: value % 10)
      value /= 10
      cursor -= 1
    }
    count += digits + 1
  }

  /// Appends a number that reads back as the same `Double`: Swift's shortest round-trip
  /// form (`0.5`, `120.0`, `1e-05`). Not-a-number and infinities, which JSON cannot hold,
  /// are written as `null`.
  mutating func double(_ value: Double) {
    guard value.isFinite else {
      raw("null")
      return
    }
    var text = value.description
    text.withUTF8 { raw($0) }
  }

  /// Appends `true` or `false`.
  mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  /// Appends a JSON string: quotes, with `"`, `\` and control characters escaped.
  mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      reserve(utf8.count + 2)
      base[count] = UInt8(ascii: "\"")
      count += 1
      for byte in utf8 {
        if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
          reserve(1)
          base[count] = byte
          count += 1
        } else {
          escape(byte)
        }
      }
      byte(UInt8(ascii: "\""))
    }
  }

  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): raw("\\\"")
    case UInt8(ascii: "\\"): raw("\\\\")
    case 0x0A: raw("\\n")
    case 0x0D: raw("\\r")
    case 0x09: raw("\\t")
    default:
      raw("\\u00")
      self.byte(Hex.digits[Int(byte >> 4)])
      self.byte(Hex.digits[Int(byte & 0x0F)])
    }
  }

  /// Appends bytes as a JSON string of upper-case hexadecimal pairs separated by spaces,
  /// e.g. `"F0 7E 7F"`.
  mutating func hexString(_ bytes: [UInt8]) {
    reserve(bytes.count * 3 + 2)
    base[count] = UInt8(ascii: "\"")
    count += 1
    for (index, value) in bytes.enumerated() {
      if index > 0 {
        base[count] = UInt8(ascii: " ")
        count += 1
      }
      base[count] = Hex.digits[Int(value >> 4)]
      base[count + 1] = Hex.digits[Int(value & 0x0F)]
      count += 2
    }
    base[count] = UInt8(ascii: "\"")
    count += 1
  }

  /// The bytes written.
  consuming func bytes() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      buffer.baseAddress!.update(from: base, count: count)
      initialized = count
    }
  }
}
