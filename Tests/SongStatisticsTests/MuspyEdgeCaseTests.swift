import Foundation
import SMF
import TestSupport
import Testing

@testable import SongStatistics

/// Hand-made files for each of muspy's reading rules and each metric's edge, judged by muspy 0.5
/// itself; and the law that the SMF reader's fast path and mido's own reading agree wherever
/// the SMF reader reads without a warning.
@Suite(.tags(.judge), .tiered, .requires(.muspy, .python)) struct MuspyEdgeCaseTests {
  /// A note-on, a note-off (`80`) and a note-on of velocity 0, on channel `channel`.
  static func on(_ pitch: UInt8, channel: UInt8 = 0, velocity: UInt8 = 100) -> [UInt8] {
    [0x90 | channel, pitch, velocity]
  }
  static func off(_ pitch: UInt8, channel: UInt8 = 0) -> [UInt8] { [0x80 | channel, pitch, 0x40] }

  static let cases: [String: [UInt8]] = [
    // A meta event of an unknown type (0A) loses its delta-time: the note gets duration 0.
    "unknown-meta-delta": SMFBytes.file(
      SMFBytes.track(
        [0x00] + on(60) + [0x83, 0x60, 0xFF, 0x0A, 0x00] + [0x00] + off(60) + [0x00] + on(64) + [0x60]
          + off(64) + SMFBytes.endOfTrack)),
    // The program at the note-off decides the track (no metric depends on it, the families do).
    "program-at-note-off": SMFBytes.file(
      SMFBytes.track([0x00] + on(60) + [0x30, 0xC0, 0x28] + [0x30] + off(60) + SMFBytes.endOfTrack)),
    // A control change after the last note makes the song longer.
    "control-change-after-notes": SMFBytes.file(
      SMFBytes.track(
        [0x00] + on(60) + [0x60] + off(60) + [0x87, 0x40, 0xB0, 0x07, 0x64] + SMFBytes.endOfTrack)),
    // Running status after SysEx: mido reads the data byte as another SysEx.
    "running-status-after-sysex": SMFBytes.file(
      SMFBytes.track(
        [0x00] + on(60) + [0x00, 0xF0, 0x03, 0x7E, 0x01, 0xF7] + [0x60, 60, 0x00] + [0x00, 0x02, 0x01] + [
          0x10
        ] + off(60)
          + SMFBytes.endOfTrack)),
    // Bytes after End of Track inside the chunk: mido reads them (here as note events), muspy ignores them.
    "bytes-after-end-of-track": SMFBytes.file(
      SMFBytes.track([0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack + [0x00, 0x90, 0x3C, 0x40])),
    // Zero padding after End of Track: mido reads `00 00` under running status, then `00 00 00`.
    "zero-padding-after-end-of-track": SMFBytes.file(
      SMFBytes.track([0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack + [0x00, 0x00, 0x00, 0x00])),
    // A declared length too short: mido reads on into the next chunk and fails at the end.
    "track-length-too-short": SMFBytes.file(
      SMFBytes.track([0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack, length: 5)),
    // A key signature of 9 sharps: mido raises.
    "key-nine-sharps": SMFBytes.file(
      SMFBytes.track(
        [0x00, 0xFF, 0x59, 0x02, 0x09, 0x00] + [0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack)),
    // A tempo of 0: muspy divides by it.
    "tempo-zero": SMFBytes.file(
      SMFBytes.track(
        [0x00, 0xFF, 0x51, 0x03, 0x00, 0x00, 0x00] + [0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack)
    ),
    // A tempo of 2 bytes: mido's decoder indexes a third.
    "tempo-short": SMFBytes.file(
      SMFBytes.track(
        [0x00, 0xFF, 0x51, 0x02, 0x07, 0xA1] + [0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack)),
    // Zero-length notes and drums only.
    "zero-length-notes": SMFBytes.file(
      SMFBytes.track(
        [0x00] + on(60) + [0x00] + off(60) + [0x00] + on(67) + [0x00] + on(67, velocity: 0)
          + SMFBytes.endOfTrack)),
    "drums-only": SMFBytes.file(
      SMFBytes.track(
        [0x00] + on(36, channel: 9) + [0x18] + off(36, channel: 9) + [0x18] + on(38, channel: 9) + [0x07]
          + off(38, channel: 9)
          + SMFBytes.endOfTrack)),
    "no-tracks": SMFBytes.file(trackCount: 0, []),
    "empty-track": SMFBytes.file(SMFBytes.track(SMFBytes.endOfTrack)),
    "one-zero-length-note-at-0": SMFBytes.file(
      SMFBytes.track([0x00] + on(60) + [0x00] + off(60) + SMFBytes.endOfTrack)),
    "stray-note-off-only": SMFBytes.file(SMFBytes.track([0x10] + off(60) + SMFBytes.endOfTrack)),
    // Overlapping notes of one key (FIFO), notes still open at the end, a second End of Track.
    "overlaps-and-open-notes": SMFBytes.file(
      SMFBytes.track(
        [0x00] + on(60) + [0x10] + on(60) + [0x10] + off(60) + [0x00] + on(62) + on(64) + on(67) + [0x30]
          + off(60)
          + [0x20] + on(72) + SMFBytes.endOfTrack + [0x10] + on(74) + SMFBytes.endOfTrack)),
    // Time signatures in file order, not time order: the first is the one at tick 100.
    "time-signatures-file-order": SMFBytes.file(
      SMFBytes.track([0x64, 0xFF, 0x58, 0x04, 0x03, 0x02, 0x18, 0x08] + SMFBytes.endOfTrack),
      SMFBytes.track(
        [0x00, 0xFF, 0x58, 0x04, 0x06, 0x03, 0x18, 0x08] + [0x00] + on(60) + [0x60] + off(60) + [0x83, 0x00]
          + on(62)
          + [0x60] + off(62) + [0x00] + on(36, channel: 9) + [0x20] + off(36, channel: 9)
          + SMFBytes.endOfTrack)),
    // A bar that is not a whole number of ticks (3/8 at 1 tick per quarter): muspy raises.
    "fractional-measure": SMFBytes.file(
      division: 1,
      SMFBytes.track(
        [0x00, 0xFF, 0x58, 0x04, 0x03, 0x03, 0x18, 0x08] + [0x00] + on(60) + [0x05] + off(60)
          + SMFBytes.endOfTrack)),
    // A meter of 0 beats: a measure of 0 ticks.
    "zero-beat-meter": SMFBytes.file(
      SMFBytes.track(
        [0x00, 0xFF, 0x58, 0x04, 0x00, 0x02, 0x18, 0x08] + [0x00] + on(60) + [0x60] + off(60)
          + SMFBytes.endOfTrack)),
    // Resolutions that 4, 3 or 2 do not divide, drums off and on the grid.
    "odd-resolution-drums": SMFBytes.file(
      division: 25,
      SMFBytes.track(
        [0x00] + on(36, channel: 9) + [0x05] + off(36, channel: 9) + [0x07] + on(38, channel: 9) + [0x01]
          + off(38, channel: 9)
          + [0x00] + on(60) + [0x19] + off(60) + SMFBytes.endOfTrack)),
    "triple-resolution-drums": SMFBytes.file(
      division: 48,
      SMFBytes.track(
        [0x00, 0xFF, 0x58, 0x04, 0x06, 0x03, 0x18, 0x08] + [0x00] + on(36, channel: 9) + [0x10]
          + off(36, channel: 9)
          + on(38, channel: 9) + [0x0C] + off(38, channel: 9) + SMFBytes.endOfTrack)),
    "smpte-division": SMFBytes.file(
      division: 0xE728, SMFBytes.track([0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack)),
    "format-2": SMFBytes.file(
      format: 2, SMFBytes.track([0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack)),
    // The header declares one track of two: mido reads one.
    "fewer-tracks-declared": SMFBytes.file(
      trackCount: 1, SMFBytes.track([0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack),
      SMFBytes.track([0x00] + on(36, channel: 9) + [0x60] + off(36, channel: 9) + SMFBytes.endOfTrack)),
    "more-tracks-declared": SMFBytes.file(
      trackCount: 3, SMFBytes.track([0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack)),
    "riff-wrapped": SMFBytes.rmid(
      SMFBytes.file(SMFBytes.track([0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack))),
    "unknown-chunk-between-tracks": SMFBytes.file(
      trackCount: 2, SMFBytes.track([0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack),
      SMFBytes.chunk("XFIH", [1, 2, 3]), SMFBytes.track(SMFBytes.endOfTrack)),
    // A clock (F8) between events, then running status: mido refuses the data byte after it.
    "clock-then-running-status": SMFBytes.file(
      SMFBytes.track(
        [0x00] + on(60) + [0x10, 0xF8] + [0x10, 62, 0x40] + [0x40] + off(60) + [0x00] + off(62)
          + SMFBytes.endOfTrack)),
    // A quarter frame (F1) between events, its delta-time kept.
    "quarter-frame-between-notes": SMFBytes.file(
      SMFBytes.track([0x00] + on(60) + [0x10, 0xF1, 0x01] + [0x40] + off(60) + SMFBytes.endOfTrack)),
    // No End of Track: notes still open close at the last message's time.
    "no-end-of-track": SMFBytes.file(SMFBytes.track([0x00] + on(60) + [0x60] + on(64) + [0x30] + off(60))),
    // A SysEx holding a byte above 127: mido's Message('sysex') refuses it.
    "sysex-high-byte": SMFBytes.file(
      SMFBytes.track(
        [0x00, 0xF0, 0x03, 0x41, 0x90, 0xF7] + [0x00] + on(60) + [0x60] + off(60) + SMFBytes.endOfTrack)),
    // The same pitch in two tracks at once, a chord of four, and a long silence.
    "chords-and-silence": SMFBytes.file(
      SMFBytes.track(
        [0x00] + on(60) + on(64) + on(67) + on(71) + [0x60] + off(60) + off(64) + [0x30] + off(67) + off(71)
          + SMFBytes.endOfTrack),
      SMFBytes.track([0x30] + on(60, channel: 1) + [0x89, 0x00] + off(60, channel: 1) + SMFBytes.endOfTrack)),
  ]

  @Test func judgedByMuspy() throws {
    try #require(Python.muspyExecutable != nil, "run `make venv-muspy`")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "midiroll-muspy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for (name, bytes) in Self.cases.sorted(by: { $0.key < $1.key }) {
      let path = folder.appendingPathComponent("\(name).mid").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let verdicts = try MuspyJudgeTests.judge(paths)
    #expect(verdicts.count == paths.count)
    var refused = 0
    for verdict in verdicts {
      if verdict.refused != nil { refused += 1 }
      let found = try MuspyJudgeTests.disagreements(verdict)
      #expect(found.isEmpty, "\(verdict.path): \(found.joined(separator: "; "))")
    }
    #expect(refused >= 8, "the cases include files muspy refuses")
  }

  /// mido's reading (``MidoReader``) gives what the fast path gives on every real file, so the
  /// reading that takes over on damaged files is the same reading.
  @Test func midoReadingAgreesWithFastPath() throws {
    let files = RealFiles.debianFiles + RealFiles.samples + TestPaths.corpus()
    #expect(files.count > 400)
    for path in files {
      let bytes = try RealFiles.bytes(path)
      let fast = Result { () throws(MuspyRefusal) in try MuspyMusic(bytes: bytes) }
      let mido = Result { () throws(MuspyRefusal) in try MuspyMusic(midoReading: bytes) }
      switch (fast, mido) {
      case (.success(let a), .success(let b)): #expect(a == b, "\(path)")
      case (.failure, .failure): break
      default: Issue.record("\(path): \(fast) vs \(mido)")
      }
    }
  }
}
