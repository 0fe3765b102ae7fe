import Foundation
import SMF
import TestSupport
import Testing

/// midicsv's output: one line per event, `track, tick, Type, fields…` (tracks count from 1;
/// track 0 holds the `Header` and `End_of_file` lines).
///
/// Kept as bytes and scanned with `memchr` and `memcmp`: the files print megabytes of lines,
/// which `String` and generic collection code take seconds to go through in a debug build.
struct MIDICSV {
  /// One line of the output.
  struct Line {
    var track: Int
    var tick: Int
    /// Where the line is in the output, without its newline.
    var range: Range<Int>
    /// Whether its type is a channel message's (the type names of those end in `_c`).
    var isChannelMessage: Bool
  }

  /// midicsv's standard output, followed by one NUL byte.
  private let storage: [UInt8]
  /// The lines of each track, stably sorted by tick.
  private(set) var tracks: [Int: [Line]] = [:]

  /// Runs `/usr/bin/midicsv` on a file.
  init(path: String) throws {
    storage = [UInt8](try RealFiles.run("/usr/bin/midicsv", [path])) + [0]
    var unsorted: [Int: [Line]] = [:]
    var malformed: [Range<Int>] = []
    storage.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      let count = buffer.count - 1
      var start = 0
      while start < count {
        let newline = memchr(base + start, 0x0A, count - start)
        let end = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? count
        if let line = Self.parseLine(base, start..<end) {
          unsorted[line.track, default: []].append(line)
        } else {
          malformed.append(start..<end)
        }
        start = end + 1
      }
    }
    for range in malformed {
      Issue.record("midicsv printed a line without track and tick: \(text(range))")
    }
    // A stable sort: the order of the lines of one tick is part of what must agree (a note-off
    // and a note-on of one key at one tick mean different things in the other order).
    tracks = unsorted.mapValues { lines in
      if zip(lines, lines.dropFirst()).allSatisfy({ $0.tick <= $1.tick }) { return lines }
      return lines.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
        .map(\.element)
    }
  }

  /// Parses `track, tick, Type, …`, or returns `nil` when the line does not start so.
  ///
  /// `strtol` reads the numbers (it skips the space after each comma); the output ends in a
  /// NUL byte, so it stops there at the latest.
  private static func parseLine(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Line? {
    let raw = UnsafeRawPointer(base)
    /// Reads a number at `offset` and the comma after it; returns it and the offset after.
    func number(at offset: Int) -> (value: Int, next: Int)? {
      var end: UnsafeMutablePointer<CChar>?
      let value = strtol((raw + offset).assumingMemoryBound(to: CChar.self), &end, 10)
      guard let end else { return nil }
      let next = UnsafeRawPointer(end) - raw
      guard next > offset, next < range.upperBound, base[next] == 0x2C else { return nil }
      return (value, next + 1)
    }
    guard let track = number(at: range.lowerBound), let tick = number(at: track.next) else { return nil }
    // The type runs from after the space to the next comma or the end of the line.
    let typeStart = tick.next
    let typeEnd =
      memchr(raw + typeStart, 0x2C, range.upperBound - typeStart).map { UnsafeRawPointer($0) - raw }
      ?? range.upperBound
    let isChannelMessage = typeEnd - typeStart > 2 && base[typeEnd - 2] == 0x5F && base[typeEnd - 1] == 0x63
    return Line(track: track.value, tick: tick.value, range: range, isChannelMessage: isChannelMessage)
  }

  /// Whether a line of this output has the same bytes as `bytes`.
  func line(_ line: Line, equals bytes: [UInt8]) -> Bool {
    guard line.range.count == bytes.count else { return false }
    return storage.withUnsafeBufferPointer { mine in
      bytes.withUnsafeBufferPointer {
        memcmp(mine.baseAddress! + line.range.lowerBound, $0.baseAddress!, bytes.count) == 0
      }
    }
  }

  /// Whether a line of this output and a line of another are the same bytes.
  func line(_ line: Line, equals other: Line, of output: MIDICSV) -> Bool {
    guard line.range.count == other.range.count else { return false }
    return storage.withUnsafeBufferPointer { mine in
      output.storage.withUnsafeBufferPointer { theirs in
        memcmp(
          mine.baseAddress! + line.range.lowerBound, theirs.baseAddress! + other.range.lowerBound,
          line.range.count) == 0
      }
    }
  }

  /// A range of the output as text, for messages.
  func text(_ range: Range<Int>) -> String { String(decoding: storage[range], as: UTF8.self) }

  /// The lines of midicsv's channel-message types in a track.
  func channelLines(track number: Int) -> [Line] {
    (tracks[number] ?? []).filter(\.isChannelMessage)
  }

  /// The channel-message lines of a track, the way midicsv prints them.
  static func channelLines(_ track: Track, number: Int) -> [String] {
    track.events.compactMap { item in
      guard let message = item.event.channelMessage else { return nil }
      let channel = message.channel
      let fields: String =
        switch message.kind {
        case .noteOff: "Note_off_c, \(channel), \(message.data1), \(message.data2)"
        case .noteOn: "Note_on_c, \(channel), \(message.data1), \(message.data2)"
        case .polyPressure: "Poly_aftertouch_c, \(channel), \(message.data1), \(message.data2)"
        case .controlChange: "Control_c, \(channel), \(message.data1), \(message.data2)"
        case .programChange: "Program_c, \(channel), \(message.data1)"
        case .channelPressure: "Channel_aftertouch_c, \(channel), \(message.data1)"
        case .pitchBend: "Pitch_bend_c, \(channel), \(message.pitchBendValue)"
        }
      return "\(number), \(item.tick), \(fields)"
    }
  }
}

