import Foundation
import SMF
import TestSupport
import Testing

@testable import MIDIRollCLI

/// What `midiroll check` prints: every problem on its own line, with the file, the track and
/// the byte offset, and what was expected.
@Suite("check report")
struct CheckReportTests {
  @Test("every problem of a four-track file, one line each, then a summary")
  func everyProblem() {
    let report = CheckReport(bytes: DiagnosisTests.fourTracks, name: "song.mid", crossCheck: false)
    #expect(
      report.lines == [
        "song.mid: error: byte 48, track 1: note-on has a data byte 0x90 (expected 0x00–0x7F); "
          + "the rest of track 1 was skipped",
        "song.mid: error: byte 69, track 2: status byte 0xF4 cannot appear in a track "
          + "(expected a channel message, F0, F7 or FF); the rest of track 2 was skipped",
        "song.mid: error: byte 89, track 3: meta event 0x01 declares 64 bytes but only 1 are left; "
          + "the rest of track 3 was skipped",
        "song.mid: cannot be read: 3 error(s), 0 warning(s) (format 1, 4 track chunk(s), 2 events in the readable ones)",
      ])
    #expect(report.problemCount == 3)
  }

  @Test("a sloppy but readable file: its warnings and a summary")
  func warnings() {
    let bytes = SMFBytes.file(
      format: 0, trackCount: 1, [SMFBytes.track([0x00, 0x90, 0x3C, 0x64, 0x60, 0x80, 0x3C, 0x40])])
    let report = CheckReport(bytes: bytes + [0xDE, 0xAD], name: "sloppy.mid", crossCheck: false)
    #expect(
      report.lines == [
        "sloppy.mid: warning: byte 30, track 0: track has no End of Track event (one was added at its last tick)",
        "sloppy.mid: warning: byte 30: 2 byte(s) after the last chunk were skipped",
        "sloppy.mid: format 0, 1 track(s), 3 events, 2 warning(s)",
      ])
    #expect(report.problemCount == 2)
  }

  @Test("a PNG, a text file and an empty file: one error each")
  func notMIDI() {
    for (name, bytes) in [
      ("a.png", HostileBytes.png), ("notes.txt", HostileBytes.plainText), ("empty.mid", []),
    ] {
      let report = CheckReport(bytes: bytes, name: name, crossCheck: false)
      #expect(report.problemCount == 1)
      #expect(report.lines.count == 2)
      #expect(report.lines[0].hasPrefix("\(name): error: byte 0: not a MIDI file ("))
    }
  }

  @Test("a text file that starts with MThd: its header's format is wrong")
  func textStartingWithMThd() {
    let report = CheckReport(bytes: HostileBytes.text, name: "README.mid", crossCheck: false)
    #expect(
      report.lines.first
        == "README.mid: error: byte 8: format 30568 is not a Standard MIDI File format (expected 0, 1 or 2)")
  }

  @Test("midiroll check on a bad file: every problem on standard output, exit 1")
  func binary() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "midiroll-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("song.mid").path
    try Data(DiagnosisTests.fourTracks).write(to: URL(fileURLWithPath: path))
    let run = try runMIDIRoll(["check", path])
    #expect(run.status == 1)
    #expect(run.stdoutText.contains("\(path): error: byte 48, track 1: note-on has a data byte 0x90"))
    #expect(run.stdoutText.contains("\(path): error: byte 89, track 3: meta event 0x01 declares 64 bytes"))
    #expect(run.stderr.contains("3 problem(s) found"))
    // The size limit refuses the file before reading it.
    let limited = try runMIDIRoll(["check", "--max-file-size", "10", path])
    #expect(limited.status == 1)
    #expect(limited.stderr.contains("more than the limit of 10"))
    let usage = try runMIDIRoll(["check", "--max-file-size", "0", path])
    #expect(usage.status == 2)
  }

  /// By name it is a device, refused before any read; on standard input it is cut at the
  /// size limit (InputEdgeTests in MIDIRollCLITests).
  @Test("an endless input (/dev/zero) is refused, never read to its end")
  func endlessInput() throws {
    let run = try runMIDIRoll(["check", "--max-file-size", "100000", "/dev/zero"], timeout: 30)
    #expect(run.status == 1)
    #expect(run.stderr.contains("/dev/zero: not a regular file (a FIFO, socket or device)"))
  }
}
