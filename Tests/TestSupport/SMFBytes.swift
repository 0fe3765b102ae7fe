/// Builds Standard MIDI File bytes, well-formed or not, for hand-made fixtures.
///
/// The header and chunk framing are written here; the events inside each track are written by
/// the tests as annotated byte arrays, so every fixture shows the bytes a reader sees.
public enum SMFBytes {
  /// `MThd` (length 6) with format, track count and division, then the chunks as they are.
  /// - Parameter trackCount: The declared number of tracks; defaults to the number of `MTrk`
  ///   chunks.
  public static func file(
    format: UInt16 = 1, trackCount: UInt16? = nil, division: UInt16 = 96, _ chunks: [[UInt8]]
  ) -> [UInt8] {
    let tracks = UInt16(clamping: chunks.filter { $0.starts(with: Array("MTrk".utf8)) }.count)
    return chunk("MThd", be16(format) + be16(trackCount ?? tracks) + be16(division)) + chunks.flatMap { $0 }
  }

  /// `MThd` (length 6) with format, track count and division, then the chunks as they are.
  public static func file(
    format: UInt16 = 1, trackCount: UInt16? = nil, division: UInt16 = 96, _ chunks: [UInt8]...
  ) -> [UInt8] {
    file(format: format, trackCount: trackCount, division: division, chunks)
  }

  /// An `MTrk` chunk around event bytes; `length` overrides the declared length.
  public static func track(_ events: [UInt8], length: Int? = nil) -> [UInt8] {
    chunk("MTrk", events, length: length)
  }

  /// A chunk: four type characters, a big-endian 32-bit length (`length`, or the body's), the body.
  public static func chunk(_ type: String, _ body: [UInt8], length: Int? = nil) -> [UInt8] {
    Array(type.utf8) + be32(length ?? body.count) + body
  }

  /// A RIFF `RMID` file around a Standard MIDI File (lengths little-endian, padded to even).
  public static func rmid(_ smf: [UInt8], dataLength: Int? = nil, riffLength: Int? = nil) -> [UInt8] {
    var data = Array("data".utf8) + le32(dataLength ?? smf.count) + smf
    if smf.count % 2 == 1 { data.append(0) }
    let body = Array("RMID".utf8) + data
    return Array("RIFF".utf8) + le32(riffLength ?? body.count) + body
  }

  /// A big-endian 16-bit integer.
  public static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

  /// A big-endian 32-bit integer (the low 32 bits of `value`).
  public static func be32(_ value: Int) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  /// A little-endian 32-bit integer.
  public static func le32(_ value: Int) -> [UInt8] {
    [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  /// A variable-length quantity in the fewest bytes (up to 5 for values past 28 bits).
  public static func vlq(_ value: Int) -> [UInt8] {
    var bytes = [UInt8(value & 0x7F)]
    var rest = value >> 7
    while rest > 0 {
      bytes.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
      rest >>= 7
    }
    return bytes
  }

  /// `00 FF 2F 00`: End of Track at delta 0.
  public static let endOfTrack: [UInt8] = [0x00, 0xFF, 0x2F, 0x00]
}
