/// An `.npz` file being built in memory: a ZIP of NPY members (and other files such as
/// `info.json`), as `numpy.savez` (STORED) or `numpy.savez_compressed` (DEFLATE) writes it.
///
/// Members keep the order they were added in. Dates are fixed (1980-01-01 00:00), so the same
/// arrays always give the same bytes. Plain ZIP (no ZIP64): each member and the whole archive
/// stay under 4 GiB, at most 65535 members.
public struct NPZArchive: Sendable {
  /// One member's entry for the central directory.
  private struct Entry: Sendable {
    var name: [UInt8]
    var method: UInt16
    var crc: UInt32
    var compressedSize: Int
    var size: Int
    var offset: Int
  }

  /// Whether members are DEFLATE-compressed (otherwise STORED).
  public let compressed: Bool
  /// The bytes written so far: local headers and member data.
  private var bytes: [UInt8] = []
  private var entries: [Entry] = []
  private var names: Set<String> = []

  /// Largest size plain ZIP records.
  static let limit = Int(UInt32.max) - 1

  /// An empty archive.
  /// - Parameter compressed: DEFLATE (as `numpy.savez_compressed`), or STORED (`numpy.savez`).
  public init(compressed: Bool = true) {
    self.compressed = compressed
  }

  /// Adds an array as `name.npy`.
  /// - Throws: ``NPZError`` for a repeated name, a member past 4 GiB, or a failing zlib.
  public mutating func add(_ array: NPYArray, named name: String) throws(NPZError) {
    try addFile(named: name + ".npy", contents: array.npyBytes)
  }

  /// Adds a file with any contents (`numpy.load` gives it back as bytes).
  /// - Throws: ``NPZError`` for a repeated name, a member past 4 GiB, or a failing zlib.
  public mutating func addFile(named name: String, contents: [UInt8]) throws(NPZError) {
    guard names.insert(name).inserted else { throw .duplicateMember(name) }
    guard entries.count < 65535 else { throw .tooManyMembers(entries.count + 1) }
    guard contents.count <= Self.limit else { throw .tooLarge(member: name, bytes: contents.count) }
    let crc = Deflate.crc32(contents)
    let stored = compressed ? try Deflate.compress(contents) : contents
    let nameBytes = Array(name.utf8)
    let offset = bytes.count
    guard offset + 30 + nameBytes.count + stored.count <= Self.limit else {
      throw .tooLarge(member: "the archive", bytes: offset + 30 + nameBytes.count + stored.count)
    }
    let entry = Entry(
      name: nameBytes, method: compressed ? 8 : 0, crc: crc, compressedSize: stored.count,
      size: contents.count, offset: offset)
    bytes.reserveCapacity(bytes.count + 30 + nameBytes.count + stored.count)
    append32(0x0403_4B50)
    append16(20)  // version needed: 2.0
    append16(0)  // flags
    append16(entry.method)
    append16(0)  // time 00:00:00
    append16(0x21)  // date 1980-01-01
    append32(crc)
    append32(UInt32(stored.count))
    append32(UInt32(contents.count))
    append16(UInt16(nameBytes.count))
    append16(0)  // extra field length
    bytes += nameBytes
    bytes += stored
    entries.append(entry)
  }

  /// The finished archive: the members, then the central directory and its end record.
  /// - Throws: ``NPZError/tooLarge(member:bytes:)`` when the directory would pass 4 GiB.
  public consuming func finish() throws(NPZError) -> [UInt8] {
    let directoryOffset = bytes.count
    for entry in entries {
      append32(0x0201_4B50)
      append16(0x0314)  // made by: Unix, 2.0
      append16(20)
      append16(0)
      append16(entry.method)
      append16(0)
      append16(0x21)
      append32(entry.crc)
      append32(UInt32(entry.compressedSize))
      append32(UInt32(entry.size))
      append16(UInt16(entry.name.count))
      append16(0)  // extra
      append16(0)  // comment
      append16(0)  // disk
      append16(0)  // internal attributes
      append32(0o100644 << 16)  // external attributes: a regular file, rw-r--r--
      append32(UInt32(entry.offset))
      bytes += entry.name
    }
    let directorySize = bytes.count - directoryOffset
    guard bytes.count <= Self.limit else { throw .tooLarge(member: "the archive", bytes: bytes.count) }
    append32(0x0605_4B50)
    append16(0)
    append16(0)
    append16(UInt16(entries.count))
    append16(UInt16(entries.count))
    append32(UInt32(directorySize))
    append32(UInt32(directoryOffset))
    append16(0)  // comment length
    return bytes
  }

  private mutating func append16(_ value: UInt16) {
    bytes.append(UInt8(value & 0xFF))
    bytes.append(UInt8(value >> 8))
  }

  private mutating func append32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
    }
  }
}
