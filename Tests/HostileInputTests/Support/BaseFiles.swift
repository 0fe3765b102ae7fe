import Foundation
import TestSupport

/// Well-formed files the mutation corpus starts from: hand-made ones that cover every kind of
/// event and chunk, and the repository's samples.
enum BaseFiles {
  /// A note-on and its note-off a beat later, with running status for the off.
  static func note(_ key: UInt8, channel: UInt8 = 0) -> [UInt8] {
    [0x00, 0x90 | channel, key, 0x64, 0x60, key, 0x00]
  }

  /// Every hand-made base file.
  static let made: [(name: String, bytes: [UInt8])] = {
    let conductor: [UInt8] =
      [0x00, 0xFF, 0x03, 0x05] + Array("Tempo".utf8)  // track name
      + [0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20]  // tempo 500000 µs
      + [0x00, 0xFF, 0x58, 0x04, 0x06, 0x03, 0x18, 0x08]  // 6/8
      + [0x00, 0xFF, 0x59, 0x02, 0x01, 0x00]  // G major
      + [0x83, 0x00, 0xFF, 0x51, 0x03, 0x0F, 0x42, 0x40]  // tempo change at 384
      + SMFBytes.endOfTrack
    let melody: [UInt8] =
      [0x00, 0xC0, 0x49]  // program change
      + [0x00, 0xB0, 0x07, 0x64, 0x00, 0x0A, 0x40]  // controllers, running status
      + note(60) + note(62) + note(64)
      + [0x00, 0xE0, 0x00, 0x40, 0x10, 0xD0, 0x30]  // pitch bend, channel pressure
      + [0x00, 0xA0, 0x3C, 0x20]  // poly pressure
      + [0x00, 0x80, 0x3C, 0x40]  // note-off with release velocity
      + SMFBytes.endOfTrack
    let drums: [UInt8] =
      (0..<8).flatMap { note(36 + UInt8($0 % 3) * 2, channel: 9) } + SMFBytes.endOfTrack
    let sysEx: [UInt8] =
      [0x00, 0xF0, 0x05, 0x7E, 0x7F, 0x09, 0x01, 0xF7]  // GM on, whole
      + [0x00, 0xF0, 0x03, 0x43, 0x12, 0x00]  // first packet
      + [0x10, 0xF7, 0x02, 0x43, 0xF7]  // continuation
      + [0x00, 0xF7, 0x02, 0xF3, 0x01]  // escape
      + note(67)
      + SMFBytes.endOfTrack
    let longMeta: [UInt8] =
      [0x00, 0xFF, 0x01] + SMFBytes.vlq(300) + Array(repeating: 0x41, count: 300)  // 2-byte length
      + [0x00, 0xFF, 0x7F, 0x03, 0x00, 0x00, 0x41]  // sequencer-specific
      + [0x00, 0xFF, 0x60, 0x01, 0x00]  // unknown meta type
      + note(72) + SMFBytes.endOfTrack
    var many: [UInt8] = [0x00, 0x90, 0x30, 0x40]
    for index in 0..<1500 {
      many += [0x01, UInt8(0x30 + index % 24), UInt8(index % 2 == 0 ? 0 : 0x40)]
    }
    many += SMFBytes.endOfTrack
    let format0 = SMFBytes.file(format: 0, [SMFBytes.track(Array(conductor.dropLast(4)) + melody)])
    return [
      ("format 0", format0),
      (
        "format 1",
        SMFBytes.file(
          format: 1, division: 480,
          [SMFBytes.track(conductor), SMFBytes.track(melody), SMFBytes.track(drums)])
      ),
      ("format 2", SMFBytes.file(format: 2, [SMFBytes.track(melody), SMFBytes.track(drums)])),
      ("SMPTE with SysEx", SMFBytes.file(format: 0, division: 0xE728, [SMFBytes.track(sysEx)])),
      ("RMID", SMFBytes.rmid(format0)),
      (
        "unknown chunk and long meta",
        SMFBytes.file(
          [
            SMFBytes.track(longMeta), SMFBytes.chunk("XFIH", Array(repeating: 7, count: 12)),
            SMFBytes.track(melody),
          ])
      ),
      ("1500 events", SMFBytes.file(format: 0, [SMFBytes.track(many)])),
      ("empty track", SMFBytes.file(format: 0, [SMFBytes.track(SMFBytes.endOfTrack)])),
    ]
  }()

  /// The repository's samples, read from disk.
  static let samples: [(name: String, bytes: [UInt8])] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
    let files =
      (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
    return files.filter { $0.pathExtension == "mid" }.sorted { $0.path < $1.path }.compactMap { url in
      guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
      return (url.lastPathComponent, [UInt8](data))
    }
  }()

  /// Hand-made files, then samples.
  static let all = made + samples
}

/// Where things are in a well-formed file: its chunks and, inside each track, its events.
struct Layout {
  /// A chunk: where its type starts, and its declared length.
  struct Chunk {
    var start: Int
    var length: Int
    var isTrack: Bool
  }

  /// An event: where its delta-time, its status byte (if written) and its length (meta and
  /// SysEx) are.
  struct Event {
    var delta: Int
    var status: Int?
    var length: Int?
    var end: Int
  }

  var header: Int
  var chunks: [Chunk] = []
  var events: [Event] = []

  /// Scans a well-formed file (an RMID wrapper is stepped over).
  init(_ bytes: [UInt8]) {
    header = bytes.starts(with: Array("RIFF".utf8)) ? 20 : 0
    var offset = header
    while offset + 8 <= bytes.count {
      let length = bytes[offset + 4..<offset + 8].reduce(0) { $0 << 8 | Int($1) }
      let isTrack = bytes[offset..<offset + 4].elementsEqual("MTrk".utf8)
      chunks.append(Chunk(start: offset, length: length, isTrack: isTrack))
      if isTrack { scanEvents(bytes, from: offset + 8, to: min(bytes.count, offset + 8 + length)) }
      offset += 8 + length
    }
  }

  private mutating func scanEvents(_ bytes: [UInt8], from start: Int, to end: Int) {
    var offset = start
    var running: UInt8 = 0
    func skipVLQ() {
      while offset < end && bytes[offset] & 0x80 != 0 { offset += 1 }
      offset += 1
    }
    func readVLQ() -> Int {
      var value = 0
      while offset < end {
        let byte = bytes[offset]
        offset += 1
        value = value << 7 | Int(byte & 0x7F)
        if byte & 0x80 == 0 { break }
      }
      return value
    }
    while offset < end {
      let delta = offset
      skipVLQ()
      guard offset < end else { return }
      var event = Event(delta: delta, status: nil, length: nil, end: end)
      let byte = bytes[offset]
      if byte == 0xFF {
        event.status = offset
        offset += 2
        event.length = offset
        offset += readVLQ()
      } else if byte == 0xF0 || byte == 0xF7 {
        event.status = offset
        offset += 1
        event.length = offset
        offset += readVLQ()
      } else {
        if byte >= 0x80 {
          event.status = offset
          running = byte
          offset += 1
        }
        offset += running & 0xE0 == 0xC0 ? 1 : 2
      }
      event.end = min(offset, end)
      events.append(event)
    }
  }
}
