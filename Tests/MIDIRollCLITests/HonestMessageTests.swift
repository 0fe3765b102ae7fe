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

  @Test("merge --help points to --merge-tracks, the option convert and batch have")
  func mergeHelp() throws {
    let help = try runMIDIRoll(["merge", "--help"]).stdoutText
    #expect(help.contains("take the same as --merge-tracks"))
    #expect(!help.contains("--merge "), "\(help)")
  }

  @Test("too many tracks for --npz notes: the hint is --merge-tracks, which then works")
  func npzNotesHint() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // 7,300 tracks of one note: 9 note columns each is more than a ZIP's 65,535 members.
    let track = SMFBytes.track([0x00, 0x90, 0x3C, 0x40, 0x60, 0x80, 0x3C, 0x40] + SMFBytes.endOfTrack)
    let song = folder.appendingPathComponent("many.mid")
    try Data(SMFBytes.file([[UInt8]](repeating: track, count: 7300))).write(to: song)
    let output = folder.appendingPathComponent("many.npz").path
    // A generous deadline: 7,300 tracks take seconds in a debug build and over a minute under
    // AddressSanitizer on a busy machine; the test is about the hint, not the time.
    let refused = try runMIDIRoll(["convert", song.path, output, "--npz", "notes"], timeout: 900)
    #expect(refused.status == 1)
    #expect(refused.stderr.hasSuffix("(merge them into one with --merge-tracks)\n"), "\(refused.stderr)")
    let merged = try runMIDIRoll(
      [
        "convert", song.path, output, "--npz", "notes", "--merge-tracks", "--quiet",
      ], timeout: 900)
    #expect(merged.status == 0, "\(merged.stderr)")
  }

  @Test("a rendering asked of convert points to render, with a name render takes")
  func renderingPointsToRender() throws {
    let run = try runMIDIRoll(["convert", try sample, "-", "--to", "wav"])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "midiroll: -: this command does not write .wav (expected .mid, .midi, .kar, .rmi, .smf, .json, .npz, .jsonl) "
        + "(to draw or play a song: midiroll render IN OUT.wav)\n")
    let named = try runMIDIRoll(["convert", try sample, "out.json", "--to", "svg"])
    #expect(
      named.stderr.hasSuffix("(to draw or play a song: midiroll render IN OUT.svg)\n"), "\(named.stderr)")
  }

  @Test("an input .wav is refused as an input, with no hint about outputs")
  func wavInput() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("take.wav")
    try FileManager.default.copyItem(atPath: try sample, toPath: wav.path)
    let run = try runMIDIRoll(["convert", wav.path, folder.appendingPathComponent("out.json").path])
    #expect(run.status == 1)
    #expect(run.stderr == "midiroll: \(wav.path): .wav is an output format; midiroll reads .mid and .json\n")
  }

  @Test("--from lists only the kinds read; another is a usage error before anything is read")
  func fromValues() throws {
    let help = try runMIDIRoll(["convert", "--help"]).stdoutText
    #expect(help.contains("(values: mid, json)"), "\(help)")
    for kind in ["npz", "wav"] {
      let run = try runMIDIRoll(["convert", try sample, "out.json", "--from", kind])
      #expect(run.status == 2)
      #expect(run.stderr == "midiroll: --from \(kind): midiroll reads mid and json\n")
    }
  }

  @Test("--drums transpose is refused where nothing transposes: render to .wav too")
  func renderDrums() throws {
    let run = try runMIDIRoll([
      "render", try sample, "/tmp/never-written.wav", "--keys", "60...72", "--drums", "transpose",
    ])
    #expect(run.status == 2)
    #expect(run.stderr == "midiroll: --drums 'transpose': expected keep or filter\n")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.wav"))
  }

  @Test("the list of subcommands and render's overview name .wav")
  func wavInOverviews() throws {
    let list = try runMIDIRoll(["--help"]).stdoutText
    let render = try #require(list.components(separatedBy: "\n  render").last)
    #expect(render.prefix(200).contains("OUT.wav"), "\(list)")
    #expect(
      try runMIDIRoll(["render", "--help"]).stdoutText.hasPrefix("OVERVIEW: Draw a piano roll (OUT.svg)"))
    #expect(try runMIDIRoll(["render", "--help"]).stdoutText.prefix(300).contains("OUT.wav"))
  }

  @Test("an unknown extension lists every kind the command writes, and --to with those kinds")
  func unknownExtension() throws {
    let convert = try runMIDIRoll(["convert", try sample, "out.xyz"])
    #expect(convert.status == 2)
    #expect(
      convert.stderr
        == "midiroll: out.xyz: cannot tell the output kind from the extension (expected .mid, .midi, .kar, .rmi, "
        + ".smf, .json, .npz, .jsonl) (say which with --to mid|json|npz|stats)\n")
    let quantize = try runMIDIRoll(["quantize", try sample, "out.xyz", "--grid", "1/16"])
    #expect(quantize.stderr.hasSuffix("(say which with --to mid|json)\n"), "\(quantize.stderr)")
  }

  @Test("--semitones 200 is reported as --semitones")
  func semitones() throws {
    let run = try runMIDIRoll(["transpose", try sample, "out.mid", "--semitones", "200"])
    #expect(run.status == 2)
    #expect(
      run.stderr == "midiroll: --semitones '200': expected a whole number of semitones from -127 to 127\n")
  }

  @Test("check --help gives one default for --max-file-size")
  func checkDefault() throws {
    let help = try runMIDIRoll(["check", "--help"]).stdoutText
    let entry = try #require(help.components(separatedBy: "--max-file-size <bytes>").last)
    let option = entry.components(separatedBy: "\n  -").first ?? ""
    #expect(option.components(separatedBy: "default").count == 2, "\(option)")
  }

  @Test("--max-file-size 0 is the same usage error on check, info, convert and batch")
  func zeroSizeLimit() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for arguments in [
      ["check", try sample], ["info", try sample], ["convert", try sample, "out.json"],
      ["batch", folder.path, folder.appendingPathComponent("out").path, "--to", "json"],
    ] {
      let run = try runMIDIRoll(arguments + ["--max-file-size", "0"])
      #expect(run.status == 2, "\(arguments)")
      #expect(
        run.stderr == "midiroll: --max-file-size 0: expected a positive number of bytes\n", "\(arguments)")
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
