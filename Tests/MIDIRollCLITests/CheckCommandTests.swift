import Foundation
import TestSupport
import Testing

@Suite("midiroll check")
struct CheckCommandTests {
  @Test("a clean sample passes", arguments: try sampleFiles())
  func cleanSample(sample: URL) throws {
    let run = try runMIDIRoll(["check", sample.path])
    #expect(run.status == 0, "\(run.stdoutText) \(run.stderr)")
    #expect(run.stdoutText.contains("0 warning(s)"))
  }

  @Test("every tolerated problem is listed with its byte offset, exit 1")
  func listsWarnings() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bytes: [UInt8] = [
      0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xE0,  // MThd, format 0, 1 track, 480
      0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 8,  // MTrk, 8 bytes
      0x00, 0x90, 0x3C, 0x64,  // note-on C4
      0x60, 0x80, 0x3C, 0x40,  // note-off after 96 ticks; no End of Track
      0xDE, 0xAD,  // trailing garbage
    ]
    let path = folder.appendingPathComponent("sloppy.mid").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let run = try runMIDIRoll(["check", path])
    #expect(run.status == 1)
    #expect(run.stdoutText.contains("warning: byte 30, track 0: track has no End of Track event"))
    #expect(run.stdoutText.contains("warning: byte 30: 2 byte(s) after the last chunk were skipped"))
  }

  @Test("an unreadable event names its track and byte, exit 1")
  func reportsError() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bytes: [UInt8] = [
      0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 1, 0, 1, 0x01, 0xE0,
      0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 8,
      0x00, 0x90, 0x3C, 0x90,  // note-on whose velocity byte is a status byte
      0x00, 0xFF, 0x2F, 0x00,
    ]
    let path = folder.appendingPathComponent("bad.mid").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let run = try runMIDIRoll(["check", path])
    #expect(run.status == 1)
    #expect(run.stdoutText.contains("error: byte 25, track 0: note-on has a data byte 0x90"))
  }
}
