#if LibSMF
  import LibSMFBridge
  import SMF
  import TestSupport
  import Testing

  /// A file libsmf 1.3 must never be handed, and a fragment of the reason it is refused with.
  struct UnsafeCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let reason: String
    /// Whether libsmf 1.3 aborts the process on this file (checked in a child process).
    var aborts = false
    var testDescription: String { name }

    /// The cases; each one aborts, crashes or misleads libsmf 1.3 (see `ChildProcessTests`).
    static let all: [UnsafeCase] = [
      UnsafeCase(
        name: "a SysEx split into an F0 and an F7 packet",
        bytes: Fixture.file(
          [
            0x00, 0xF0, 0x03, 0x43, 0x12, 0x00,  // F0 packet, no F7 at its end
            0x10, 0xF7, 0x02, 0x34, 0xF7,  // continuation packet
          ] + SMFBytes.endOfTrack), reason: "F7", aborts: true),
      UnsafeCase(
        name: "an F7 escape",
        bytes: Fixture.file(
          [0x00, 0xF7, 0x02, 0xF3, 0x01] + SMFBytes.endOfTrack),  // song select, escaped
        reason: "F7", aborts: true),
      UnsafeCase(
        name: "a track without End of Track",
        bytes: Fixture.file(
          [0x00, 0x90, 0x3C, 0x64, 0x60, 0x80, 0x3C, 0x40]),  // note on, note off, nothing more
        reason: "End of Track", aborts: true),
      UnsafeCase(
        name: "running status after a SysEx",
        bytes: Fixture.file(
          [
            0x00, 0x90, 0x3C, 0x64,  // note on
            0x00, 0xF0, 0x01, 0xF7,  // SysEx
            0x60, 0x3C, 0x00,  // running status: note on, velocity 0
          ] + SMFBytes.endOfTrack), reason: "running status", aborts: true),
      UnsafeCase(
        name: "running status after a meta event",
        bytes: Fixture.file(
          [
            0x00, 0x90, 0x3C, 0x64,  // note on
            0x00, 0xFF, 0x01, 0x01, 0x41,  // text "A"
            0x60, 0x3C, 0x00,  // running status: note on, velocity 0
          ] + SMFBytes.endOfTrack), reason: "running status"),
      UnsafeCase(
        name: "a meta event of 200 bytes",
        bytes: Fixture.file(
          [0x00, 0xFF, 0x01, 0x81, 0x48] + [UInt8](repeating: 0x61, count: 200)  // text, 200 bytes
            + [0x00, 0x90, 0x3C, 0x64] + SMFBytes.endOfTrack), reason: "128 bytes"),
      UnsafeCase(
        name: "a meta event whose length 5 is written in two bytes",
        bytes: Fixture.file(
          [0x00, 0xFF, 0x01, 0x80, 0x05, 0x61, 0x62, 0x63, 0x64, 0x65] + SMFBytes.endOfTrack),
        reason: "128 bytes"),
      UnsafeCase(
        name: "a tempo event of 2 bytes",
        bytes: Fixture.file(
          [0x00, 0xFF, 0x51, 0x02, 0x07, 0xA1] + SMFBytes.endOfTrack), reason: "tempo event"),
      UnsafeCase(
        name: "a tick past 2^31 - 1",
        bytes: Fixture.file(
          (0..<8).flatMap { _ in SMFBytes.vlq(0x0FFF_FFFF) + [0x90, 0x3C, 0x64] }  // 8 × (2^28 - 1)
            + [0x08, 0x80, 0x3C, 0x40] + SMFBytes.endOfTrack),  // 2^31 exactly
        reason: "2^31", aborts: true),
      UnsafeCase(
        name: "format 2",
        bytes: Fixture.file(
          format: 2, [0x00, 0x90, 0x3C, 0x64] + SMFBytes.endOfTrack, SMFBytes.endOfTrack),
        reason: "format 2"),
      UnsafeCase(
        name: "SMPTE division",
        bytes: Fixture.file(
          division: 0xE728, [0x00, 0x90, 0x3C, 0x64] + SMFBytes.endOfTrack),  // -25 fps, 40 ticks
        reason: "SMPTE"),
      UnsafeCase(name: "no tracks", bytes: Fixture.file(trackCount: 0), reason: "without tracks"),
      UnsafeCase(
        name: "an unknown chunk", bytes: Fixture.file(SMFBytes.endOfTrack) + SMFBytes.chunk("XFIH", [1, 2]),
        reason: "unknown chunk"),
    ]
  }

  @Suite("files libsmf cannot survive are refused, never handed over")
  struct RefusalTests {
    @Test("refused with a reason", arguments: UnsafeCase.all)
    func refused(_ unsafe: UnsafeCase) throws {
      let result = try MIDIFile.read(unsafe.bytes)
      do {
        let tracks = try LibSMFReader.events(of: unsafe.bytes, acceptedAs: result)
        Issue.record("handed to libsmf, which read \(tracks.count) track(s)")
      } catch {
        guard case .unsafeForLibSMF(let reason) = error else {
          Issue.record("expected a refusal, got \(error)")
          return
        }
        #expect(reason.contains(unsafe.reason), "\(reason)")
        #expect(LibSMFReader.refusalReason(for: unsafe.bytes, acceptedAs: result) == reason)
      }
      #expect(LibSMFCrossCheck.run(bytes: unsafe.bytes, result: result).isRefused)
    }

    @Test("a result read from other bytes is refused")
    func mismatchedResultIsRefused() throws {
      let one = Fixture.file([0x00, 0x90, 0x3C, 0x64] + SMFBytes.endOfTrack)
      let other = Fixture.file([0x00, 0x90, 0x3C, 0x64, 0x60, 0x80, 0x3C, 0x40] + SMFBytes.endOfTrack)
      let reason = LibSMFReader.refusalReason(for: other, acceptedAs: try MIDIFile.read(one))
      #expect(reason?.contains("not read from these bytes") == true, "\(reason ?? "nil")")
    }

    @Test("the description says libsmf cannot read the file and why")
    func errorDescription() {
      let error = LibSMFError.unsafeForLibSMF(reason: "byte 22, track 0: an F7 SysEx packet")
      #expect(error.description == "libsmf cannot read this file: byte 22, track 0: an F7 SysEx packet")
      #expect(
        LibSMFError.loadFailed(messages: ["critical: a", "warning: b"]).description
          == "libsmf failed to load the file (critical: a; warning: b)")
    }
  }

  extension LibSMFCrossCheck.Outcome {
    /// Whether this is `.refused`.
    var isRefused: Bool {
      if case .refused = self { return true }
      return false
    }
  }
#endif
