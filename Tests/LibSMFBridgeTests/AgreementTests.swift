#if LibSMF
  import LibSMFBridge
  import SMF
  import TestSupport
  import Testing

  /// A file libsmf 1.3 reads safely, on which both readers must agree.
  struct SafeCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    var testDescription: String { name }

    static let all: [SafeCase] = [
      SafeCase(
        name: "note-on with velocity 0 stays distinct from note-off",
        bytes: Fixture.file(
          [
            0x00, 0x90, 0x3C, 0x64,  // note on C4, velocity 100
            0x60, 0x90, 0x3C, 0x00,  // note on C4, velocity 0
            0x00, 0x80, 0x3C, 0x40,  // note off C4, release velocity 64
            0x00, 0x3C, 0x20,  // running status: note off, release velocity 32
          ] + SMFBytes.endOfTrack)),
      SafeCase(
        name: "every kind of channel message",
        bytes: Fixture.file(
          format: 0,
          [
            0x00, 0xA1, 0x3C, 0x10,  // poly pressure
            0x00, 0xB2, 0x07, 0x64,  // control change
            0x00, 0xC3, 0x05,  // program change
            0x00, 0xD4, 0x20,  // channel pressure
            0x00, 0xE5, 0x00, 0x40,  // pitch bend centre
            0x00, 0x40, 0x00,  // running status: pitch bend
          ] + SMFBytes.endOfTrack)),
      SafeCase(
        name: "F0 SysEx messages, one of them empty",
        bytes: Fixture.file(
          [
            0x00, 0xF0, 0x05, 0x7E, 0x7F, 0x09, 0x01, 0xF7,  // GM system on
            0x10, 0xF0, 0x00,  // empty SysEx
            0x00, 0x90, 0x3C, 0x64,
          ] + SMFBytes.endOfTrack)),
      SafeCase(
        name: "meta events of 0 and 127 bytes, unknown and sequencer-specific",
        bytes: Fixture.file(
          [0x00, 0xFF, 0x01, 0x00]  // empty text
            + [0x00, 0xFF, 0x05, 0x7F] + [UInt8](repeating: 0x61, count: 127)  // lyric, 127 bytes
            + [0x00, 0xFF, 0x60, 0x02, 0x01, 0x02]  // unknown type 0x60
            + [0x00, 0xFF, 0x7F, 0x03, 0x00, 0x00, 0x41]  // sequencer-specific
            + SMFBytes.endOfTrack)),
      SafeCase(
        name: "odd tempo and time-signature events",
        bytes: Fixture.file(
          [
            0x00, 0xFF, 0x51, 0x03, 0x00, 0x00, 0x00,  // tempo 0 (libsmf ignores it, loudly)
            0x00, 0xFF, 0x51, 0x05, 0x07, 0xA1, 0x20, 0x01, 0x02,  // tempo with 2 extra bytes
            0x00, 0xFF, 0x58, 0x02, 0x03, 0x02,  // time signature cut short
            0x00, 0xFF, 0x59, 0x00,  // empty key signature
          ] + SMFBytes.endOfTrack)),
      SafeCase(
        name: "tempo changes in a later track",
        bytes: Fixture.file(
          [0x00, 0x90, 0x3C, 0x64, 0x60, 0x80, 0x3C, 0x00] + SMFBytes.endOfTrack,
          [0x30, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20] + SMFBytes.endOfTrack)),
      SafeCase(
        name: "the largest tick libsmf holds, 2^31 - 1",
        bytes: Fixture.file(
          (0..<8).flatMap { _ in SMFBytes.vlq(0x0FFF_FFFF) + [0x90, 0x3C, 0x64] }
            + [0x07, 0x80, 0x3C, 0x40] + SMFBytes.endOfTrack)),
      SafeCase(
        name: "End of Track with data",
        bytes: Fixture.file([0x00, 0x90, 0x3C, 0x64, 0x00, 0xFF, 0x2F, 0x01, 0x00])
      ),
    ]
  }

  @Suite("libsmf and the Swift reader agree on hand-made files")
  struct AgreementTests {
    @Test("both readers read the same events", arguments: SafeCase.all)
    func agrees(_ safe: SafeCase) throws {
      let result = try MIDIFile.read(safe.bytes)
      #expect(result.warnings.isEmpty)
      let outcome = LibSMFCrossCheck.run(bytes: safe.bytes, result: result)
      #expect(outcome == .agree(events: result.file.eventCount), "\(outcome)")
    }

    @Test("the loaded libsmf is the version the bridge was checked against")
    func version() {
      #expect(LibSMFReader.version == LibSMFReader.checkedVersion)
    }

    @Test("libsmf's log output is captured, not printed")
    func logIsCaptured() throws {
      let bytes = Fixture.file(
        [0x00, 0xFF, 0x51, 0x03, 0x00, 0x00, 0x00] + SMFBytes.endOfTrack)  // tempo 0
      let reading = try LibSMFReader.read(bytes, acceptedAs: try MIDIFile.read(bytes))
      #expect(reading.messages == ["critical: Ignoring invalid tempo change."])
      #expect(
        reading.tracks == [
          [
            LibSMFEvent(tick: 0, bytes: [0xFF, 0x51, 0x03, 0x00, 0x00, 0x00]),
            LibSMFEvent(tick: 0, bytes: [0xFF, 0x2F, 0x00]),
          ]
        ])
    }

    @Test("libsmf keeps End of Track as an event and F0 SysEx without its length")
    func libsmfRepresentation() throws {
      let bytes = Fixture.file(
        [
          0x00, 0xF0, 0x03, 0x41, 0x10, 0xF7,  // SysEx, length 3
          0x60, 0x90, 0x3C, 0x00,  // note on, velocity 0
        ] + SMFBytes.endOfTrack)
      let tracks = try LibSMFReader.events(of: bytes, acceptedAs: try MIDIFile.read(bytes))
      #expect(
        tracks == [
          [
            LibSMFEvent(tick: 0, bytes: [0xF0, 0x41, 0x10, 0xF7]),
            LibSMFEvent(tick: 96, bytes: [0x90, 0x3C, 0x00]),
            LibSMFEvent(tick: 96, bytes: [0xFF, 0x2F, 0x00]),
          ]
        ])
    }

    @Test("a file of 20000 tracks is read and freed in linear time")
    func manyTracks() throws {
      let track: [UInt8] = [0x00, 0x90, 0x3C, 0x64, 0x60, 0x80, 0x3C, 0x00] + SMFBytes.endOfTrack
      let chunks = (0..<20000).flatMap { _ in SMFBytes.chunk("MTrk", track) }
      let bytes = SMFBytes.chunk("MThd", SMFBytes.be16(1) + SMFBytes.be16(20000) + SMFBytes.be16(96)) + chunks
      let result = try MIDIFile.read(bytes)
      #expect(LibSMFCrossCheck.run(bytes: bytes, result: result) == .agree(events: 60000))
    }
  }
#endif
