/// A bounds-checked cursor over the bytes of a file.
///
/// Every `read…` method advances the cursor; every `peek…` method leaves it where it is.
/// Nothing here ever reads past `end`: a read that would do so throws
/// ``SMFProblem/Kind-swift.enum/unexpectedEnd(expected:)`` at the cursor's offset.
/// No copy of the remaining bytes is ever made.
public struct ByteReader: Sendable {
  /// The bytes being read (shared, never copied).
  public let bytes: [UInt8]
  /// The offset of the next byte to read, from the start of `bytes`.
  public var offset: Int
  /// The offset one past the last byte this reader may read.
  public var end: Int
  /// The track index reported in errors, or `nil` outside a track.
  public var track: Int?

  /// Creates a reader over `bytes[start..<end]`.
  /// - Parameters:
  ///   - bytes: The bytes to read.
  ///   - start: The first offset to read; defaults to 0.
  ///   - end: One past the last offset to read; defaults to `bytes.count`. Clamped to the bytes.
  public init(_ bytes: [UInt8], start: Int = 0, end: Int? = nil) {
    self.bytes = bytes
    self.offset = max(0, min(start, bytes.count))
    self.end = max(self.offset, min(end ?? bytes.count, bytes.count))
    self.track = nil
  }

  /// How many bytes are left before `end`.
  @inlinable public var remaining: Int { end - offset }

  /// Whether the cursor has reached `end`.
  @inlinable public var isAtEnd: Bool { offset >= end }

  /// An error of the given kind at the cursor's offset and track.
  public func error(_ kind: SMFError.Kind, at offset: Int? = nil) -> SMFError {
    SMFError(kind, offset: offset ?? self.offset, track: track)
  }

  /// Throws unless at least `count` bytes are left.
  /// - Parameter expected: What was being read, for the error message.
  @inlinable public func require(_ count: Int, _ expected: String) throws(SMFError) {
    guard count <= end - offset else {
      throw SMFError(.unexpectedEnd(expected: expected), offset: offset, track: track)
    }
  }

  /// Reads one byte.
  @inlinable public mutating func readUInt8(_ expected: String = "a byte") throws(SMFError) -> UInt8 {
    guard offset < end else {
      throw SMFError(.unexpectedEnd(expected: expected), offset: offset, track: track)
    }
    let byte = bytes[offset]
    offset &+= 1
    return byte
  }

  /// Reads a big-endian 16-bit integer.
  public mutating func readUInt16(_ expected: String) throws(SMFError) -> UInt16 {
    try require(2, expected)
    let value = UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    offset += 2
    return value
  }

  /// Reads a big-endian 32-bit integer.
  public mutating func readUInt32(_ expected: String) throws(SMFError) -> UInt32 {
    try require(4, expected)
    let value =
      UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
      | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    offset += 4
    return value
  }

  /// Reads a little-endian 32-bit integer (RIFF chunk lengths).
  public mutating func readUInt32LittleEndian(_ expected: String) throws(SMFError) -> UInt32 {
    try require(4, expected)
    let value =
      UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
      | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    offset += 4
    return value
  }

  /// Reads four bytes as a chunk type such as `MThd`.
  public mutating func readChunkType() throws(SMFError) -> ChunkType {
    try require(4, "a 4-byte chunk type")
    let type = ChunkType(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
    offset += 4
    return type
  }

  /// Returns the next four bytes as a chunk type without advancing, or `nil` if fewer are left.
  public func peekChunkType() -> ChunkType? {
    guard end - offset >= 4 else { return nil }
    return ChunkType(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
  }

  /// Reads a variable-length quantity: 7 bits a byte, most significant first, at most 4 bytes.
  ///
  /// The SMF specification: "numbers are represented 7 bits per byte, most significant bits
  /// first. All bytes except the last have bit 7 set … the largest number which is allowed is
  /// 0FFFFFFF so that the variable-length representations must fit in 32 bits."
  @inlinable public mutating func readVariableLengthQuantity(
    _ expected: String = "a variable-length quantity"
  ) throws(SMFError) -> Int {
    let start = offset
    var value = 0
    for _ in 0..<4 {
      guard offset < end else {
        throw SMFError(.unexpectedEnd(expected: expected), offset: offset, track: track)
      }
      let byte = bytes[offset]
      offset &+= 1
      value = value << 7 | Int(byte & 0x7F)
      if byte & 0x80 == 0 { return value }
    }
    throw SMFError(.variableLengthQuantityTooLong, offset: start, track: track)
  }

  /// Returns the bytes `[offset, offset + count)` as a new array and advances past them.
  ///
  /// The count is checked against the bytes left before anything is allocated.
  /// - Parameter expected: What was being read, for the error message.
  public mutating func readBytes(_ count: Int, _ expected: String) throws(SMFError) -> [UInt8] {
    Array(bytes[try readRange(count, expected)])
  }

  /// Advances past `count` bytes and returns where they are in ``bytes``, throwing if fewer
  /// are left.
  public mutating func readRange(_ count: Int, _ expected: String) throws(SMFError) -> Range<Int> {
    guard count >= 0, count <= end - offset else {
      throw SMFError(
        .declaredLengthPastEnd(what: expected, declared: count, available: end - offset),
        offset: offset, track: track)
    }
    let range = offset..<offset + count
    offset += count
    return range
  }

  /// Advances past `count` bytes, throwing if fewer are left.
  public mutating func skip(_ count: Int, _ expected: String) throws(SMFError) {
    guard count >= 0, count <= end - offset else {
      throw SMFError(
        .declaredLengthPastEnd(what: expected, declared: count, available: end - offset),
        offset: offset, track: track)
    }
    offset += count
  }
}
