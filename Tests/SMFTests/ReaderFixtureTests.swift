import SMF
import TestSupport
import Testing

/// A hand-made file with what a reader must find in it.
struct ReadFixture: Sendable, CustomTestStringConvertible {
  var name: String
  var bytes: [UInt8]
  var format: Format = .multipleTracks
  var division: Division = .ticksPerQuarter(96)
  /// The events of each track, End of Track included.
  var tracks: [[TrackEvent]]
  var unknownChunks: [UnknownChunk] = []
  /// Every tolerated problem, in the order the reader reports them.
  var warnings: [SMFWarning] = []
  /// Whether the writer must give back exactly `bytes` (true when the fixture already uses
  /// running status wherever it can, minimal VLQs, and nothing the reader repairs).
  var canonical = false

  var testDescription: String { name }
}

// Offsets in the comments are file offsets: the header takes bytes 0–13, the first `MTrk`
// starts at 14, its length at 18, its first event at 22.
extension ReadFixture {
  static let all: [ReadFixture] = [
    channelMessages, smpte, formatTwo, sysExPackets, runningStatusAfterMetaAndSysEx, longMetaEvents,
    fourByteVLQs, missingEndOfTrack, missingEndOfTrackBeforeAnotherTrack, emptyTrackChunk, rmid,
    unknownChunks, trailingGarbage, trailingBytesThatLookLikeAChunk, headerLongerThanSix,
    trackLengthPastEnd, trackLengthTooShort, trackLengthOverNextTrack, bytesAfterEndOfTrack,
    trackCountMismatch,
    formatZeroWithTwoTracks, endOfTrackWithData, noTracks,
  ]

  static let channelMessages = ReadFixture(
    name: "every channel voice message, each with running status",
    bytes: SMFBytes.file(
      format: 0,
      SMFBytes.track([
        0x00, 0x90, 0x3C, 0x64,  // byte 22, tick 0: note-on ch 0 C4 velocity 100
        0x00, 0x40, 0x64,  // byte 26, tick 0: (running) note-on E4 velocity 100
        0x60, 0x3C, 0x00,  // byte 29, tick 96: (running) note-on C4 velocity 0 — stays a note-on
        0x00, 0x80, 0x40, 0x23,  // byte 32, tick 96: note-off E4 release velocity 35
        0x00, 0xA1, 0x3C, 0x10,  // byte 36, tick 96: poly pressure ch 1 C4 16
        0x00, 0x3D, 0x11,  // byte 40, tick 96: (running) poly pressure C#4 17
        0x00, 0xB2, 0x07, 0x64,  // byte 43, tick 96: control change ch 2 #7 (volume) 100
        0x00, 0x0A, 0x40,  // byte 47, tick 96: (running) control change #10 (pan) 64
        0x00, 0xC3, 0x05,  // byte 50, tick 96: program change ch 3 → 5
        0x00, 0x06,  // byte 53, tick 96: (running) program change → 6
        0x00, 0xD4, 0x30,  // byte 55, tick 96: channel pressure ch 4 48
        0x00, 0x31,  // byte 58, tick 96: (running) channel pressure 49
        0x00, 0xEF, 0x00, 0x40,  // byte 60, tick 96: pitch bend ch 15 centre (LSB 0, MSB 64)
        0x00, 0x7F, 0x7F,  // byte 64, tick 96: (running) pitch bend 16383
        0x00, 0xFF, 0x2F, 0x00,  // byte 67, tick 96: End of Track
      ])),
    format: .singleTrack,
    tracks: [
      [
        at(0, .on(0, 60, 100)),
        at(0, .on(0, 64, 100)),
        at(96, .on(0, 60, 0)),
        at(96, .off(0, 64, 35)),
        at(96, .channel(ChannelMessage(.polyPressure, channel: 1, 60, 16))),
        at(96, .channel(ChannelMessage(.polyPressure, channel: 1, 61, 17))),
        at(96, .channel(.controlChange(channel: 2, controller: 7, value: 100))),
        at(96, .channel(.controlChange(channel: 2, controller: 10, value: 64))),
        at(96, .channel(.programChange(channel: 3, program: 5))),
        at(96, .channel(.programChange(channel: 3, program: 6))),
        at(96, .channel(ChannelMessage(.channelPressure, channel: 4, 48))),
        at(96, .channel(ChannelMessage(.channelPressure, channel: 4, 49))),
        at(96, .channel(.pitchBend(channel: 15, value: 8192))),
        at(96, .channel(.pitchBend(channel: 15, value: 16383))),
        at(96, endOfTrack),
      ]
    ],
    canonical: true)

