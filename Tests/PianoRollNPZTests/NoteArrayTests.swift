import Foundation
import TestSupport
import Testing

/// `--npz notes`: the notes of piano-roll JSON, as numpy columns.
@Suite("Note arrays")
struct NoteArrayTests {
  @Test(
    "--npz notes of every real file gives, through numpy.load, the notes convert .json gives", .tags(.judge),
    .tiered)
  func everyRealFile() throws {
    let files = RealFiles.debianFiles
    try #require(!files.isEmpty, "no real MIDI files (run `make deps`)")
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var arguments: [String] = []
    for (index, file) in files.enumerated() {
      let json = folder.appendingPathComponent("\(index).json").path
      let npz = folder.appendingPathComponent("\(index).npz").path
      for run in [
        try runMIDIRoll(["convert", file, json]), try runMIDIRoll(["convert", file, npz, "--npz", "notes"]),
      ] {
        #expect(run.status == 0, "\(file): \(run.stderr)")
      }
      arguments += [json, npz]
    }
    let (ok, output) = try runCheck("check_notes.py", arguments)
    #expect(ok, "\(output.suffix(2000))")
    #expect(output.contains("checked \(files.count) files"), "\(output.suffix(2000))")
    #expect(output.hasSuffix(" 0 mismatches\n"), "\(output.suffix(3000))")
  }

  @Test("matrix options with --npz notes, or .npz options with a .json output, are usage errors")
  func usage() throws {
    let file = try #require(RealFiles.debianFiles.first, "no real MIDI files (run `make deps`)")
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let npz = folder.appendingPathComponent("a.npz").path
    let json = folder.appendingPathComponent("a.json").path
    for arguments in [
      [file, npz, "--npz", "notes", "--steps", "1/16"], [file, json, "--resolution", "12"],
      [file, npz, "--resolution", "12", "--steps", "1/16"], [file, npz, "--resolution", "0"],
      [file, npz, "--steps", "1/7"], [file, npz, "--npz", "rolls"], [file, npz, "--sustain", "hold"],
    ] {
      let run = try runMIDIRoll(["convert"] + arguments)
      #expect(run.status == 2, "\(arguments): \(run.status) \(run.stderr)")
      #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: npz))
  }
}
