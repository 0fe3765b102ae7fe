/// A fast JSON writer that streams: it fills a fixed buffer and hands each full buffer to a
/// sink (a file, standard output, a report), so it never holds the whole document. Without a
/// sink it collects the document in memory (``bytes(_:)``).
///
/// Two ways to write, freely mixed:
/// - **Structured**: ``beginObject()``, ``name(_:)``, ``string(_:)``, ``integer(_:)``,
///   ``double(_:)``, ``bool(_:)``, ``null()``, ``beginArray()``, ``endArray()``, ``endObject()``
///   put the commas and colons where they belong:
///   ```swift
///   let bytes = JSONWriter.bytes { json in
///     json.beginObject()
///     json.name("notes"); json.integer(3)
///     json.name("title"); json.string("Étude \"1\"")
///     json.endObject()
///   }  // {"notes":3,"title":"Étude \"1\""}
///   ```
/// - **Raw**: ``raw(_:)-(StaticString)``, ``rawInteger(_:)``, ``rawString(_:)`` and the like write
///   exactly what they are given, for writers that lay out their own punctuation (the
///   piano-roll format) and want no bookkeeping per value.
///
/// Numbers: integers in decimal; doubles in their shortest form that reads back as the same
/// value (``double(_:)``) or rounded to 9 decimals (``rawDecimal(_:)``); values JSON cannot
/// hold (infinity, not-a-number) as `null`.
public struct JSONWriter: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline var capacity: Int
  /// Bytes in the buffer, not yet handed to the sink.
  @usableFromInline var count = 0
  /// Where full buffers go; `nil` collects the whole document (the buffer grows).
  @usableFromInline let sink: ((UnsafeRawBufferPointer) -> Bool)?
  /// Bytes handed to the sink so far.
  @usableFromInline var flushed = 0
  /// Whether the sink refused a buffer: later output is dropped.
  public private(set) var isStopped = false
  /// One bit a nesting level (the innermost lowest): whether the open container already has
  /// an element, so the next one needs a comma. Levels past 64 share the top bit's answer
  /// through ``deepCommas``.
  @usableFromInline var commas: UInt64 = 0
  @usableFromInline var deepCommas: [Bool] = []
  @usableFromInline var depth = 0
  /// A name was just written: the value after it needs no comma.
  @usableFromInline var afterName = false
  /// Whether ``raw(_:)-(StaticString)`` drops spaces and line ends from literal text, so that one
  /// layout of literals writes a padded document or a compact one. Literal text given to a
  /// squeezing writer must have no space inside its quoted names.
  public var squeezesLiterals = false
  /// Whether the writer writes as Python's `json.dumps` does with its defaults: `", "` and
  /// `": "` between structured elements, every non-ASCII character as `\uXXXX` (UTF-16, lower
  /// case), `\b` and `\f` escaped by name (pypianoroll's `info.json`).
  public var writesPythonStyle = false

  /// The buffer size ``stream(bufferCapacity:to:_:)`` uses unless told: 64 KiB.
  public static let defaultBufferCapacity = 65_536

  /// A writer that collects the document in memory; take it with ``collectedBytes()``.
  public init(initialCapacity: Int = 4096) {
    capacity = max(initialCapacity, 256)
    base = .allocate(capacity: capacity)
    sink = nil
  }

  /// A writer that hands every full buffer of `bufferCapacity` bytes (and the rest at
  /// ``finish()``) to `sink`. When `sink` returns `false`, the writer stops: it drops all later
  /// output and ``isStopped`` becomes `true`.
  public init(
    bufferCapacity: Int = JSONWriter.defaultBufferCapacity, sink: @escaping (UnsafeRawBufferPointer) -> Bool
  ) {
    capacity = max(bufferCapacity, 256)
    base = .allocate(capacity: capacity)
    self.sink = sink
  }

  deinit { base.deallocate() }

  /// Writes a document with `body` and returns its bytes.
  public static func bytes(initialCapacity: Int = 4096, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
    var writer = JSONWriter(initialCapacity: initialCapacity)
    body(&writer)
    return writer.collectedBytes()
  }

  /// Writes a document with `body`, streaming it to `sink` one buffer of `bufferCapacity` bytes
  /// at a time. After the first error of `sink` the writer drops the rest (`body` may watch
  /// ``isStopped`` to end early), and the error is thrown.
  public static func stream<E: Error>(
    bufferCapacity: Int = JSONWriter.defaultBufferCapacity,
    to sink: (UnsafeRawBufferPointer) throws(E) -> Void,
    _ body: (inout JSONWriter) -> Void
  ) throws(E) {
    var failure: E?
    withoutActuallyEscaping(sink) { sink in
      var writer = JSONWriter(bufferCapacity: bufferCapacity) { chunk in
        do throws(E) {
          try sink(chunk)
          return true
        } catch {
          failure = error
          return false
        }
      }
      body(&writer)
      writer.finish()
    }
    if let failure { throw failure }
  }

  /// Bytes written so far, handed on or not.
  public var byteCount: Int { flushed + count }

  /// Hands what is buffered to the sink and ends the writer. Returns `false` when the sink
  /// refused some of the output.
  @discardableResult
  public consuming func finish() -> Bool {
    flush()
    return !isStopped
  }

  /// The whole document, for a writer made without a sink (with a sink: what is still
  /// buffered).
  public consuming func collectedBytes() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let target = buffer.baseAddress { target.update(from: base, count: count) }
      initialized = count
    }
  }

  // MARK: Buffer

  /// Hands the buffered bytes to the sink (nothing without a sink).
  public mutating func flush() {
    guard let sink, count > 0 else { return }
    if !isStopped && !sink(UnsafeRawBufferPointer(start: base, count: count)) { isStopped = true }
    flushed += count
    count = 0
  }

  /// Makes room for `needed` more bytes in the buffer.
  @inlinable @inline(__always)
  mutating func reserve(_ needed: Int) {
    if count + needed > capacity { makeRoom(needed) }
  }

  @usableFromInline
  mutating func makeRoom(_ needed: Int) {
    if sink != nil {
      flush()
      if needed <= capacity { return }
    }
    let newCapacity = max(capacity * 2, count + needed)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  // MARK: Raw output

  /// Appends one byte as it is.
  @inlinable @inline(__always)
  public mutating func rawByte(_ value: UInt8) {
    reserve(1)
    base[count] = value
    count += 1
  }

  /// Appends literal JSON text (punctuation, names in quotes) as it is; the caller keeps the
  /// document valid.
  @inlinable @inline(__always)
  public mutating func raw(_ text: StaticString) {
    if squeezesLiterals {
      rawSqueezed(text)
      return
    }
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

  @usableFromInline
  mutating func rawSqueezed(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    reserve(length)
    let source = text.utf8Start
    for index in 0..<length where source[index] != 0x20 && source[index] != 0x0A {
      base[count] = source[index]
      count += 1
    }
  }

  /// Appends bytes as they are; the caller keeps the document valid.
  public mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard var source = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      if count == capacity { makeRoom(1) }
      let step = min(left, capacity - count)
      (base + count).update(from: source, count: step)
      count += step
      source += step
      left -= step
    }
  }
  /// Writes `text` as it is, then `value` (`rawInteger`): a member's separator and name, then its
  /// value, as in `out.raw(", \"bars\": ", integer: bars)`.
  @inlinable @inline(__always)
  public mutating func raw(_ text: StaticString, integer value: Int) {
    raw(text)
    rawInteger(value)
  }

  /// Writes `text` as it is, then `value` as the shortest double that reads back (`rawDouble`).
  @inlinable @inline(__always)
  public mutating func raw(_ text: StaticString, double value: Double) {
    raw(text)
    rawDouble(value)
  }

  /// Writes `text` as it is, then `value` in decimal notation (`rawDecimal`).
  @inlinable @inline(__always)
  public mutating func raw(_ text: StaticString, decimal value: Double) {
    raw(text)
    rawDecimal(value)
  }

  /// Writes `text` as it is, then `value` as a JSON string (`rawString`).
  @inlinable @inline(__always)
  public mutating func raw(_ text: StaticString, string value: String) {
    raw(text)
    rawString(value)
  }

  /// Appends an integer in decimal.
  @inlinable @inline(__always)
  public mutating func rawInteger(_ value: Int) {
    reserve(20)
    if value >= 0 && value < 10 {
      base[count] = 0x30 &+ UInt8(truncatingIfNeeded: value)
      count += 1
      return
    }
    writeDigits(value)
  }

  @usableFromInline
  mutating func writeDigits(_ value: Int) {
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
  public mutating func rawDecimal(numerator: Int, denominator: Int) {
    if numerator < 0 { rawByte(UInt8(ascii: "-")) }
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
    rawInteger(Int(whole))
    fraction(nanos)
  }

  /// Appends a `Double` rounded to 9 decimals, like ``rawDecimal(numerator:denominator:)``;
  /// `null` for values JSON cannot hold.
  public mutating func rawDecimal(_ value: Double) {
    guard value.isFinite else {
      raw("null")
      return
    }
    // Rounded half away from zero without `rounded()` (libm's `round`).
    let scaled = value.magnitude * 1e9 + 0.5
    guard scaled < 9e18 else {
      rawDouble(value)
      return
    }
    let nanos = Int(scaled)
    rawDecimal(numerator: value < 0 ? -nanos : nanos, denominator: 1_000_000_000)
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

  /// Appends a number that reads back as the same `Double`: its shortest form (`0.5`,
  /// `120.0`, `1e-05`); `null` for infinities and not-a-number.
  public mutating func rawDouble(_ value: Double) {
    guard value.isFinite else {
      raw("null")
      return
    }
    var text = value.description
    text.withUTF8 { raw($0) }
  }

  /// Appends `true` or `false`.
  public mutating func rawBool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  /// Appends a JSON string: quotes, with `"`, `\` and control characters escaped
  /// (`\n`, `\r`, `\t`, else `\u00XX`); everything else as its UTF-8 bytes.
  public mutating func rawString(_ value: String) {
    if writesPythonStyle { return rawPythonString(value) }
    var value = value
    value.withUTF8 { utf8 in
      rawByte(UInt8(ascii: "\""))
      var start = 0
      for (index, byte) in utf8.enumerated()
      where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        raw(UnsafeBufferPointer(rebasing: utf8[start..<index]))
        escape(byte)
        start = index + 1
      }
      raw(UnsafeBufferPointer(rebasing: utf8[start...]))
      rawByte(UInt8(ascii: "\""))
    }
  }

  /// A string as Python's `json.dumps` writes it (`ensure_ascii`).
  private mutating func rawPythonString(_ value: String) {
    let lowerHex = Array("0123456789abcdef".utf8)
    rawByte(UInt8(ascii: "\""))
    for unit in value.utf16 {
      switch unit {
      case 0x22: raw("\\\"")
      case 0x5C: raw("\\\\")
      case 0x0A: raw("\\n")
      case 0x0D: raw("\\r")
      case 0x09: raw("\\t")
      case 0x08: raw("\\b")
      case 0x0C: raw("\\f")
      case 0x20..<0x7F: rawByte(UInt8(unit))
      default:
        raw("\\u")
        for shift in [12, 8, 4, 0] { rawByte(lowerHex[Int(unit >> UInt16(shift)) & 0x0F]) }
      }
    }
    rawByte(UInt8(ascii: "\""))
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
      rawByte(Self.hexDigits[Int(byte >> 4)])
      rawByte(Self.hexDigits[Int(byte & 0x0F)])
    }
  }

  /// `0`–`9`, `A`–`F` as ASCII.
  @usableFromInline static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

  /// Appends bytes as a JSON string of upper-case hexadecimal pairs separated by spaces,
  /// e.g. `"F0 7E 7F"`.
  public mutating func rawHexString(_ bytes: [UInt8]) {
    rawByte(UInt8(ascii: "\""))
    let digits = Self.hexDigits
    for (index, value) in bytes.enumerated() {
      reserve(3)
      if index > 0 {
        base[count] = UInt8(ascii: " ")
        count += 1
      }
      base[count] = digits[Int(value >> 4)]
      base[count + 1] = digits[Int(value & 0x0F)]
      count += 2
    }
    rawByte(UInt8(ascii: "\""))
  }

  // MARK: Structured output

  /// The comma before a value or name, where the open container has one already.
  @usableFromInline
  mutating func separate() {
    if afterName {
      afterName = false
      return
    }
    guard depth > 0 else { return }
    if depth > 64 {
      if deepCommas[depth - 65] { comma() } else { deepCommas[depth - 65] = true }
      return
    }
    if commas & 1 != 0 { comma() } else { commas |= 1 }
  }

  /// `,`, or `, ` in Python's style.
  @usableFromInline
  mutating func comma() {
    rawByte(UInt8(ascii: ","))
    if writesPythonStyle { rawByte(UInt8(ascii: " ")) }
  }

  private mutating func open(_ bracket: UInt8) {
    separate()
    rawByte(bracket)
    if depth >= 64 { deepCommas.append(false) } else { commas <<= 1 }
    depth += 1
  }

  private mutating func close(_ bracket: UInt8) {
    precondition(depth > 0, "JSONWriter: more containers closed than opened")
    if depth > 64 { deepCommas.removeLast() } else { commas >>= 1 }
    depth -= 1
    afterName = false
    rawByte(bracket)
  }

  /// Opens an object: `{`.
  public mutating func beginObject() { open(UInt8(ascii: "{")) }
  /// Closes the innermost object: `}`.
  public mutating func endObject() { close(UInt8(ascii: "}")) }
  /// Opens an array: `[`.
  public mutating func beginArray() { open(UInt8(ascii: "[")) }
  /// Closes the innermost array: `]`.
  public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// Writes a member's name (escaped, in quotes) and `:`; the next value is its value.
  public mutating func name(_ name: String) {
    separate()
    rawString(name)
    rawByte(UInt8(ascii: ":"))
    if writesPythonStyle { rawByte(UInt8(ascii: " ")) }
    afterName = true
  }

  /// Writes a string value, escaped.
  public mutating func string(_ value: String) {
    separate()
    rawString(value)
  }

  /// Writes an integer value.
  public mutating func integer(_ value: Int) {
    separate()
    rawInteger(value)
  }

  /// Writes a number that reads back as the same `Double` (`null` when not finite).
  public mutating func double(_ value: Double) {
    separate()
    rawDouble(value)
  }

  /// Writes `true` or `false`.
  public mutating func bool(_ value: Bool) {
    separate()
    rawBool(value)
  }

  /// Writes `null`.
  public mutating func null() {
    separate()
    raw("null")
  }
}
