import FuzzLaws
import SMF
import TestSupport
import Testing

/// Files that declare far more than they hold (a 2 GiB track, a billion events, 4 GiB
/// chunks) are read with storage in proportion to their real size, or refused before reading.
@Suite("resource limits")
struct ResourceLimitTests {
  @Test("a track declaring 2 GiB in a small file: read to the file's end, nothing allocated for it")
  func twoGigabyteTrack() throws {
    let bytes = SMFBytes.file(
      format: 0, [SMFBytes.track(BaseFiles.note(60) + SMFBytes.endOfTrack, length: 0x8000_0000)])
    let result = try MIDIFile.read(bytes)
    #expect(
      result.warnings == [
        SMFWarning(.trackLengthPastEnd(declared: 0x8000_0000, available: 11), offset: 18, track: 0)
      ])
    #expect(SMFLaws.footprint(of: result.file) < 4096)
    #expect(
      throws: SMFError(
        .trackLengthPastEnd(declared: 0x8000_0000, available: 11), offset: 18, track: 0, severity: .error)
    ) {
      try MIDIFile.read(bytes, options: .strict)
    }
  }

  @Test(
    "chunks declaring up to 4 GiB, many times over: storage in proportion to the bytes",
    arguments: [0x4000_0000, 0x8000_0000, 0xFFFF_FFFF])
  func hugeChunks(declared: Int) throws {
    let track = SMFBytes.track(BaseFiles.note(60) + SMFBytes.endOfTrack, length: declared)
    let bytes = SMFBytes.file(Array(repeating: track, count: 2000))
    let result = try MIDIFile.read(bytes)
    #expect(SMFLaws.footprint(of: result.file) <= SMFLaws.footprintPerByte * bytes.count)
    #expect(SMFLaws.check(bytes) == nil)
  }

  @Test("a track declaring 2 billion bytes of events: read as far as the file goes")
  func billionEvents() throws {
    // Program changes with running status, 2 bytes an event: a billion of them would need a
    // 2 GB file; this one has 5001, and no End of Track.
    let events: [UInt8] = [0x00, 0xC0, 0x05] + (0..<5000).flatMap { _ in [UInt8(0x00), 0x05] }
    let bytes = SMFBytes.file(format: 0, [SMFBytes.track(events, length: 2_000_000_000)])
    let result = try MIDIFile.read(bytes)
    #expect(result.file.eventCount == 5002)
    #expect(
      result.warnings.map(\.kind) == [
        .trackLengthPastEnd(declared: 2_000_000_000, available: events.count), .missingEndOfTrack,
      ])
    #expect(SMFLaws.footprint(of: result.file) <= SMFLaws.footprintPerByte * bytes.count)
    #expect(SMFLaws.check(bytes) == nil)
  }

  @Test(
    "meta and SysEx events declaring 256 MiB of data: the track cut there, no allocation; an error if a byte follows"
  )
  func hugeEventLengths() throws {
    for status: [UInt8] in [[0xFF, 0x01], [0xF0], [0xF7]] {
      let bytes = SMFBytes.file(
        format: 0, [SMFBytes.track([0x00] + status + [0xFF, 0xFF, 0xFF, 0x7F, 0x41, 0x42])])
      // The file ends inside the event: the track is ended before it.
      let result = try MIDIFile.read(bytes)
      #expect(result.file.eventCount == 1)
      #expect(result.warnings.count == 1)
      #expect(SMFLaws.check(bytes) == nil)
      // A byte that is no chunk after the track: its length is wrong, not the track cut.
      #expect(throws: SMFError.self) { try MIDIFile.read(bytes + [0x00]) }
      #expect(SMFLaws.check(bytes + [0x00]) == nil)
    }
  }

  @Test("the size limit refuses a larger file before reading it, and accepts one at the limit")
  func sizeLimit() throws {
    let bytes = BaseFiles.made[0].bytes
    #expect(throws: SMFError(.fileTooLarge(size: bytes.count, limit: 10), offset: 0)) {
      try MIDIFile.read(bytes, options: ReadOptions(maximumFileSize: 10))
    }
    _ = try MIDIFile.read(bytes, options: ReadOptions(maximumFileSize: bytes.count))
    let diagnosis = MIDIFile.diagnose(bytes, maximumFileSize: 10)
    #expect(
      diagnosis.problems == [SMFProblem(.fileTooLarge(size: bytes.count, limit: 10), offset: 0)])
    #expect(
      diagnosis.problems[0].message == "file is \(bytes.count) bytes, more than the limit of 10 bytes")
  }

  @Test("65535 tracks declared, and 3000 present: the header's count is not trusted for storage")
  func manyTracks() throws {
    let track = SMFBytes.track(SMFBytes.endOfTrack)
    let bytes = SMFBytes.file(trackCount: 0xFFFF, Array(repeating: track, count: 3000))
    let result = try MIDIFile.read(bytes)
    #expect(result.file.tracks.count == 3000)
    #expect(result.file.tracks.capacity < 6000)
    #expect(SMFLaws.check(bytes) == nil)
  }
}