  static let smpte = ReadFixture(
    name: "SMPTE division (-25 fps, 40 ticks a frame)",
    bytes: SMFBytes.file(
      format: 0, division: 0xE728,  // 0xE7 = -25 frames per second, 0x28 = 40 ticks per frame
      SMFBytes.track([
        0x00, 0xFF, 0x54, 0x05, 0x21, 0x00, 0x00, 0x00, 0x00,  // SMPTE offset 01:00:00:00.00
        0x00, 0x90, 0x3C, 0x64,  // tick 0: note-on C4 100
        0x28, 0x80, 0x3C, 0x40,  // tick 40: note-off C4 64 (one frame later)
        0x00, 0xFF, 0x2F, 0x00,  // tick 40: End of Track
      ])),
    format: .singleTrack, division: .smpte(framesPerSecond: 25, ticksPerFrame: 40),
    tracks: [
      [
        at(0, .meta(MetaEvent(.smpteOffset, data: [0x21, 0, 0, 0, 0]))),
        at(0, .on(0, 60, 100)),
        at(40, .off(0, 60, 64)),
        at(40, endOfTrack),
      ]
    ],
    canonical: true)

  static let formatTwo = ReadFixture(
    name: "format 2: independent patterns, each from tick 0",
    bytes: SMFBytes.file(
      format: 2,
      SMFBytes.track([
        0x00, 0xFF, 0x00, 0x02, 0x00, 0x01,  // tick 0: sequence number 1
        0x00, 0x99, 0x24, 0x64,  // tick 0: note-on ch 10 (9) bass drum
        0x30, 0x89, 0x24, 0x00,  // tick 48: note-off
        0x30, 0xFF, 0x2F, 0x00,  // tick 96: End of Track
      ]),
      SMFBytes.track([
        0x00, 0xFF, 0x00, 0x02, 0x00, 0x02,  // tick 0: sequence number 2
        0x00, 0x99, 0x26, 0x64,  // tick 0: note-on snare
        0x60, 0x26, 0x00,  // tick 96: (running) note-on velocity 0
        0x00, 0xFF, 0x2F, 0x00,  // tick 96: End of Track
      ])),
    format: .independentTracks,
    tracks: [
      [
        at(0, .meta(MetaEvent(.sequenceNumber, data: [0, 1]))),
        at(0, .on(9, 36, 100)),
        at(48, .off(9, 36, 0)),
        at(96, endOfTrack),
      ],
      [
        at(0, .meta(MetaEvent(.sequenceNumber, data: [0, 2]))),
        at(0, .on(9, 38, 100)),
        at(96, .on(9, 38, 0)),
        at(96, endOfTrack),
      ],
    ],
    canonical: true)

  static let sysExPackets = ReadFixture(
    name: "SysEx: a whole F0 message, an F0 first packet, F7 continuations, an F7 escape",
    bytes: SMFBytes.file(
      format: 0,
      SMFBytes.track([
        0x00, 0xF0, 0x05, 0x7E, 0x7F, 0x09, 0x01, 0xF7,  // tick 0: GM System On, whole
        0x00, 0xF0, 0x03, 0x43, 0x12, 0x00,  // tick 0: first packet (no F7 yet)
        0x81, 0x48, 0xF7, 0x03, 0x43, 0x12, 0x00,  // tick 200: continuation packet
        0x64, 0xF7, 0x04, 0x01, 0x02, 0x03, 0xF7,  // tick 300: last packet, ends in F7
        0x00, 0xF7, 0x02, 0xF3, 0x01,  // tick 300: escape: Song Select 1
        0x00, 0xF7, 0x00,  // tick 300: empty F7 packet
        0x00, 0xFF, 0x2F, 0x00,  // tick 300: End of Track
      ])),
    format: .singleTrack,
    tracks: [
      [
        at(0, .sysEx(SysExEvent(.start, data: [0x7E, 0x7F, 0x09, 0x01, 0xF7]))),
        at(0, .sysEx(SysExEvent(.start, data: [0x43, 0x12, 0x00]))),
        at(200, .sysEx(SysExEvent(.continuation, data: [0x43, 0x12, 0x00]))),
        at(300, .sysEx(SysExEvent(.continuation, data: [0x01, 0x02, 0x03, 0xF7]))),
        at(300, .sysEx(SysExEvent(.continuation, data: [0xF3, 0x01]))),
        at(300, .sysEx(SysExEvent(.continuation, data: []))),
        at(300, endOfTrack),
      ]
    ],
    canonical: true)