@Suite("Real files: Debian's openttd-openmsx and planetblupi-music-midi")
struct RealFileTests {
  @Test("the Debian MIDI packages are installed (run `make deps` if not)")
  func packagesInstalled() {
    for package in RealFiles.debianPackages {
      switch RealFiles.debianListing[package] {
      case .success(let files):
        #expect(!files.isEmpty, "\(package) lists no .mid file: run `make deps`")
      case .failure(let failure):
        Issue.record("\(package) is not installed (\(failure)): run `make deps`")
      case nil:
        Issue.record("\(package) was not looked up")
      }
    }
  }

  @Test("read, write back, read again: the same events per track", arguments: RealFiles.debianFiles)
  func roundTrip(_ path: String) throws {
    let bytes = try RealFiles.bytes(path)
    let result = try readAndRoundTrip(bytes)
    #expect(result.file.eventCount > 0)
    // These files are well formed; the written file must be as well.
    #expect(result.warnings.isEmpty, "\(result.warnings)")
  }

  @Test(
    "midicsv agrees line for line on the original and the rewritten file, and with our reader",
    .tags(.judge), .tiered, arguments: RealFiles.debianFiles)
  func midicsvAgrees(_ path: String) throws {
    let bytes = try RealFiles.bytes(path)
    let result = try MIDIFile.read(bytes)
    let written = result.file.serialized()
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("smftests-\(UUID().uuidString).mid")
    try Data(written).write(to: temporary)
    defer { try? FileManager.default.removeItem(at: temporary) }

    let original = try MIDICSV(path: path)
    let rewritten = try MIDICSV(path: temporary.path)

    // Every line must agree, Header and End_track included, because the reader repaired
    // nothing in these files (no warnings). Were there warnings, some lines could differ
    // legitimately: the Header's track count (the writer states the tracks present, not the
    // count declared), End_track of a track that had none (the reader adds one at the last
    // event's tick), and whatever followed an End of Track inside its chunk (skipped). The
    // order of lines within one tick must agree in every case; only lines of different ticks
    // could move, and sorting by tick puts them back.
    #expect(result.warnings.isEmpty, "\(result.warnings)")
    #expect(original.tracks.keys.sorted() == rewritten.tracks.keys.sorted())
    for (number, lines) in original.tracks {
      let other = rewritten.tracks[number] ?? []
      #expect(lines.count == other.count, "track \(number): line counts differ")
      if let first = zip(lines, other).first(where: { !original.line($0, equals: $1, of: rewritten) }) {
        let (theirs, ours) = (original.text(first.0.range), rewritten.text(first.1.range))
        Issue.record("track \(number): midicsv differs: \(theirs) ≠ \(ours)")
      }
    }

    // midicsv as an independent reader: every channel message at the same tick, in order.
    #expect(original.tracks.count == result.file.tracks.count + 1)  // + the header's track 0
    for (index, track) in result.file.tracks.enumerated() {
      let ours = MIDICSV.channelLines(track, number: index + 1)
      let theirs = original.channelLines(track: index + 1)
      #expect(ours.count == theirs.count, "track \(index + 1)")
      if let first = zip(ours, theirs).first(where: { !original.line($1, equals: Array($0.utf8)) }) {
        Issue.record(
          "track \(index + 1): our reader gives \(first.0), midicsv \(original.text(first.1.range))")
      }
    }
  }
}
