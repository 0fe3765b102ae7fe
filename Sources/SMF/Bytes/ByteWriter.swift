/// An append-only byte buffer with the integer encodings a Standard MIDI File uses.
///
/// Every `write…` method returns the number of bytes it wrote.
public struct ByteWriter: Sendable {
  /// The bytes written so far.
  public private(set) var bytes: [UInt8]

  /// Creates an empty writer with room for `capacity` bytes.
  public init(capacity: Int = 0) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// How many bytes have been written.
  public var count: Int { bytes.count }

  /// Appends one byte.
  @discardableResult
  public mutating func writeUInt8(_ value: UInt8) -> Int {
    bytes.append(value)
    return 1
  }

  /// Appends bytes as they are.
  @discardableResult
  public mutating func writeBytes(_ values: some Sequence<UInt8>) -> Int {
    let before = bytes.count
    bytes.append(contentsOf: values)
    return bytes.count - before
  }

  /// Appends a big-endian 16-bit integer.
  @discardableResult
  public mutating func writeUInt16(_ value: UInt16) -> Int {
    bytes.append(UInt8(value >> 8))
    bytes.append(UInt8(truncatingIfNeeded: value))
    return 2
  }

  /// Appends a big-endian 32-bit integer.
  @discardableResult
  public mutating func writeUInt32(_ value: UInt32) -> Int {
    bytes.append(UInt8(truncatingIfNeeded: value >> 24))
    bytes.append(UInt8(truncatingIfNeeded: value >> 16))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    bytes.append(UInt8(truncatingIfNeeded: value))
    return 4
  }

  /// Overwrites four bytes at `offset` with a big-endian 32-bit integer (a chunk length).
  public mutating func setUInt32(_ value: UInt32, at offset: Int) {
    bytes[offset] = UInt8(truncatingIfNeeded: value >> 24)
    bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 16)
    bytes[offset + 2] = UInt8(truncatingIfNeeded: value >> 8)
    bytes[offset + 3] = UInt8(truncatingIfNeeded: value)
  }

  /// Appends at most `maximumCount` bytes that `body` writes straight into the storage from
  /// the pointer it is given, returning how many it wrote: one check of the storage for many
  /// bytes (an encoder's batch), where ``writeUInt8(_:)`` checks it for each.
  /// - Precondition: `body` writes and returns at most `maximumCount` bytes.
  public mutating func write(atMost maximumCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: maximumCount))
    let written = bytes.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    precondition(written >= 0 && written <= maximumCount, "wrote more than the room asked for")
    bytes.removeLast(maximumCount - written)
  }

  /// The most bytes ``writeVariableLengthQuantity(to:_:)`` writes (a 64-bit value).
  public static let variableLengthQuantityMaximumCount = 10

  /// Writes a variable-length quantity at `pointer`, as ``writeVariableLengthQuantity(_:)``
  /// appends it, and returns the pointer past it.
  /// - Precondition: `value >= 0`; room for ``variableLengthQuantityMaximumCount`` bytes.
  @inlinable
  public static func writeVariableLengthQuantity(to pointer: UnsafeMutablePointer<UInt8>, _ value: Int)
    -> UnsafeMutablePointer<UInt8>
  {
    precondition(value >= 0, "a variable-length quantity is never negative")
    if value < 0x80 {
      pointer.pointee = UInt8(truncatingIfNeeded: value)
      return pointer + 1
    }
    var shift = 7
    while value >> (shift + 7) != 0 { shift += 7 }
    var next = pointer
    while shift > 0 {
      next.pointee = UInt8(truncatingIfNeeded: (value >> shift) & 0x7F) | 0x80
      next += 1
      shift -= 7
    }
    next.pointee = UInt8(truncatingIfNeeded: value & 0x7F)
    return next + 1
  }

  /// Appends a variable-length quantity (7 bits a byte, most significant first).
  ///
  /// Values above `0x0FFFFFFF`, the largest the SMF specification allows, are written with as
  /// many bytes as they need; readers of this package refuse more than four.
  /// - Precondition: `value >= 0`.
  @discardableResult
  public mutating func writeVariableLengthQuantity(_ value: Int) -> Int {
    var count = 0
    write(atMost: Self.variableLengthQuantityMaximumCount) { start in
      count = Self.writeVariableLengthQuantity(to: start, value) - start
      return count
    }
    return count
  }
}