  static let runningStatusAfterMetaAndSysEx = ReadFixture(
    name: "running status after a meta event and after SysEx, as real files do",
    bytes: SMFBytes.file(
      format: 0,
      SMFBytes.track([
        0x00, 0x90, 0x3C, 0x64,  // byte 22, tick 0: note-on C4 100
        0x00, 0xFF, 0x01, 0x01, 0x41,  // byte 26, tick 0: text "A"
        0x60, 0x3C, 0x00,  // byte 31, tick 96: (running, data byte at 32) note-on C4 0
        0x00, 0xF0, 0x01, 0xF7,  // byte 34, tick 96: SysEx F0 F7
        0x00, 0x3E, 0x64,  // byte 38, tick 96: (running, data byte at 39) note-on D4 100
        0x60, 0x3E, 0x00,  // byte 41, tick 192: (running, no meta before) note-on D4 0
        0x00, 0xFF, 0x2F, 0x00,  // byte 44, tick 192: End of Track
      ])),
    format: .singleTrack,
    tracks: [
      [
        at(0, .on(0, 60, 100)),
        at(0, .meta(.text(.text, "A"))),
        at(96, .on(0, 60, 0)),
        at(96, .sysEx(SysExEvent(.start, data: [0xF7]))),
        at(96, .on(0, 62, 100)),
        at(192, .on(0, 62, 0)),
        at(192, endOfTrack),
      ]
    ],
    warnings: [
      SMFWarning(.runningStatusAfterMetaOrSysEx, offset: 32, track: 0),
      SMFWarning(.runningStatusAfterMetaOrSysEx, offset: 39, track: 0),
    ])

  static let longText = [UInt8](repeating: 0x61, count: 200)
  static let longUnknown = (0..<16384).map { UInt8($0 & 0x7F) }

  static let longMetaEvents = ReadFixture(
    name: "meta events longer than 127 bytes (2- and 3-byte lengths), unknown types kept",
    bytes: SMFBytes.file(
      format: 0,
      SMFBytes.track(
        [0x00, 0xFF, 0x01, 0x81, 0x48] + longText  // text, length 200 = 81 48
          + [0x00, 0xFF, 0x60, 0x81, 0x80, 0x00] + longUnknown  // type 60 (unknown), 16384 = 81 80 00
          + [0x00, 0xFF, 0x7F, 0x03, 0x00, 0x00, 0x41]  // sequencer-specific, 3 bytes
          + [0x00, 0xFF, 0xF0, 0x01, 0x99]  // type F0 (not a meta type at all), kept
          + [0x00, 0xFF, 0x2F, 0x00]  // End of Track
      )),
    format: .singleTrack,
    tracks: [
      [
        at(0, .meta(0x01, longText)),
        at(0, .meta(0x60, longUnknown)),
        at(0, .meta(MetaEvent(.sequencerSpecific, data: [0x00, 0x00, 0x41]))),
        at(0, .meta(0xF0, [0x99])),
        at(0, endOfTrack),
      ]
    ],
    canonical: true)

  static let fourByteVLQs = ReadFixture(
    name: "4-byte VLQs: the largest delta-time, and a non-minimal zero",
    bytes: SMFBytes.file(
      format: 0,
      SMFBytes.track([
        0xFF, 0xFF, 0xFF, 0x7F, 0x90, 0x3C, 0x64,  // +0x0FFFFFFF: note-on C4 100
        0x81, 0x80, 0x80, 0x00, 0x3C, 0x00,  // +0x00200000: (running) note-on C4 0
        0x80, 0x80, 0x80, 0x00,  // +0 in 4 bytes (not minimal, but legal):
        0xFF, 0x01, 0x80, 0x80, 0x80, 0x01, 0x42,  // text "B", its length 1 in 4 bytes
        0x00, 0xFF, 0x2F, 0x00,  // End of Track
      ])),
    format: .singleTrack,
    tracks: [
      [
        at(0x0FFF_FFFF, .on(0, 60, 100)),
        at(0x0FFF_FFFF + 0x20_0000, .on(0, 60, 0)),
        at(0x0FFF_FFFF + 0x20_0000, .meta(.text(.text, "B"))),
        at(0x0FFF_FFFF + 0x20_0000, endOfTrack),
      ]
    ])

