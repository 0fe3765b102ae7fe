/// symusic 0.6's MIDI reading, byte for byte: its MIDI parser (minimidi's `MidiFileView`,
/// `TrackGenerator` and `MessageGenerator`) and the checks of `parse_midi`, feeding the same
/// ``ScoreTrackReader`` as the fast path.
///
/// midiroll's own reader reads every well-formed file as minimidi does, and is used first
/// (``Score/init(midiBytes:options:)``). minimidi reads some damaged or unusual files
/// otherwise — an `F7` packet as a one-byte message, running status after SysEx as a repeat
/// of the SysEx, system messages with its own lengths (255 bytes for `F4`, `F5`, `F9`, `FD`),
/// a track chunk to its declared length, the fields of a short meta event from the bytes after
/// it — and for those files this parser gives what MidiTok tokenizes. Where minimidi would
/// read outside the file (undefined behaviour in C++) the reading is refused.
struct SymusicMIDIParser {
  /// Why symusic gives no score for a file.
  enum Failure: Error {
    /// symusic raises an exception: MidiTok cannot read the file.
    case refused(String)
    /// minimidi would read outside the file's bytes: its result is undefined.
    case undefined
  }

  let bytes: [UInt8]

  /// The file's score as symusic reads it.
  static func read(_ bytes: [UInt8]) -> Result<Score, Failure> {
    let parser = SymusicMIDIParser(bytes: bytes)
    do throws(Failure) {
      return .success(try parser.score())
    } catch {
      return .failure(error)
    }
  }

  @inline(__always)
  private func byte(_ offset: Int) throws(Failure) -> UInt8 {
    guard offset >= 0 && offset < bytes.count else { throw .undefined }
    return bytes[offset]
  }

  private func bigEndian(_ offset: Int, _ count: Int) throws(Failure) -> Int {
    var value = 0
    for index in 0..<count { value = value << 8 | Int(try byte(offset + index)) }
    return value
  }

  /// `read_variable_length`: at most four bytes, the last taken whole.
  private func variableLength(_ cursor: inout Int) throws(Failure) -> Int {
    var value = 0
    for step in 0..<4 {
      let next = try byte(cursor)
      cursor += 1
      value = value << 7 | Int(next & 0x7F)
      if next & 0x80 == 0 || step == 3 { break }
    }
    return value
  }

  private func isTrackChunk(at offset: Int) throws(Failure) -> Bool {
    let tag = try bigEndian(offset, 4)
    return tag == 0x4D54_726B
  }

  func score() throws(Failure) -> Score {
    // MidiHeader
    guard bytes.count >= 14 else { throw .refused("shorter than a header") }
    guard bytes[0] == 0x4D, bytes[1] == 0x54, bytes[2] == 0x68, bytes[3] == 0x64 else {
      throw .refused("no MThd")
    }
    guard try bigEndian(4, 4) == 6 else { throw .refused("header length is not 6") }
    guard try bigEndian(8, 2) <= 2 else { throw .refused("format above 2") }
    guard bytes[12] & 0x80 == 0 else { throw .refused("SMPTE division") }
    let ticksPerQuarter = Int(bytes[12] & 0x7F) << 8 | Int(bytes[13])
    // MidiTok resamples by dividing by it.
    guard ticksPerQuarter > 0 else { throw .refused("a division of 0 ticks per quarter") }
    let trackCount = try bigEndian(10, 2)

    var score = Score(ticksPerQuarter: ticksPerQuarter)
    var cursor = 14
    var trackIndex = 0
    while cursor < bytes.count && trackIndex < trackCount {
      // TrackGenerator::parse_chunk_len: other chunks are skipped.
      while !(try isTrackChunk(at: cursor)) {
        let length = try bigEndian(cursor + 4, 4)
        guard cursor + length + 8 <= bytes.count else { throw .refused("a chunk runs past the file") }
        cursor += 8 + length
      }
      let length = try bigEndian(cursor + 4, 4)
      var reader = ScoreTrackReader(capacity: 0)
      try readTrack(from: cursor + 8, to: cursor + 8 + length, into: &reader)
      reader.finish(into: &score)
      if reader.divergence != nil { throw .undefined }
      cursor += 8 + length
      trackIndex += 1
    }
    score.sortGlobalLists()
    return score
  }

