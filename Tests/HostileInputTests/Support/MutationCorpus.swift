import Foundation
import TestSupport

/// One generated input: a name that says how it was made (to find it again), and its bytes.
struct HostileInput: Sendable, CustomStringConvertible {
  var name: String
  var bytes: [UInt8]
  var description: String { "\(name) (\(bytes.count) bytes)" }
}

/// A deterministic corpus of hostile inputs made from the base files: every family the issue
/// names (truncations, bit flips, huge declared lengths, 5-byte VLQs, track-count mismatches,
/// running status at track start, meta and SysEx lengths past the end, nested RMID, an empty
/// file, a text file, a PNG) and a few more. Generated in the test, never committed.
enum MutationCorpus {
  /// The kinds of mutation, each a separate test case so that they run in parallel.
  enum Family: String, CaseIterable, Sendable {
    case truncation, bitFlip, interestingByte, hugeLength, longVLQ, trackCount
    case runningStatusAtStart, lengthPastEnd, nestedRIFF, notMIDI, splice, chunkShuffle, stacked
  }

  /// The seed of every family's generator (each family mixes in its own index).
  static let seed: UInt64 = 0x6D69_6469_726F_6C6C  // "midiroll"

  /// The inputs of one family.
  static func inputs(_ family: Family) -> [HostileInput] {
    let index = UInt64(Family.allCases.firstIndex(of: family)!)
    var generator = Generator(random: SplitMix64(seed: seed &+ index &* 0x1_0000_0001))
    generator.make(family)
    return generator.inputs
  }

  /// Every input of every family (made once per test run).
  static let all: [HostileInput] = Family.allCases.flatMap(inputs)
}

private struct Generator {
  var random: SplitMix64
  var inputs: [HostileInput] = []
  let bases = BaseFiles.all
  let layouts = BaseFiles.all.map { Layout($0.bytes) }

  mutating func add(_ name: String, _ bytes: [UInt8]) {
    inputs.append(HostileInput(name: name, bytes: bytes))
  }

  mutating func pickBase() -> Int { Int.random(in: 0..<bases.count, using: &random) }

  mutating func make(_ family: MutationCorpus.Family) {
    switch family {
    case .truncation: truncations()
    case .bitFlip: bitFlips()
    case .interestingByte: interestingBytes()
    case .hugeLength: hugeLengths()
    case .longVLQ: longVLQs()
    case .trackCount: trackCounts()
    case .runningStatusAtStart: runningStatusAtStart()
    case .lengthPastEnd: lengthsPastEnd()
    case .nestedRIFF: nestedRIFF()
    case .notMIDI: notMIDI()
    case .splice: splices()
    case .chunkShuffle: chunkShuffles()
    case .stacked: stacked()
    }
  }

  /// Every prefix of the small bases; 150 prefixes (the first 60 and random ones) of the others.
  mutating func truncations() {
    for (name, bytes) in bases {
      if bytes.count <= 200 {
        for length in 0..<bytes.count { add("\(name) cut to \(length)", Array(bytes.prefix(length))) }
      } else {
        for length in 0..<60 { add("\(name) cut to \(length)", Array(bytes.prefix(length))) }
        for _ in 0..<90 {
          let length = Int.random(in: 60..<bytes.count, using: &random)
          add("\(name) cut to \(length)", Array(bytes.prefix(length)))
        }
      }
    }
  }

