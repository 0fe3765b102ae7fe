import SMF
import TestSupport
import Testing

/// Mutated real files: cut short, or with a byte flipped.
///
/// Each must give a file or an ``SMFError`` — never a crash or a hang (either would stop or
/// time out this test) and never storage out of proportion to the input. Each file it gives
/// must survive a round trip.
@Suite("Mutated real files")
struct MutationTests {
  /// How many cuts and how many flipped bytes per file.
  static let mutationsPerKind = 50

  /// The checks every mutant passes. Returns whether the reader accepted it.
  @discardableResult
  static func check(_ bytes: [UInt8], _ what: @autoclosure () -> String) -> Bool {
    let result: ReadResult
    do {
      result = try MIDIFile.read(bytes)
    } catch {
      // Typed throws: `error` is an SMFError. Its place must lie within the input.
      #expect((0...bytes.count).contains(error.offset), "\(what()): \(error)")
      return false
    }
    let file = result.file
    // Storage in proportion to the input: every event takes at least two bytes of it (one
    // for the delta-time, one for a running-status data byte), and arrays at most double.
    #expect(file.tracks.capacity <= bytes.count / 8 + 1, "\(what()): room for \(file.tracks.capacity) tracks")
    let retained = file.tracks.reduce(0) { $0 + $1.events.capacity }
    #expect(
      retained <= 2 * bytes.count + 8 * file.tracks.count,
      "\(what()): \(retained) events reserved for \(bytes.count) bytes")
    for warning in result.warnings {
      #expect((0...bytes.count).contains(warning.offset), "\(what()): \(warning)")
    }
    do {
      let again = try MIDIFile(bytes: file.serialized())
      #expect(again == file, "\(what()): read(write(file)) differs")
    } catch {
      Issue.record("\(what()): the rewritten file cannot be read: \(error)")
    }
    return true
  }

  @Test(
    "cut at 50 offsets and with 50 bytes flipped: a file or an SMFError", .tags(.corpus), .tiered,
    arguments: RealFiles.debianFiles)
  func mutants(_ path: String) throws {
    let original = try RealFiles.bytes(path)
    var random = SplitMix64(seed: fnv1a(path))
    var accepted = 0
    for _ in 0..<Self.mutationsPerKind {
      let cut = Int.random(in: 0..<original.count, using: &random)
      if Self.check(Array(original[..<cut]), "\(path) cut at \(cut)") { accepted += 1 }
    }
    for _ in 0..<Self.mutationsPerKind {
      let offset = Int.random(in: 0..<original.count, using: &random)
      let mask = UInt8.random(in: 1...255, using: &random)
      var mutant = original
      mutant[offset] ^= mask
      if Self.check(mutant, "\(path) byte \(offset) ^ 0x\(String(mask, radix: 16))") { accepted += 1 }
    }
    // A flipped byte inside a note's data mostly still reads: the checks above ran on files.
    #expect(accepted > 0)
  }

  @Test("cut at every offset of a small file with every kind of event")
  func everyCut() {
    let bytes =
      ReadFixture.sysExPackets.bytes
      + SMFBytes.track(
        Array(ReadFixture.channelMessages.bytes[22...]))
    for cut in 0...bytes.count { Self.check(Array(bytes[..<cut]), "cut at \(cut)") }
  }

  @Test("every bit of a small file with every kind of event flipped in turn")
  func everyBitFlipped() throws {
    // The header of one fixture, then the tracks of several: channel messages with running
    // status, SysEx packets, running status after meta and SysEx, 4-byte VLQs, format 2.
    let bytes =
      ReadFixture.sysExPackets.bytes + ReadFixture.channelMessages.bytes[14...]
      + ReadFixture.runningStatusAfterMetaAndSysEx.bytes[14...] + ReadFixture.fourByteVLQs.bytes[14...]
      + ReadFixture.formatTwo.bytes[14...]
    #expect(try MIDIFile(bytes: bytes).tracks.count == 6)
    var accepted = 0
    for offset in bytes.indices {
      for bit in 0..<8 {
        var mutant = bytes
        mutant[offset] ^= 1 << bit
        if Self.check(mutant, "byte \(offset) bit \(bit)") { accepted += 1 }
      }
    }
    #expect(accepted > 0)
  }

  @Test("many tracks with too-short lengths keep storage in proportion to the input")
  func shortTrackLengths() throws {
    // Each track declares 0 bytes, yet holds an End of Track: the reader reads on to it.
    let track = SMFBytes.track([0x00, 0xFF, 0x2F, 0x00], length: 0)
    let bytes = SMFBytes.file(trackCount: 2000) + (0..<2000).flatMap { _ in track }
    let result = try MIDIFile.read(bytes)
    #expect(result.file.tracks.count == 2000)
    Self.check(bytes, "2000 tracks of declared length 0")
  }

  @Test("many tracks whose lengths run over the next ones keep storage in proportion to the input")
  func longTrackLengths() throws {
    // Each track declares every byte left in the file, yet the next track follows its End of Track.
    let count = 2000
    let size = 14 + 12 * count
    let tracks = (0..<count).flatMap { index in
      SMFBytes.track([0x00, 0xFF, 0x2F, 0x00], length: size - (22 + 12 * index))
    }
    let bytes = SMFBytes.file(trackCount: UInt16(count)) + tracks
    let result = try MIDIFile.read(bytes)
    #expect(result.file.tracks.count == count)
    Self.check(bytes, "\(count) tracks declaring the rest of the file")
  }
}