  static let missingEndOfTrack = ReadFixture(
    name: "missing End of Track",
    bytes: SMFBytes.file(
      format: 0,
      SMFBytes.track([
        0x00, 0x90, 0x3C, 0x64,  // byte 22, tick 0: note-on C4 100
        0x60, 0x80, 0x3C, 0x00,  // byte 26, tick 96: note-off C4; the chunk ends at 30
      ])),
    format: .singleTrack,
    tracks: [[at(0, .on(0, 60, 100)), at(96, .off(0, 60, 0)), at(96, endOfTrack)]],
    warnings: [SMFWarning(.missingEndOfTrack, offset: 30, track: 0)])

  static let missingEndOfTrackBeforeAnotherTrack = ReadFixture(
    name: "missing End of Track in the first of two tracks",
    bytes: SMFBytes.file(
      SMFBytes.track([
        0x00, 0x90, 0x3C, 0x64,  // byte 22, tick 0: note-on C4 100
        0x60, 0x80, 0x3C, 0x00,  // byte 26, tick 96: note-off C4; the chunk ends at 30
      ]),
      SMFBytes.track([
        0x10, 0xFF, 0x2F, 0x00,  // byte 38, tick 16: End of Track
      ])),
    tracks: [
      [at(0, .on(0, 60, 100)), at(96, .off(0, 60, 0)), at(96, endOfTrack)],
      [at(16, endOfTrack)],
    ],
    warnings: [SMFWarning(.missingEndOfTrack, offset: 30, track: 0)])

  static let emptyTrackChunk = ReadFixture(
    name: "an empty track chunk",
    bytes: SMFBytes.file(format: 0, SMFBytes.track([])),
    format: .singleTrack,
    tracks: [[at(0, endOfTrack)]],
    warnings: [SMFWarning(.missingEndOfTrack, offset: 22, track: 0)])

  static let rmid: ReadFixture = {
    let smf = SMFBytes.file(
      format: 0,
      SMFBytes.track([
        0x00, 0x90, 0x3C, 0x64,  // tick 0: note-on C4 100
        0x00, 0xFF, 0x2F, 0x00,  // tick 0: End of Track
      ]))
    let riffBody: [UInt8] =
      Array("RMID".utf8)  // byte 8: RIFF form type
      + Array("LIST".utf8) + [5, 0, 0, 0]  // byte 12: a LIST chunk, 5 bytes (little-endian)
      + Array("INFO".utf8) + [0x00] + [0x00]  // byte 20: its data, then a pad byte (odd length)
      + Array("data".utf8) + [UInt8(smf.count), 0, 0, 0]  // byte 26: the data chunk
      + smf  // byte 34: the Standard MIDI File
    return ReadFixture(
      name: "RIFF RMID wrapper with a LIST chunk before the data chunk",
      bytes: Array("RIFF".utf8) + [UInt8(riffBody.count), 0, 0, 0] + riffBody,
      format: .singleTrack,
      tracks: [[at(0, .on(0, 60, 100)), at(0, endOfTrack)]],
      warnings: [SMFWarning(.riffWrapper, offset: 0)])
  }()

  static let unknownChunks = ReadFixture(
    name: "unknown chunks before, between and after the tracks",
    bytes: SMFBytes.file(
      trackCount: 2,
      SMFBytes.chunk("XFIH", [0x01, 0x02, 0x03]),  // byte 14: alien chunk, 3 bytes
      SMFBytes.track([0x00, 0xFF, 0x2F, 0x00]),  // byte 25: track 0
      SMFBytes.chunk("Junk", []),  // byte 37: alien chunk, empty
      SMFBytes.track([0x00, 0xFF, 0x2F, 0x00]),  // byte 45: track 1
      SMFBytes.chunk("XFKM", [0x09, 0x09])),  // byte 57: alien chunk, 2 bytes
    tracks: [[at(0, endOfTrack)], [at(0, endOfTrack)]],
    unknownChunks: [
      UnknownChunk(type: ChunkType("XFIH"), data: [1, 2, 3], tracksBefore: 0),
      UnknownChunk(type: ChunkType("Junk"), data: [], tracksBefore: 1),
      UnknownChunk(type: ChunkType("XFKM"), data: [9, 9], tracksBefore: 2),
    ],
    warnings: [
      SMFWarning(.unknownChunk(ChunkType("XFIH")), offset: 14),
      SMFWarning(.unknownChunk(ChunkType("Junk")), offset: 37),
      SMFWarning(.unknownChunk(ChunkType("XFKM")), offset: 57),
    ],
    canonical: true)

