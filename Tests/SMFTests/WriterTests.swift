import SMF
import TestSupport
import Testing

/// A variable-length quantity and its bytes, from the table in the SMF specification.
struct VLQCase: Sendable, CustomTestStringConvertible {
  var value: Int
  var bytes: [UInt8]

  var testDescription: String { "0x" + String(value, radix: 16, uppercase: true) }

  /// The specification's table ("Number (hex) — Representation (hex)"), every row.
  static let specificationTable: [VLQCase] = [
    VLQCase(value: 0x0000_0000, bytes: [0x00]),
    VLQCase(value: 0x0000_0040, bytes: [0x40]),
    VLQCase(value: 0x0000_007F, bytes: [0x7F]),
    VLQCase(value: 0x0000_0080, bytes: [0x81, 0x00]),
    VLQCase(value: 0x0000_2000, bytes: [0xC0, 0x00]),
    VLQCase(value: 0x0000_3FFF, bytes: [0xFF, 0x7F]),
    VLQCase(value: 0x0000_4000, bytes: [0x81, 0x80, 0x00]),
    VLQCase(value: 0x0010_0000, bytes: [0xC0, 0x80, 0x00]),
    VLQCase(value: 0x001F_FFFF, bytes: [0xFF, 0xFF, 0x7F]),
    VLQCase(value: 0x0020_0000, bytes: [0x81, 0x80, 0x80, 0x00]),
    VLQCase(value: 0x0800_0000, bytes: [0xC0, 0x80, 0x80, 0x00]),
    VLQCase(value: 0x0FFF_FFFF, bytes: [0xFF, 0xFF, 0xFF, 0x7F]),
  ]
}

/// A one-track file from events (End of Track is added by the writer when missing).
private func file(_ events: [TrackEvent], division: Division = .ticksPerQuarter(96)) -> MIDIFile {
  MIDIFile(format: .singleTrack, division: division, tracks: [Track(events: events)])
}

/// The bytes of the first track's events: everything after its `MTrk` and length.
private func firstTrackEvents(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
  bytes[22...]
}

@Suite("Writing")
struct WriterTests {
  @Test("VLQ encoding matches the specification's table", arguments: VLQCase.specificationTable)
  func variableLengthQuantity(_ row: VLQCase) throws {
    var writer = ByteWriter()
    #expect(writer.writeVariableLengthQuantity(row.value) == row.bytes.count)
    #expect(writer.bytes == row.bytes)

    var reader = ByteReader(row.bytes)
    #expect(try reader.readVariableLengthQuantity() == row.value)
    #expect(reader.isAtEnd)

    // As a delta-time in a written file: right after the track's length.
    let written = file([at(row.value, .on(0, 60, 100))]).serialized()
    #expect(Array(firstTrackEvents(written).prefix(row.bytes.count + 1)) == row.bytes + [0x90])
    #expect(try MIDIFile(bytes: written).tracks[0].events.first == at(row.value, .on(0, 60, 100)))
  }

  @Test("running status leaves out repeated status bytes, and note-on velocity 0 stays a note-on")
  func runningStatus() throws {
    let song = file([
      at(0, .on(0, 60, 100)), at(0, .on(0, 64, 100)), at(96, .on(0, 60, 0)), at(96, .on(0, 64, 0)),
      at(96, .on(1, 60, 100)), at(192, .off(1, 60, 64)), at(192, endOfTrack),
    ])
    let expected: [UInt8] = [
      0x00, 0x90, 0x3C, 0x64,  // tick 0: note-on C4 100
      0x00, 0x40, 0x64,  // tick 0: (running) note-on E4 100
      0x60, 0x3C, 0x00,  // tick 96: (running) note-on C4 velocity 0 — not turned into 80
      0x00, 0x40, 0x00,  // tick 96: (running) note-on E4 velocity 0
      0x00, 0x91, 0x3C, 0x64,  // tick 96: another channel: a new status
      0x60, 0x81, 0x3C, 0x40,  // tick 192: note-off with its release velocity
      0x00, 0xFF, 0x2F, 0x00,  // tick 192: End of Track
    ]
    let written = song.serialized()
    #expect(Array(firstTrackEvents(written)) == expected)
    #expect(Array(written[18..<22]) == SMFBytes.be32(expected.count))

    let plain = song.serialized(runningStatus: false)
    #expect(plain.count == written.count + 3)  // three status bytes that running status left out
    #expect(try MIDIFile(bytes: plain) == song)
    #expect(try MIDIFile(bytes: written) == song)
  }

  @Test("the status byte is written again after every meta and SysEx event")
  func statusAfterMetaAndSysEx() throws {
    let song = file([
      at(0, .on(0, 60, 100)), at(0, .meta(.text(.text, "x"))), at(0, .on(0, 62, 100)),
      at(0, .sysEx(SysExEvent(.start, data: [0xF7]))), at(0, .on(0, 64, 100)),
      at(0, .sysEx(SysExEvent(.continuation, data: [0xF8]))), at(0, .on(0, 65, 100)),
      at(0, endOfTrack),
    ])
    let expected: [UInt8] = [
      0x00, 0x90, 0x3C, 0x64,  //       note-on C4
      0x00, 0xFF, 0x01, 0x01, 0x78,  // text "x"
      0x00, 0x90, 0x3E, 0x64,  //       note-on D4, status again
      0x00, 0xF0, 0x01, 0xF7,  //       SysEx F0
      0x00, 0x90, 0x40, 0x64,  //       note-on E4, status again
      0x00, 0xF7, 0x01, 0xF8,  //       F7 escape
      0x00, 0x90, 0x41, 0x64,  //       note-on F4, status again
      0x00, 0xFF, 0x2F, 0x00,  //       End of Track
    ]
    let written = song.serialized()
    #expect(Array(firstTrackEvents(written)) == expected)
    #expect(try MIDIFile.read(written).warnings.isEmpty)
  }

