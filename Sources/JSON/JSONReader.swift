/// A strict streaming JSON reader (RFC 8259): the caller pulls the document value by value,
/// and the reader holds only a window of the text (64 KiB, more only for a longer single
/// string or number) — never the whole document, never a tree of it.
///
/// ```swift
/// try reader.beginObject()
/// while let name = try reader.nextName() {
///   switch name {
///   case "notes":
///     try reader.beginArray()
///     while try reader.nextElement() { let pitch = try reader.readInteger(expected: "a pitch") }
///   default:
///     try reader.skipValue()
///   }
/// }
/// try reader.finishDocument()
/// ```
///
/// The reader knows where it is: every error (``JSONError``) carries the JSON path of the value
/// being read, and syntax errors the byte offset, line and column. It refuses what a lenient
/// parser would guess at: a name twice in one object, nesting deeper than ``maximumDepth``,
/// text after the value, bad UTF-8, unpaired surrogates.
public struct JSONReader: ~Copyable {
  /// The deepest nesting of arrays and objects accepted.
  public static let maximumDepth = 200

  /// The window: `base[position..<end]` is unread.
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline var capacity: Int
  @usableFromInline var position = 0
  @usableFromInline var end = 0
  /// The offset in the input of `base[0]`.
  @usableFromInline var origin = 0
  /// Whether `base` belongs to the reader (false over bytes in memory).
  let ownsBuffer: Bool
  let source: JSONByteSource?
  /// Whether the source has no more bytes.
  @usableFromInline var exhausted: Bool
  let limit: Int
  /// Newlines in the text before `base[0]`, and the offset just after the last of them.
  var linesBefore = 0
  var lineStartBefore = 0