  /// 1 to 8 random bits flipped.
  mutating func bitFlips() {
    for number in 0..<1500 {
      let base = pickBase()
      var bytes = bases[base].bytes
      let flips = Int.random(in: 1...8, using: &random)
      for _ in 0..<flips {
        let position = Int.random(in: 0..<bytes.count, using: &random)
        bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &random)
      }
      add("\(bases[base].name) with \(flips) bit(s) flipped #\(number)", bytes)
    }
  }

  /// Bytes set to values a parser treats specially, most of them at event boundaries.
  mutating func interestingBytes() {
    let values: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0x81, 0x90, 0xF0, 0xF1, 0xF7, 0xF8, 0xFE, 0xFF, 0x2F]
    for number in 0..<1000 {
      let base = pickBase()
      var bytes = bases[base].bytes
      let events = layouts[base].events
      let value = values.randomElement(using: &random)!
      let position: Int
      if !events.isEmpty && Bool.random(using: &random) {
        let event = events.randomElement(using: &random)!
        position = Int.random(in: event.delta..<max(event.delta + 1, event.end), using: &random)
      } else {
        position = Int.random(in: 0..<bytes.count, using: &random)
      }
      bytes[min(position, bytes.count - 1)] = value
      add("\(bases[base].name) byte \(position) = 0x\(String(value, radix: 16)) #\(number)", bytes)
    }
  }

  /// Every chunk length (header, tracks, unknown chunks, RIFF) set to extreme values:
  /// a 2 GiB track, 4 GiB - 1, 0, off by one.
  mutating func hugeLengths() {
    for (base, layout) in layouts.enumerated() {
      let bytes = bases[base].bytes
      for chunk in layout.chunks {
        let values = [
          0, 1, 5, 6, 7, chunk.length - 1, chunk.length + 1, chunk.length * 2, 0x7FFF_FFFF, 0x8000_0000,
          0xFFFF_FFFF, 0x0FFF_FFFF, bytes.count,
        ]
        for value in values where value >= 0 {
          var mutated = bytes
          mutated.replaceSubrange(chunk.start + 4..<chunk.start + 8, with: SMFBytes.be32(value))
          add("\(bases[base].name) chunk at \(chunk.start) declares \(value) bytes", mutated)
        }
      }
      if layout.header == 20 {
        for value in [0, 3, 4, 0x7FFF_FFFF, 0xFFFF_FFFF] {
          var riff = bytes
          riff.replaceSubrange(4..<8, with: SMFBytes.le32(value))
          add("\(bases[base].name) RIFF declares \(value) bytes", riff)
          var data = bytes
          data.replaceSubrange(16..<20, with: SMFBytes.le32(value))
          add("\(bases[base].name) RIFF data declares \(value) bytes", data)
        }
      }
    }
    // Tracks declaring a billion bytes or more, many times over, in a small file.
    for count in [1, 2, 100, 1000] {
      let track = SMFBytes.track(BaseFiles.note(60) + SMFBytes.endOfTrack, length: 0x4000_0000)
      add("\(count) track(s) declaring 1 GiB", SMFBytes.file(Array(repeating: track, count: count)))
    }
  }

  /// Delta-times and lengths written as 5-byte (and 4-byte maximal) variable-length quantities.
  mutating func longVLQs() {
    let forms: [[UInt8]] = [
      [0x81, 0x80, 0x80, 0x80, 0x00],  // 5 bytes
      [0x80, 0x80, 0x80, 0x80, 0x80],  // never ends
      [0xFF, 0xFF, 0xFF, 0xFF, 0x7F],  // 5 bytes, 35 bits
      [0xFF, 0xFF, 0xFF, 0x7F],  // the largest allowed: 0x0FFFFFFF
      [0x80, 0x80, 0x80, 0x00],  // zero, padded to 4 bytes
      [0x80],  // unfinished
    ]
    for number in 0..<800 {
      let base = pickBase()
      let events = layouts[base].events
      guard let event = events.randomElement(using: &random) else { continue }
      var bytes = bases[base].bytes
      let form = forms.randomElement(using: &random)!
      if let length = event.length, Bool.random(using: &random) {
        // Replace the meta/SysEx length (one byte in the bases, or two for the long text).
        let end = bytes[length] & 0x80 != 0 ? length + 2 : length + 1
        bytes.replaceSubrange(length..<min(end, bytes.count), with: form)
        add("\(bases[base].name) length at \(length) as \(form.count)-byte VLQ #\(number)", bytes)
      } else {
        let end = (event.delta..<event.end).first { bytes[$0] & 0x80 == 0 }.map { $0 + 1 } ?? event.delta + 1
        bytes.replaceSubrange(event.delta..<end, with: form)
        add("\(bases[base].name) delta at \(event.delta) as \(form.count)-byte VLQ #\(number)", bytes)
      }
    }
  }

  /// The header's track count set to every value that disagrees with the file.
  mutating func trackCounts() {
    for (base, layout) in layouts.enumerated() {
      let tracks = layout.chunks.filter(\.isTrack).count
      for value in [0, 1, 2, tracks - 1, tracks + 1, 0x7FFF, 0x8000, 0xFFFF] where value >= 0 {
        var bytes = bases[base].bytes
        bytes.replaceSubrange(layout.header + 10..<layout.header + 12, with: SMFBytes.be16(UInt16(value)))
        add("\(bases[base].name) declares \(value) tracks", bytes)
      }
      for format in [0, 1, 2, 3, 0xFFFF] {
        var bytes = bases[base].bytes
        bytes.replaceSubrange(layout.header + 8..<layout.header + 10, with: SMFBytes.be16(UInt16(format)))
        add("\(bases[base].name) format \(format)", bytes)
      }
      for division in [0, 1, 0x7FFF, 0x8000, 0xE700, 0xE728, 0xE228, 0xE828, 0xFFFF] {
        var bytes = bases[base].bytes
        bytes.replaceSubrange(
          layout.header + 12..<layout.header + 14, with: SMFBytes.be16(UInt16(division)))
        add("\(bases[base].name) division 0x\(String(division, radix: 16))", bytes)
      }
    }
  }

  /// A track whose first event is a data byte (running status with none in effect), also right
  /// after meta and SysEx events.
  mutating func runningStatusAtStart() {
    for number in 0..<300 {
      let data = UInt8.random(in: 0..<0x80, using: &random)
      let second = UInt8.random(in: 0..<0x80, using: &random)
      let prefix: [[UInt8]] = [
        [], [0x00, 0xFF, 0x03, 0x00], [0x00, 0xF0, 0x01, 0xF7], [0x00, 0xFF, 0x2F, 0x00],
      ]
      let before = prefix[number % prefix.count]
      let events = before + [0x00, data, second] + BaseFiles.note(60) + SMFBytes.endOfTrack
      add(
        "running status at track start after \(before) #\(number)",
        SMFBytes.file(format: 0, [SMFBytes.track(events)]))
    }
    // And in the bases: the first status byte of each track removed.
    for (base, layout) in layouts.enumerated() {
      var bytes = bases[base].bytes
      for chunk in layout.chunks.reversed() where chunk.isTrack {
        if let first = layout.events.first(where: { $0.delta >= chunk.start + 8 }), let status = first.status
        {
          bytes.remove(at: status)
        }
      }
      add("\(bases[base].name) without first status bytes", bytes)
    }
  }

  /// Meta and SysEx events whose lengths run past the end of the track or file.
  mutating func lengthsPastEnd() {
    let kinds: [[UInt8]] = [[0xFF, 0x01], [0xFF, 0x2F], [0xFF, 0x51], [0xFF, 0x7F], [0xF0], [0xF7]]
    for number in 0..<600 {
      let kind = kinds[number % kinds.count]
      let data = Array(repeating: UInt8(0x41), count: Int.random(in: 0..<40, using: &random))
      let declared: Int
      switch number % 4 {
      case 0: declared = data.count + 1
      case 1: declared = data.count + Int.random(in: 2..<1000, using: &random)
      case 2: declared = 0x0FFF_FFFF
      default: declared = 0x7F
      }
      let event = [0x00] + kind + SMFBytes.vlq(declared) + data
      let asLast = number % 3 == 0
      let events = BaseFiles.note(60) + event + (asLast ? [] : SMFBytes.endOfTrack)
      let file = SMFBytes.file(
        format: 1, [SMFBytes.track(events), SMFBytes.track(SMFBytes.endOfTrack)])
      add("\(kind) declares \(declared) of \(data.count) bytes #\(number)", file)
    }
  }

  /// RMID wrappers nested, cut, and lying about their lengths.
  mutating func nestedRIFF() {
    let inner = bases[0].bytes
    for depth in 1...6 {
      var bytes = inner
      for _ in 0..<depth { bytes = SMFBytes.rmid(bytes) }
      add("RMID nested \(depth) deep", bytes)
      for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 12)) {
        add("RMID nested \(depth) deep cut to \(cut)", Array(bytes.prefix(cut)))
      }
    }
    for value in [0, 1, 4, 7, 8, 0x7FFF_FFFF, 0xFFFF_FFFF] {
      add("RMID data declares \(value)", SMFBytes.rmid(inner, dataLength: value))
      add("RMID declares \(value)", SMFBytes.rmid(inner, riffLength: value))
    }
    let noData =
      Array("RIFF".utf8) + SMFBytes.le32(12) + Array("RMID".utf8) + Array("LIST".utf8)
      + SMFBytes.le32(0)
    add("RMID without data chunk", noData)
    add("RIFF WAVE", Array("RIFF".utf8) + SMFBytes.le32(4) + Array("WAVE".utf8))
    // Many empty RIFF chunks before the data chunk.
    var padded = Array("RMID".utf8)
    for _ in 0..<2000 { padded += Array("JUNK".utf8) + SMFBytes.le32(1) + [0, 0] }
    padded += Array("data".utf8) + SMFBytes.le32(inner.count) + inner
    add("RMID with 2000 junk chunks", Array("RIFF".utf8) + SMFBytes.le32(padded.count) + padded)
  }

  /// Inputs that are not MIDI at all.
  mutating func notMIDI() {
    add("empty file", [])
    add("text file", HostileBytes.plainText)
    add("text file starting with MThd", HostileBytes.text)
    add("PNG", HostileBytes.png)
    add("JPEG", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00])
    add("ZIP", Array("PK".utf8) + [0x03, 0x04] + Array(repeating: 0, count: 26))
    add("MThd only", Array("MThd".utf8))
    add("MThd and length", Array("MThd".utf8) + [0, 0, 0, 6])
    add("header only", SMFBytes.file([]))
    add("MTrk first", SMFBytes.track(SMFBytes.endOfTrack))
    add("UTF-16 text", [0xFF, 0xFE] + Array("MThd".utf16.flatMap { [UInt8($0), 0] }))
    for length in [1, 2, 3, 4, 13, 14, 22, 100, 4096] {
      add("\(length) zero bytes", Array(repeating: 0, count: length))
      add("\(length) 0xFF bytes", Array(repeating: 0xFF, count: length))
    }
    for number in 0..<400 {
      let length = Int.random(in: 0..<2048, using: &random)
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      // Half of them behind a valid header, so the track parser sees the noise.
      if number % 2 == 0 {
        add("random \(length) bytes #\(number)", bytes)
      } else {
        add(
          "header + MTrk + random \(length) bytes #\(number)", SMFBytes.file([SMFBytes.track(bytes)]))
      }
    }
  }

  /// The start of one base joined to the end of another.
  mutating func splices() {
    for number in 0..<1200 {
      let a = bases[pickBase()].bytes
      let b = bases[pickBase()].bytes
      let cutA = Int.random(in: 0...a.count, using: &random)
      let cutB = Int.random(in: 0...b.count, using: &random)
      add("splice \(cutA)|\(cutB) #\(number)", Array(a.prefix(cutA)) + Array(b.suffix(from: cutB)))
    }
  }

  /// Whole chunks duplicated, dropped, swapped, or repeated many times.
  mutating func chunkShuffles() {
    for number in 0..<700 {
      let base = pickBase()
      let layout = layouts[base]
      let bytes = bases[base].bytes
      guard layout.chunks.count >= 2 else { continue }
      var chunks = layout.chunks.map { Array(bytes[$0.start..<min(bytes.count, $0.start + 8 + $0.length)]) }
      var header = chunks.removeFirst()
      switch number % 5 {
      case 0: chunks.shuffle(using: &random)
      case 1: chunks.removeLast()
      case 2: chunks += chunks
      case 3:
        // Up to 3000 copies, at most 100 KB in all.
        let times = min([10, 100, 3000][number % 3], 100_000 / chunks[0].count)
        chunks = Array(repeating: chunks[0], count: times)
      default:
        // A second header after the first, or in place of a track.
        chunks.insert(header, at: Int.random(in: 0...chunks.count, using: &random))
        header = Array(header)
      }
      add("\(bases[base].name) chunks rearranged (\(number % 5)) #\(number)", header + chunks.flatMap { $0 })
    }
  }

  /// Several byte-level mutations at once: insertions, deletions, copies and flips, to fill
  /// the corpus past 10,000 inputs.
  mutating func stacked() {
    for number in 0..<2000 {
      let base = pickBase()
      var bytes = bases[base].bytes
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        guard !bytes.isEmpty else { break }
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
        case 1: bytes.remove(at: position)
        case 2:
          let length = Int.random(in: 1...16, using: &random)
          let source = Int.random(in: 0..<bytes.count, using: &random)
          bytes.insert(contentsOf: bytes[source..<min(bytes.count, source + length)], at: position)
        case 3:
          bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...32, using: &random)))
        default: bytes[position] = ~bytes[position]
        }
      }
      add("\(bases[base].name) stacked mutations #\(number)", bytes)
    }
  }
}