  @Test(
    "the division is written back as it was read",
    arguments: [
      0x0001, 0x0060, 0x01E0, 0x7FFF,  // ticks per quarter note
      0xE828, 0xE728, 0xE350, 0xE250, 0xE201, 0xE2FF,  // SMPTE -24, -25, -29, -30
    ] as [UInt16])
  func division(_ word: UInt16) throws {
    let bytes = SMFBytes.file(format: 0, division: word, SMFBytes.track([0x00, 0xFF, 0x2F, 0x00]))
    let read = try MIDIFile(bytes: bytes)
    switch read.division {
    case .ticksPerQuarter(let ticks): #expect(word < 0x8000 && ticks == Int(word))
    case .smpte(let fps, let ticksPerFrame):
      #expect(-fps == Int(Int8(bitPattern: UInt8(word >> 8))))
      #expect(ticksPerFrame == Int(word & 0xFF))
    }
    #expect(read.serialized() == bytes)
  }

  @Test("unknown chunks are written back in their places among the tracks")
  func unknownChunksInPlace() throws {
    let end = Track(events: [at(0, endOfTrack)])
    let song = MIDIFile(
      format: .multipleTracks, division: .ticksPerQuarter(96), tracks: [end, end],
      unknownChunks: [
        UnknownChunk(type: ChunkType("AAAA"), data: [1], tracksBefore: 0),
        UnknownChunk(type: ChunkType("BBBB"), data: [2, 2], tracksBefore: 1),
        UnknownChunk(type: ChunkType("CCCC"), data: [], tracksBefore: 1),
        UnknownChunk(type: ChunkType("DDDD"), data: [4], tracksBefore: 2),
      ])
    let expected = SMFBytes.file(
      SMFBytes.chunk("AAAA", [1]),
      SMFBytes.track([0x00, 0xFF, 0x2F, 0x00]),
      SMFBytes.chunk("BBBB", [2, 2]),
      SMFBytes.chunk("CCCC", []),
      SMFBytes.track([0x00, 0xFF, 0x2F, 0x00]),
      SMFBytes.chunk("DDDD", [4]))
    #expect(song.serialized() == expected)
    #expect(try MIDIFile(bytes: expected) == song)
  }

  @Test("a track gets exactly one End of Track, at its own End of Track tick or its last event")
  func oneEndOfTrack() throws {
    let noEnd = file([at(0, .on(0, 60, 100)), at(50, .off(0, 60, 0))])
    #expect(try MIDIFile(bytes: noEnd.serialized()).tracks[0].events.last == at(50, endOfTrack))

    let lateEnd = file([at(0, .on(0, 60, 100)), at(500, endOfTrack)])
    #expect(
      try MIDIFile(bytes: lateEnd.serialized()).tracks[0].events == [
        at(0, .on(0, 60, 100)), at(500, endOfTrack),
      ])

    let twoEnds = file([at(10, endOfTrack), at(20, .on(0, 60, 100)), at(30, endOfTrack)])
    #expect(
      try MIDIFile(bytes: twoEnds.serialized()).tracks[0].events == [
        at(20, .on(0, 60, 100)), at(30, endOfTrack),
      ])
  }

  @Test("events out of tick order are written sorted, keeping the order of equal ticks")
  func outOfOrder() throws {
    let song = file([
      at(96, .on(0, 60, 100)), at(0, .on(0, 62, 100)),
      at(0, .channel(.programChange(channel: 0, program: 1))),
      at(96, endOfTrack),
    ])
    #expect(
      try MIDIFile(bytes: song.serialized()).tracks[0].events == [
        at(0, .on(0, 62, 100)), at(0, .channel(.programChange(channel: 0, program: 1))),
        at(96, .on(0, 60, 100)), at(96, endOfTrack),
      ])
  }

  @Test("the header holds the format, the number of tracks present and the division")
  func header() {
    let end = Track(events: [at(0, endOfTrack)])
    let song = MIDIFile(format: .independentTracks, division: .ticksPerQuarter(480), tracks: [end, end, end])
    #expect(
      Array(song.serialized().prefix(14)) == [
        0x4D, 0x54, 0x68, 0x64,  // "MThd"
        0x00, 0x00, 0x00, 0x06,  // length 6
        0x00, 0x02,  //             format 2
        0x00, 0x03,  //             3 tracks
        0x01, 0xE0,  //             480 ticks per quarter note
      ])
  }

  @Test("long meta and SysEx lengths take as many VLQ bytes as they need")
  func longLengths() throws {
    let data = [UInt8](repeating: 0x55, count: 0x20_0000)  // the smallest 4-byte VLQ length
    let song = file([at(0, .meta(0x7F, data)), at(0, .sysEx(SysExEvent(.continuation, data: data)))])
    let written = song.serialized()
    #expect(Array(written[22..<29]) == [0x00, 0xFF, 0x7F, 0x81, 0x80, 0x80, 0x00])
    #expect(Array(try MIDIFile(bytes: written).tracks[0].events.dropLast()) == Array(song.tracks[0].events))
  }
}
