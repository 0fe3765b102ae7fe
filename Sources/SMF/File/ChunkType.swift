/// The four ASCII bytes that name a chunk, such as `MThd` or `MTrk`.
public struct ChunkType: Hashable, Sendable, CustomStringConvertible {
  /// The four bytes, first byte in the most significant position.
  public let rawValue: UInt32

  /// Creates a chunk type from its four bytes.
  public init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
    rawValue = UInt32(a) << 24 | UInt32(b) << 16 | UInt32(c) << 8 | UInt32(d)
  }

  /// Creates a chunk type from a four-character ASCII string.
  /// - Precondition: `name` has exactly four ASCII characters.
  public init(_ name: StaticString) {
    precondition(name.utf8CodeUnitCount == 4, "a chunk type has four characters")
    let p = name.utf8Start
    self.init(p[0], p[1], p[2], p[3])
  }

  /// The four bytes in file order.
  public var bytes: [UInt8] {
    [
      UInt8(truncatingIfNeeded: rawValue >> 24), UInt8(truncatingIfNeeded: rawValue >> 16),
      UInt8(truncatingIfNeeded: rawValue >> 8), UInt8(truncatingIfNeeded: rawValue),
    ]
  }

  /// Whether all four bytes are printable ASCII, as every real chunk type is.
  public var isPrintable: Bool { bytes.allSatisfy { (0x20...0x7E).contains($0) } }

  /// The type as text, with unprintable bytes shown as `\xNN`.
  public var description: String {
    bytes.map { byte in
      (0x20...0x7E).contains(byte)
        ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16, uppercase: true)
    }.joined()
  }

  /// `MThd`, the header chunk.
  public static let header = ChunkType("MThd")
  /// `MTrk`, a track chunk.
  public static let track = ChunkType("MTrk")
  /// `RIFF`, the wrapper of an RMID file.
  public static let riff = ChunkType("RIFF")
  /// `RMID`, the RIFF form type of a MIDI file.
  public static let rmid = ChunkType("RMID")
  /// `data`, the RIFF chunk holding the Standard MIDI File inside an RMID file.
  public static let riffData = ChunkType("data")
}
