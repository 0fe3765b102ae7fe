/// mido 1.3's reading of a MIDI file (`mido/midifiles/midifiles.py`), byte for byte, for the
/// files the SMF reader reads with a warning or refuses: there the two readings part (mido reads
/// a track until exactly its declared length, through End of Track and past a short length into
/// the next chunk; keeps running status after SysEx as a SysEx status; reads system messages as
/// messages; knows no RIFF wrapper and no other chunks; reads only the header's number of
/// tracks), and muspy's answer is mido's.
///
/// Events go to a ``MuspyTrackBuilder`` per track; nothing else is kept. Every exception mido
/// raises is a ``MuspyRefusal`` with the offset where it would.
struct MidoReader {
  let bytes: [UInt8]
  var offset = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// The header's values as mido unpacks them (`struct.unpack('>hhh')`: signed).
  struct Header {
    var format: Int
    var trackCount: Int
    var division: Int
  }

  /// Reads the header, then the header's number of tracks, each into a builder handed to
  /// `eachTrack`.
  mutating func read(eachTrack: (inout MuspyTrackBuilder) throws(MuspyRefusal) -> Void) throws(MuspyRefusal)
    -> Header
  {
    let (name, size) = try chunkHeader()
    guard name.elementsEqual("MThd".utf8) else {
      throw MuspyRefusal("OSError", "MThd not found. Probably not a MIDI file", offset: 0)
    }
    let data = bytes[offset..<min(bytes.count, offset + size)]
    offset = data.endIndex
    guard data.count >= 6 else { throw eof() }
    func signed(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(data[at]) << 8 | UInt16(data[at + 1]))) }
    let header = Header(
      format: signed(data.startIndex), trackCount: signed(data.startIndex + 2),
      division: signed(data.startIndex + 4))
    for _ in 0..<max(0, header.trackCount) {
      var builder = MuspyTrackBuilder(capacity: 0)
      try readTrack(into: &builder)
      try eachTrack(&builder)
    }
    return header
  }

  private func eof() -> MuspyRefusal { MuspyRefusal("EOFError", "", offset: offset) }

  private mutating func chunkHeader() throws(MuspyRefusal) -> (name: ArraySlice<UInt8>, size: Int) {
    guard bytes.count - offset >= 8 else { throw eof() }
    let name = bytes[offset..<offset + 4]
    let size = bytes[offset + 4..<offset + 8].reduce(0) { $0 << 8 | Int($1) }
    offset += 8
    return (name, size)
  }

  private mutating func byte() throws(MuspyRefusal) -> UInt8 {
    guard offset < bytes.count else { throw eof() }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// A variable-length quantity of any length (Python's integers do not overflow; past 2^56 this
  /// refuses, as no song that long can be measured).
  private mutating func variableInt() throws(MuspyRefusal) -> Int {
    var value = 0
    while true {
      let next = try byte()
      guard value < 1 << 56 else {
        throw MuspyRefusal("OverflowError", "a variable-length quantity past 2^56", offset: offset)
      }
      value = value << 7 | Int(next & 0x7F)
      if next < 0x80 { return value }
    }
  }

  /// `read_bytes`: at most 1,000,000, each byte there.
  private mutating func dataBytes(_ count: Int) throws(MuspyRefusal) -> ArraySlice<UInt8> {
    guard count <= MidoMeta.maximumLength else {
      throw MuspyRefusal("OSError", "Message length \(count) exceeds maximum length 1000000", offset: offset)
    }
    guard bytes.count - offset >= count else {
      offset = bytes.count
      throw eof()
    }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  /// How long mido's spec says a message of this status is (status byte included), or `nil`
  /// for the undefined ones (`F4`, `F5`, `F9`, `FD`).
  private static func messageLength(_ status: UInt8) -> Int? {
    switch status {
    case 0x80...0xBF, 0xE0...0xEF: 3
    case 0xC0...0xDF: 2
    case 0xF1, 0xF3: 2
    case 0xF2: 3
    case 0xF6, 0xF8, 0xFA, 0xFB, 0xFC, 0xFE, 0xFF: 1
    default: nil
    }
  }

  /// `read_track`: events until the bytes read since the chunk's data began are exactly its
  /// declared size, however far past End of Track or into the next chunk that is.
  private mutating func readTrack(into builder: inout MuspyTrackBuilder) throws(MuspyRefusal) {
    let (name, size) = try chunkHeader()
    guard name.elementsEqual("MTrk".utf8) else {
      throw MuspyRefusal("OSError", "no MTrk header at start of track", offset: offset - 8)
    }
    let start = offset
    var lastStatus: UInt8? = nil
    var tick = 0
    while offset - start != size {
      tick += try variableInt()
      guard tick < 1 << 60 else {
        throw MuspyRefusal("OverflowError", "a track longer than 2^60 ticks", offset: offset)
      }
      let eventOffset = offset
      var status = try byte()
      var peeked: [UInt8] = []
      if status < 0x80 {
        guard let running = lastStatus else {
          throw MuspyRefusal("OSError", "running status without last_status", offset: eventOffset)
        }
        peeked = [status]
        status = running
      } else if status != 0xFF {
        lastStatus = status
      }
      switch status {
      case 0xFF:
        let type = try byte()
        let data = try dataBytes(try variableInt())
        builder.appendData(tick: tick, status: 0xFF, type: type, data)
      case 0xF0, 0xF7:
        let data = try dataBytes(try variableInt())
        builder.appendData(tick: tick, status: status, type: 0, data)
      default:
        guard let length = Self.messageLength(status) else {
          throw MuspyRefusal(
            "OSError", "undefined status byte 0x\(String(status, radix: 16))", offset: eventOffset)
        }
        let data = peeked + (try dataBytes(max(0, length - 1 - peeked.count)))
        guard data.allSatisfy({ $0 <= 127 }) else {
          throw MuspyRefusal("OSError", "data byte must be in range 0..127", offset: eventOffset)
        }
        guard data.count == length - 1 else {
          throw MuspyRefusal(
            "ValueError", "wrong number of bytes for a 0x\(String(status, radix: 16)) message",
            offset: eventOffset)
        }
        if status < 0xF0 {
          builder.appendChannel(tick: tick, status: status, data[0], data.count > 1 ? data[1] : 0)
        } else {
          builder.appendIgnored(tick: tick)
        }
      }
      if let refusal = builder.refusal {
        throw MuspyRefusal(refusal.exception, refusal.message, offset: eventOffset)
      }
    }
  }
}