  /// One open array or object.
  @usableFromInline struct Frame {
    var isArray: Bool
    /// Arrays: the index of the element being read (−1 before the first).
    var index: Int
    /// Objects: the member being read, an index into ``names`` (−1 between members).
    var name: Int
    /// Objects: where this object's names start in ``names``.
    var firstName: Int
    /// Objects: one bit for each name read (its hash modulo 64), so that most names need no
    /// comparison with the others.
    var nameBits: UInt64 = 0
  }
  @usableFromInline var frames: [Frame] = []
  /// One name of an open object: its hash and its bytes in ``nameBytes``.
  @usableFromInline struct NameRecord {
    @usableFromInline var hash: UInt64
    @usableFromInline var start: Int
    @usableFromInline var count: Int
  }
  /// The names of the open objects' members read so far, to refuse a name given twice and to
  /// say the path, without a `String` per name.
  @usableFromInline var names: [NameRecord] = []
  @usableFromInline var nameBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1024)
  var nameByteCapacity = 1024
  @usableFromInline var nameByteCount = 0
  /// Bytes of a string with escapes, reused.
  var scratch: [UInt8] = []

  /// A reader of the bytes `source` gives, `bufferCapacity` at a time; more than `limit` bytes
  /// in all is ``JSONError/Kind/tooLarge(limit:)``.
  public init(source: JSONByteSource, bufferCapacity: Int = 65_536, limit: Int = Int.max) {
    capacity = max(bufferCapacity, 64)
    base = .allocate(capacity: capacity)
    ownsBuffer = true
    self.source = source
    exhausted = false
    self.limit = limit
  }

  /// A reader of bytes already in memory, valid while the reader lives.
  init(memory: UnsafeBufferPointer<UInt8>) {
    base = UnsafeMutablePointer(mutating: memory.baseAddress ?? UnsafePointer(bitPattern: 1)!)
    capacity = memory.count
    end = memory.count
    ownsBuffer = false
    source = nil
    exhausted = true
    limit = Int.max
  }

  deinit {
    if ownsBuffer { base.deallocate() }
    nameBytes.deallocate()
  }

  /// Runs `body` with a reader of `bytes` (read in place, not copied).
  public static func read<Result, Failure: Error>(
    _ bytes: [UInt8], _ body: (inout JSONReader) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let result: Swift.Result<Result, Failure> = bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(memory: buffer)
      do throws(Failure) {
        return .success(try body(&reader))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  // MARK: Window

  /// Keeps `base[start..<end]`, moves it to the front and reads more after it; `false` at the
  /// end of the input. Indices into the window shift down by `start` (``position`` included).
  @usableFromInline
  mutating func refill(keeping start: Int) throws(JSONError) -> Bool {
    guard let source, !exhausted else { return false }
    countLines(upTo: start)
    let kept = end - start
    if start > 0 && kept > 0 { base.update(from: base + start, count: kept) }
    origin += start
    position -= start
    end = kept
    if end == capacity {
      let newCapacity = capacity * 2
      let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
      newBase.update(from: base, count: end)
      base.deallocate()
      base = newBase
      capacity = newCapacity
    }
    let count = try source.read(UnsafeMutableRawBufferPointer(start: base + end, count: capacity - end))
    guard count > 0 else {
      exhausted = true
      return false
    }
    end += count
    if origin + end > limit {
      throw JSONError(.tooLarge(limit: limit), path: path, offset: limit)
    }
    return true
  }

  private mutating func countLines(upTo index: Int) {
    var cursor = 0
    // Eight bytes at a time: a byte is a line end where `word ^ 0x0A…` has a zero byte.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    while cursor + 8 <= index {
      let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self) ^ (ones &* 0x0A)
      let zeros = ~(((word & low7) &+ low7) | word | low7)
      if zeros != 0 {
        linesBefore += zeros.nonzeroBitCount
        let last = (63 - zeros.leadingZeroBitCount) / 8  // little-endian: the highest byte is the last
        lineStartBefore = origin + cursor + last + 1
      }
      cursor += 8
    }
    while cursor < index {
      if base[cursor] == 0x0A {
        linesBefore += 1
        lineStartBefore = origin + cursor + 1
      }
      cursor += 1
    }
  }

  /// The next byte without taking it; `nil` at the end of the input.
  @inlinable @inline(__always)
  mutating func peekByte() throws(JSONError) -> UInt8? {
    if position < end { return base[position] }
    return try peekSlow()
  }

  @usableFromInline
  mutating func peekSlow() throws(JSONError) -> UInt8? {
    guard try refill(keeping: position) else { return nil }
    return base[position]
  }

  /// Skips spaces, tabs and line ends; returns the next byte, `nil` at the end.
  @inlinable @inline(__always)
  mutating func nextSignificantByte() throws(JSONError) -> UInt8? {
    while true {
      if position < end {
        let byte = base[position]
        if byte > 0x20 || (byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09) { return byte }
        position += 1
      } else if try !refill(keeping: position) {
        return nil
      }
    }
  }

  // MARK: Where

  /// The path of the value being read.
  public var path: JSONPath {
    var components: [JSONPath.Component] = []
    components.reserveCapacity(frames.count)
    for frame in frames {
      if frame.isArray {
        if frame.index >= 0 { components.append(.index(frame.index)) }
      } else if frame.name >= 0 {
        components.append(.name(nameText(frame.name)))
      }
    }
    return JSONPath(components)
  }

  /// The offset in the input of the next byte.
  public var offset: Int { origin + position }

  /// A syntax error at the next byte (or at `index` in the window), with line and column.
  @usableFromInline
  mutating func syntaxError(_ expected: String, at index: Int? = nil) -> JSONError {
    var at = min(index ?? position, end)
    if at >= end && !exhausted {
      let absolute = origin + at
      _ = try? refill(keeping: at)
      at = min(absolute - origin, end)
    }
    var line = linesBefore + 1
    var lineStart = lineStartBefore
    for cursor in 0..<at where base[cursor] == 0x0A {
      line += 1
      lineStart = origin + cursor + 1
    }
    let found: String
    if at >= end {
      found = "the end of the input"
    } else {
      let byte = base[at]
      found =
        (0x21...0x7E).contains(byte)
        ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
    return JSONError(
      .syntax(expected: "\(expected); found \(found)"), path: path, offset: origin + at, line: line,
      column: origin + at - lineStart + 1)
  }

  // MARK: Document

  /// Skips a UTF-8 byte-order mark at the start and checks that there is a value.
  public mutating func beginDocument() throws(JSONError) {
    if try peekByte() == 0xEF {
      while end - position < 3, try refill(keeping: position) {}
      if end - position >= 3 && base[position + 1] == 0xBB && base[position + 2] == 0xBF { position += 3 }
    }
    guard try nextSignificantByte() != nil else { throw syntaxError("a JSON value; the input is empty") }
  }

  /// Checks that nothing but white space follows the top-level value.
  public mutating func finishDocument() throws(JSONError) {
    guard try nextSignificantByte() == nil else {
      throw syntaxError("the end of the input after the top-level value")
    }
  }

  // MARK: Kinds

  /// The kind of a JSON value.
  public enum Kind: Sendable {
    /// An object.
    case object
    /// An array.
    case array
    /// A string.
    case string
    /// A number.
    case number
    /// `true` or `false`.
    case bool
    /// `null`.
    case null
  }

  /// The kind of the next value, without reading it.
  public mutating func peekKind() throws(JSONError) -> Kind {
    guard let byte = try nextSignificantByte() else { throw syntaxError("a value") }
    switch byte {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: throw syntaxError("a value (object, array, string, number, true, false or null)")
    }
  }

  // MARK: Containers

  /// Reads `{`; then call ``nextName()`` until it returns `nil`.
  public mutating func beginObject() throws(JSONError) {
    guard try nextSignificantByte() == UInt8(ascii: "{") else {
      throw JSONError(.wrongType(expected: "an object", found: try describeValue()), path: path)
    }
    try push(isArray: false)
    position += 1
  }

  /// Reads `[`; then call ``nextElement()`` until it returns `false`.
  public mutating func beginArray() throws(JSONError) {
    guard try nextSignificantByte() == UInt8(ascii: "[") else {
      throw JSONError(.wrongType(expected: "an array", found: try describeValue()), path: path)
    }
    try push(isArray: true)
    position += 1
  }

  private mutating func push(isArray: Bool) throws(JSONError) {
    guard frames.count < Self.maximumDepth else {
      throw syntaxError("at most \(Self.maximumDepth) levels of nesting")
    }
    frames.append(Frame(isArray: isArray, index: -1, name: -1, firstName: names.count))
  }

  /// The name of the next member of the open object (the reader then stands at its value, which
  /// the caller must read or skip), or `nil` after its `}`.
  /// - Throws: a syntax error, or ``JSONError/Kind/duplicateName(_:)`` for a name the object
  ///   already has.
  public mutating func nextName() throws(JSONError) -> String? {
    guard try nextNameRecord() else { return nil }
    return nameText(names.count - 1)
  }

  /// The next member's name as its index in `table` (`-1` for a name not in it), or `nil`
  /// after the object's `}`: the fast way to read objects whose names are known, with no
  /// `String` made.
  @inlinable
  public mutating func nextName(in table: JSONNameTable) throws(JSONError) -> Int? {
    guard try nextNameRecord() else { return nil }
    let record = names[names.count - 1]
    return table.index(
      of: record.hash, UnsafeBufferPointer(start: nameBytes + record.start, count: record.count))
  }

  @usableFromInline
  func nameText(_ index: Int) -> String {
    let record = names[index]
    return String(
      decoding: UnsafeBufferPointer(start: nameBytes + record.start, count: record.count), as: UTF8.self)
  }

  /// Reads the next name into ``names``; `false` after the object's `}`.
  @usableFromInline
  mutating func nextNameRecord() throws(JSONError) -> Bool {
    let last = frames.count - 1
    let first = frames[last].name < 0 && names.count == frames[last].firstName
    var byte = try nextSignificantByte()
    if !first {
      switch byte {
      case UInt8(ascii: ","):
        position += 1
        frames[last].name = -1
        byte = try nextSignificantByte()
      case UInt8(ascii: "}"):
        position += 1
        pop()
        return false
      default:
        throw syntaxError("',' or '}' after this value")
      }
    } else if byte == UInt8(ascii: "}") {
      position += 1
      pop()
      return false
    }
    guard byte == UInt8(ascii: "\"") else { throw syntaxError("a name in double quotes") }
    let record = try readNameToken()
    guard try nextSignificantByte() == UInt8(ascii: ":") else {
      let name = String(
        decoding: UnsafeBufferPointer(start: nameBytes + record.start, count: record.count), as: UTF8.self)
      throw syntaxError("':' after the name \"\(name)\"")
    }
    position += 1
    let bit: UInt64 = 1 << (record.hash >> 58)
    if frames[last].nameBits & bit != 0 {
      var index = frames[last].firstName
      while index < names.count {
        let other = names[index]
        if other.hash == record.hash && other.count == record.count
          && UnsafeBufferPointer(start: nameBytes + other.start, count: other.count).elementsEqual(
            UnsafeBufferPointer(start: nameBytes + record.start, count: record.count))
        {
          names.append(record)
          frames[last].name = names.count - 1
          throw JSONError(.duplicateName(nameText(names.count - 1)), path: path)
        }
        index += 1
      }
    }
    frames[last].nameBits |= bit
    names.append(record)
    frames[last].name = names.count - 1
    return true
  }

  /// Reads a name (at its `"`) into ``nameBytes``.
  private mutating func readNameToken() throws(JSONError) -> NameRecord {
    let start = nameByteCount
    var scan = position + 1
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var ascii = true
    while scan < end {
      let byte = base[scan]
      if byte == UInt8(ascii: "\"") {
        let count = scan - position - 1
        let slice = UnsafeBufferPointer(start: base + position + 1, count: count)
        guard ascii || String(validating: slice, as: UTF8.self) != nil else { break }
        appendName(slice)
        position = scan + 1
        return NameRecord(hash: hash, start: start, count: count)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      ascii = ascii && byte < 0x80
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      scan += 1
    }
    // Escapes, bad bytes or the end of the window: the general string reader.
    let text = try readStringToken()
    hash = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    var text2 = text
    text2.withUTF8 { appendName($0) }
    return NameRecord(hash: hash, start: start, count: nameByteCount - start)
  }

  private mutating func appendName(_ bytes: UnsafeBufferPointer<UInt8>) {
    if nameByteCount + bytes.count > nameByteCapacity {
      let newCapacity = max(nameByteCapacity * 2, nameByteCount + bytes.count)
      let newStore = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
      newStore.update(from: nameBytes, count: nameByteCount)
      nameBytes.deallocate()
      nameBytes = newStore
      nameByteCapacity = newCapacity
    }
    if let source = bytes.baseAddress { (nameBytes + nameByteCount).update(from: source, count: bytes.count) }
    nameByteCount += bytes.count
  }

  /// Whether the open array has another element (the reader then stands at it); `false` after
  /// its `]`.
  public mutating func nextElement() throws(JSONError) -> Bool {
    let last = frames.count - 1
    let byte = try nextSignificantByte()
    if frames[last].index < 0 {
      if byte == UInt8(ascii: "]") {
        position += 1
        pop()
        return false
      }
      frames[last].index = 0
      return true
    }
    switch byte {
    case UInt8(ascii: ","):
      position += 1
      frames[last].index += 1
      return true
    case UInt8(ascii: "]"):
      position += 1
      pop()
      return false
    default:
      throw syntaxError("',' or ']' after this element")
    }
  }

  private mutating func pop() {
    let frame = frames.removeLast()
    if !frame.isArray && frame.firstName < names.count {
      nameByteCount = names[frame.firstName].start
      names.removeSubrange(frame.firstName...)
    }
  }

  /// The depth of the open containers (0 at the top level).
  public var depth: Int { frames.count }

  // MARK: Literals

  /// Reads `true` or `false`.
  public mutating func readBool() throws(JSONError) -> Bool {
    switch try nextSignificantByte() {
    case UInt8(ascii: "t"):
      try literal("true")
      return true
    case UInt8(ascii: "f"):
      try literal("false")
      return false
    default:
      throw JSONError(.wrongType(expected: "true or false", found: try describeValue()), path: path)
    }
  }

  /// Reads `null` if it comes next; returns whether it did.
  public mutating func readNullIfPresent() throws(JSONError) -> Bool {
    guard try nextSignificantByte() == UInt8(ascii: "n") else { return false }
    try literal("null")
    return true
  }

  mutating func literal(_ word: StaticString) throws(JSONError) {
    let length = word.utf8CodeUnitCount
    while end - position < length, try refill(keeping: position) {}
    guard end - position >= length,
      (0..<length).allSatisfy({ base[position + $0] == word.utf8Start[$0] })
    else { throw syntaxError("a value (object, array, string, number, true, false or null)") }
    position += length
  }

  // MARK: Values in memory

  /// Reads the next value whole (for small parts of a document).
  public mutating func readValue() throws(JSONError) -> JSONValue {
    switch try peekKind() {
    case .object:
      try beginObject()
      var members: [JSONMember] = []
      while let name = try nextName() {
        members.append(JSONMember(name: name, value: try readValue()))
      }
      return .object(JSONObject(members: members))
    case .array:
      try beginArray()
      var elements: [JSONValue] = []
      while try nextElement() { elements.append(try readValue()) }
      return .array(elements)
    case .string:
      return .string(try readString())
    case .number:
      let number = try readNumberToken()
      if let integer = number.integer { return .integer(integer) }
      return .number(number)
    case .bool:
      return .bool(try readBool())
    case .null:
      try literal("null")
      return .null
    }
  }

  /// Reads past the next value, checking its syntax, without keeping it.
  public mutating func skipValue() throws(JSONError) {
    switch try peekKind() {
    case .object:
      try beginObject()
      while try nextName() != nil { try skipValue() }
    case .array:
      try beginArray()
      while try nextElement() { try skipValue() }
    case .string:
      try skipStringToken()
    case .number:
      _ = try readNumberToken()
    case .bool:
      _ = try readBool()
    case .null:
      try literal("null")
    }
  }

  /// Reads the next value and says what it is, for an error message (`a string "C4"`, `an
  /// array`).
  public mutating func describeValue() throws(JSONError) -> String {
    switch try peekKind() {
    case .object:
      try skipValue()
      return "an object"
    case .array:
      try skipValue()
      return "an array"
    default:
      return try readValue().summary
    }
  }
}