  /// minimidi's message lengths by status (`MESSAGE_LENGTH`, kept in a byte: 65535 is 255).
  private static func messageLength(_ status: UInt8) -> Int {
    switch status {
    case 0x80...0xBF, 0xE0...0xEF: return 3
    case 0xC0...0xDF: return 2
    case 0xF1, 0xF3: return 2
    case 0xF2: return 3
    case 0xF6, 0xF7, 0xF8, 0xFA, 0xFB, 0xFC, 0xFE: return 1
    default: return 255
    }
  }

  /// One track chunk, `MessageGenerator` and `parse_midi`'s switch: `end` is where the
  /// declared length ends (past the file if it says so).
  private func readTrack(from start: Int, to end: Int, into reader: inout ScoreTrackReader) throws(Failure) {
    var cursor = start
    var tick: UInt32 = 0
    var previousStatus: UInt8 = 0
    var previousLength = 0
    while cursor < end {
      tick &+= UInt32(truncatingIfNeeded: try variableLength(&cursor))
      let time = Int32(bitPattern: tick)
      let status = try byte(cursor)
      switch status {
      case 0xF0:
        previousStatus = 0xF0
        let begin = cursor
        cursor += 1
        previousLength = try variableLength(&cursor) + (cursor - begin)
        guard begin + previousLength <= end else { throw .refused("SysEx past the track") }
        cursor = begin + previousLength
      case 0xFF:
        let begin = cursor
        cursor += 2
        let length = try variableLength(&cursor) + (cursor - begin)
        guard begin + length <= end else { throw .refused("meta event past the track") }
        let type = try byte(begin + 1)
        if type == 0x2F { return }
        cursor = begin + length
        try meta(type: type, at: begin + 1, dataLength: length - 1, time: time, into: &reader)
      case 0x00..<0x80:
        guard previousLength != 0 else { throw .refused("running status with nothing in effect") }
        guard cursor + previousLength - 1 <= end else { throw .refused("event past the track") }
        let data = cursor
        cursor += previousLength - 1
        try channel(status: previousStatus, data: data, time: time, into: &reader)
      default:
        previousStatus = status
        previousLength = Self.messageLength(status)
        guard cursor + previousLength <= end else { throw .refused("event past the track") }
        let data = cursor + 1
        cursor += previousLength
        try channel(status: status, data: data, time: time, into: &reader)
      }
    }
  }

  /// `parse_midi`'s handling of a message whose data starts at `data`: data bytes are read
  /// only where symusic reads them, and checked as it checks them.
  private func channel(status: UInt8, data: Int, time: Int32, into reader: inout ScoreTrackReader)
    throws(Failure)
  {
    guard status >= 0x80 && status < 0xF0 else { return }
    switch status & 0xF0 {
    case 0x80, 0x90, 0xB0:
      let first = try byte(data)
      let second = try byte(data + 1)
      guard first < 0x80, second < 0x80 else { throw .refused("a data byte of 0x80 or more") }
      reader.channelMessage(time: time, status: status, first, second)
    case 0xC0:
      let program = try byte(data)
      guard program < 0x80 else { throw .refused("a program of 0x80 or more") }
      reader.channelMessage(time: time, status: status, program, 0)
    case 0xE0:
      let value = (Int32(try byte(data)) | Int32(try byte(data + 1)) << 7) - 8192
      guard value <= 8191 else { throw .refused("a pitch bend past 8191") }
      reader.pitchBend(channel: Int(status & 0x0F), value: value, time: time)
    default:
      return
    }
  }

  /// A meta event whose bytes (type, length, data) start at `begin`: fields are read from
  /// `begin + 2` on, as minimidi reads them.
  private func meta(
    type: UInt8, at begin: Int, dataLength: Int, time: Int32, into reader: inout ScoreTrackReader
  )
    throws(Failure)
  {
    switch type {
    case 0x58:
      reader.addTimeSignature(time: time, numerator: try byte(begin + 2), shift: try byte(begin + 3))
    case 0x51:
      reader.addTempo(time: time, try byte(begin + 2), try byte(begin + 3), try byte(begin + 4))
    case 0x59:
      reader.addKeySignature(time: time, key: try byte(begin + 2), tonality: try byte(begin + 3))
    case 0x05, 0x06:
      var cursor = begin + 1
      let textLength = try variableLength(&cursor)
      guard cursor + textLength <= begin + dataLength else { throw .refused("meta value out of bound") }
      if type == 0x05 {
        reader.addLyric(time: time, empty: textLength == 0)
      } else {
        reader.addMarker(time: time, empty: textLength == 0)
      }
    default:
      return
    }
  }
}
