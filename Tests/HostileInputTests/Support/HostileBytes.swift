import Foundation

/// Builds Standard MIDI File bytes, well-formed or not, for hostile-input tests.
enum HostileBytes {
  /// `MThd` (length 6) with format, track count and division, then the chunks as they are.
  static func file(format: UInt16 = 1, trackCount: UInt16? = nil, division: UInt16 = 96, _ chunks: [[UInt8]])
    -> [UInt8]
  {
    let tracks = UInt16(clamping: chunks.filter { $0.starts(with: Array("MTrk".utf8)) }.count)
    return chunk("MThd", be16(format) + be16(trackCount ?? tracks) + be16(division)) + chunks.flatMap { $0 }
  }

  /// An `MTrk` chunk around event bytes; `length` overrides the declared length.
  static func track(_ events: [UInt8], length: Int? = nil) -> [UInt8] {
    chunk("MTrk", events, length: length)
  }

  /// A chunk: four type characters, a big-endian 32-bit length, the body.
  static func chunk(_ type: String, _ body: [UInt8], length: Int? = nil) -> [UInt8] {
    Array(type.utf8) + be32(length ?? body.count) + body
  }

  /// A RIFF `RMID` file around a Standard MIDI File (lengths little-endian, padded to even).
  static func rmid(_ smf: [UInt8], dataLength: Int? = nil, riffLength: Int? = nil) -> [UInt8] {
    var data = Array("data".utf8) + le32(dataLength ?? smf.count) + smf
    if smf.count % 2 == 1 { data.append(0) }
    let body = Array("RMID".utf8) + data
    return Array("RIFF".utf8) + le32(riffLength ?? body.count) + body
  }

  /// A big-endian 16-bit integer.
  static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

  /// A big-endian 32-bit integer (the low 32 bits of `value`).
  static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

  /// A little-endian 32-bit integer.
  static func le32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) } }

  /// A variable-length quantity in the fewest bytes (up to 5 for values past 28 bits).
  static func vlq(_ value: Int) -> [UInt8] {
    var bytes = [UInt8(value & 0x7F)]
    var rest = value >> 7
    while rest > 0 {
      bytes.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
      rest >>= 7
    }
    return bytes
  }

  /// End of Track with a zero delta-time.
  static let endOfTrack: [UInt8] = [0x00, 0xFF, 0x2F, 0x00]

  /// The first bytes of a real PNG image (signature, IHDR of a 1×1 image, IEND).
  static let png: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]  // signature
    + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]
    + [0x1F, 0x15, 0xC4, 0x89]  // CRC
    + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]

  /// A text file a person might hand the tool by mistake.
  static let plainText = Array("Hello, world.\nThis is not a song.\n".utf8)

  /// A text file that starts like a MIDI file, to get past the first check.
  static let text = Array("MThd is where a MIDI file starts; this is a README, not a song.\n".utf8)
}