  static let trailingGarbage = ReadFixture(
    name: "trailing garbage after the last chunk",
    bytes: SMFBytes.file(format: 0, SMFBytes.track([0x00, 0xFF, 0x2F, 0x00]))
      + [0x00, 0x0D, 0x0A],  // byte 26: three stray bytes
    format: .singleTrack,
    tracks: [[at(0, endOfTrack)]],
    warnings: [SMFWarning(.trailingBytes(count: 3), offset: 26)])

  static let trailingBytesThatLookLikeAChunk = ReadFixture(
    name: "trailing bytes that start like a chunk but declare more than is left",
    bytes: SMFBytes.file(format: 0, SMFBytes.track([0x00, 0xFF, 0x2F, 0x00]))
      + SMFBytes.chunk("XTRA", [0x01], length: 1000),  // byte 26: declares 1000 bytes, has 1
    format: .singleTrack,
    tracks: [[at(0, endOfTrack)]],
    warnings: [SMFWarning(.trailingBytes(count: 9), offset: 26)])

  static let headerLongerThanSix = ReadFixture(
    name: "header chunk of 8 bytes",
    bytes: Array("MThd".utf8) + [0, 0, 0, 8]  // byte 0: "MThd", length 8
      + [0x00, 0x00, 0x00, 0x01, 0x00, 0x60]  // byte 8: format 0, 1 track, 96 ticks per quarter
      + [0xAB, 0xCD]  // byte 14: two extra header bytes
      + SMFBytes.track([0x00, 0xFF, 0x2F, 0x00]),  // byte 16: the track
    format: .singleTrack,
    tracks: [[at(0, endOfTrack)]],
    warnings: [SMFWarning(.headerLonger(length: 8), offset: 4)])

  static let trackLengthPastEnd = ReadFixture(
    name: "track length past the end of the file",
    bytes: SMFBytes.file(
      format: 0,
      SMFBytes.track(
        [
          0x00, 0x90, 0x3C, 0x64,  // byte 22, tick 0: note-on C4 100
          0x00, 0xFF, 0x2F, 0x00,  // byte 26, tick 0: End of Track
        ], length: 100)),  // byte 18: declares 100 bytes, 8 follow
    format: .singleTrack,
    tracks: [[at(0, .on(0, 60, 100)), at(0, endOfTrack)]],
    warnings: [SMFWarning(.trackLengthPastEnd(declared: 100, available: 8), offset: 18, track: 0)])

  static let trackLengthTooShort = ReadFixture(
    name: "track length too short: events continue to End of Track",
    bytes: SMFBytes.file(
      SMFBytes.track(
        [
          0x00, 0x90, 0x3C, 0x64,  // byte 22, tick 0: note-on C4 100 (the declared 4 bytes end here)
          0x60, 0x80, 0x3C, 0x00,  // byte 26, tick 96: note-off C4
          0x00, 0xFF, 0x2F, 0x00,  // byte 30, tick 96: End of Track
        ], length: 4),
      SMFBytes.track([0x00, 0xFF, 0x2F, 0x00])),  // byte 34: track 1
    tracks: [
      [at(0, .on(0, 60, 100)), at(96, .off(0, 60, 0)), at(96, endOfTrack)],
      [at(0, endOfTrack)],
    ],
    warnings: [SMFWarning(.trackLengthTooShort(declared: 4, actual: 12), offset: 18, track: 0)])

