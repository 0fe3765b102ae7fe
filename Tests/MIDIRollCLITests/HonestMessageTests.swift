import Foundation
import TestSupport
import Testing

/// The items of issue 26's list, each through the built binary: what midiroll says is true,
/// and what it does is what it says.
@Suite("Messages that tell the truth")
struct HonestMessageTests {
  private var sample: String {
    get throws {
      try #require(try sampleFiles().first { $0.lastPathComponent == "two-tracks-tempo-change.mid" }).path
    }
  }

  @Test("split --by program keeps each track's name on its new track")
  func splitKeepsNames() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for key in ["program", "channel"] {
      let output = folder.appendingPathComponent("split-\(key).mid").path
      let run = try runMIDIRoll(["split", try sample, output, "--by", key, "--quiet"])
      #expect(run.status == 0, "\(run.stderr)")
      let info = try runMIDIRoll(["info", output])
      #expect(info.stdoutText.contains("    0 \"Conductor\": "), "\(info.stdoutText)")
      // Tracks 1 and 2, in the order of their channels or programs.
      let names = ["Melody", "Bass"]
      let lines = info.stdoutText.split(separator: "\n").map(String.init)
      for name in names {
        #expect(
          lines.contains { $0.hasPrefix("    1 \"\(name)\": ") || $0.hasPrefix("    2 \"\(name)\": ") },
          "\(key): \(lines)")
      }
    }
  }

  @Test("--retry-failed without --resume is a usage error, before anything is read")
  func retryFailedAlone() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out").path
    let run = try runMIDIRoll(["batch", folder.path, output, "--to", "json", "--retry-failed"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--retry-failed goes with --resume"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output), "nothing written")
  }

  @Test("a JSON input over the limit names the option and the value the user gave, not 160 times it")
  func jsonSizeLimit() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("song.json").path
    #expect(try runMIDIRoll(["convert", try sample, json, "--quiet"]).status == 0)
    for arguments in [["convert", json, folder.appendingPathComponent("back.mid").path], ["info", json]] {
      let run = try runMIDIRoll(arguments + ["--max-file-size", "10"])
      #expect(run.status == 1)
      #expect(
        run.stderr
          == "midiroll: \(json): piano-roll JSON of more than 160 times the size limit of 10 bytes "
          + "(the most JSON a .mid of that size becomes) (raise it with --max-file-size)\n")
    }
  }

  @Test(
    "a full disk in batch names the output that could not be written, and the input it came from",
    .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func batchFullDiskNamesTheOutput() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    try folders.write(longSong(notes: 3000), at: "song.mid")  // about 900 kB of JSON
    try FileManager.default.createDirectory(at: folders.output, withIntermediateDirectories: true)
    let mount = try Subprocess.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folders.output.path])
    try #require(mount.status == 0, "mount: \(mount.output)")
    defer { _ = try? Subprocess.run("/bin/umount", [folders.output.path]) }
    let report = folders.root.appendingPathComponent("report.jsonl")
    let run = try runMIDIRoll([
      "batch", folders.input.path, folders.output.path, "--to", "json", "--report", report.path,
    ])
    #expect(run.status == 3, "\(run.stderr)")
    let output = folders.output.path + "/song.json"
    let input = folders.input.path + "/song.mid"
    #expect(
      run.stderr.contains(
        "midiroll: \(output): cannot write: No space left on device (the output of \(input))\n"),
      "\(run.stderr)")
    let line = try #require(
      try String(contentsOf: report, encoding: .utf8).split(separator: "\n").first {
        $0.hasPrefix("{\"input\"")
      })
    let entry = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(entry["output"] as? String == "song.json")
    #expect(entry["cannotWrite"] as? Bool == true)
  }
}
