/// The names a reader of one kind of object knows, for ``JSONReader/nextName(in:)``: a name
/// read is matched by its hash and then its bytes, with no `String` made.
public struct JSONNameTable: Sendable {
  @usableFromInline let hashes: [UInt64]
  @usableFromInline let names: [[UInt8]]

  /// A table of `names`; ``JSONReader/nextName(in:)`` returns their indices.
  public init(_ names: [String]) {
    self.names = names.map { Array($0.utf8) }
    hashes = self.names.map(Self.hash)
  }

  /// FNV-1a, 64 bits, of the bytes: the hash the reader computes as it reads a name.
  @inlinable
  public static func hash(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// The index of the name with these bytes, or −1.
  @inlinable
  func index(of hash: UInt64, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    for index in hashes.indices where hashes[index] == hash {
      if names[index].elementsEqual(bytes) { return index }
    }
    return -1
  }
}