  static let trackLengthOverNextTrack = ReadFixture(
    name: "track length too long: it runs over the next track, which starts after End of Track",
    bytes: SMFBytes.file(
      SMFBytes.track(
        [
          0x00, 0xFF, 0x2F, 0x00,  // byte 22, tick 0: End of Track
        ], length: 16),  // byte 18: declares 16 bytes: its own 4 and all of track 1
      SMFBytes.track([0x10, 0xFF, 0x2F, 0x00])),  // byte 26: track 1
    tracks: [[at(0, endOfTrack)], [at(16, endOfTrack)]],
    warnings: [SMFWarning(.trackLengthTooLong(declared: 16, actual: 4), offset: 18, track: 0)])

  static let bytesAfterEndOfTrack = ReadFixture(
    name: "bytes after End of Track inside the track chunk",
    bytes: SMFBytes.file(
      SMFBytes.track([
        0x00, 0xFF, 0x2F, 0x00,  // byte 22: End of Track
        0x00, 0x90, 0x3C,  // byte 26: three bytes the chunk still holds
      ]),
      SMFBytes.track([0x00, 0xFF, 0x2F, 0x00])),  // byte 29: track 1
    tracks: [[at(0, endOfTrack)], [at(0, endOfTrack)]],
    warnings: [SMFWarning(.bytesAfterEndOfTrack(count: 3), offset: 26, track: 0)])

  static let trackCountMismatch = ReadFixture(
    name: "header declares 3 tracks, the file holds 1",
    bytes: SMFBytes.file(trackCount: 3, SMFBytes.track([0x00, 0xFF, 0x2F, 0x00])),
    tracks: [[at(0, endOfTrack)]],
    warnings: [SMFWarning(.trackCountMismatch(declared: 3, found: 1), offset: 10)])

  static let formatZeroWithTwoTracks = ReadFixture(
    name: "format 0 with two tracks",
    bytes: SMFBytes.file(
      format: 0,
      SMFBytes.track([0x00, 0xFF, 0x2F, 0x00]),
      SMFBytes.track([0x00, 0xFF, 0x2F, 0x00])),
    format: .singleTrack,
    tracks: [[at(0, endOfTrack)], [at(0, endOfTrack)]],
    warnings: [SMFWarning(.format0WithManyTracks(count: 2), offset: 8)],
    canonical: true)

  static let endOfTrackWithData = ReadFixture(
    name: "End of Track with a data byte (FF 2F 01 00) is kept as it is",
    bytes: SMFBytes.file(
      format: 0,
      SMFBytes.track([
        0x00, 0x90, 0x3C, 0x64,  // tick 0: note-on C4 100
        0x60, 0xFF, 0x2F, 0x01, 0x00,  // tick 96: End of Track, length 1
      ])),
    format: .singleTrack,
    tracks: [[at(0, .on(0, 60, 100)), at(96, .meta(0x2F, [0x00]))]],
    canonical: true)

  static let noTracks = ReadFixture(
    name: "a header and no tracks",
    bytes: SMFBytes.file(),
    tracks: [],
    canonical: true)
}

@Suite("Reading hand-made fixtures")
struct ReaderFixtureTests {
  @Test("expected events and warnings; read(write(file)) == file", arguments: ReadFixture.all)
  func readsFixture(_ fixture: ReadFixture) throws {
    let result = try readAndRoundTrip(fixture.bytes)
    #expect(result.file.format == fixture.format)
    #expect(result.file.division == fixture.division)
    #expect(result.file.tracks.count == fixture.tracks.count)
    for (index, (track, expected)) in zip(result.file.tracks, fixture.tracks).enumerated() {
      #expect(Array(track.events) == expected, "track \(index)")
    }
    #expect(result.file.unknownChunks == fixture.unknownChunks)
    #expect(result.warnings == fixture.warnings)
  }

  @Test("strict reading fails at the first warning, or reads the same file", arguments: ReadFixture.all)
  func strictReading(_ fixture: ReadFixture) throws {
    if let first = fixture.warnings.first {
      #expect(throws: first.strict) {
        try MIDIFile.read(fixture.bytes, options: .strict)
      }
    } else {
      let strict = try MIDIFile.read(fixture.bytes, options: .strict)
      #expect(strict == (try MIDIFile.read(fixture.bytes)))
    }
  }

  @Test("a canonical fixture is written back byte for byte", arguments: ReadFixture.all.filter(\.canonical))
  func canonicalBytes(_ fixture: ReadFixture) throws {
    let file = try MIDIFile(bytes: fixture.bytes)
    #expect(file.serialized() == fixture.bytes)
  }
}
