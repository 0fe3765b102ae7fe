import Foundation
import SMF
import TestSupport
import Testing

@Suite("midiroll batch")
struct BatchCommandTests {
  /// The tree of the issue's "done when": nested folders, good files of every extension, a
  /// truncated file, a non-MIDI file, a `.mid` that is JSON, unreadable files and an output
  /// that exists.
  ///
  /// Tests run as root, who can read any file whatever its permissions, so "unreadable" is
  /// played by things that fail to read for root too: a symbolic link to a missing file and
  /// a FIFO named `.mid` (which must not hang the run waiting for a writer).
  @Test("a mixed tree: good files converted, each bad one reported, nothing else touched, exit 1")
  func mixedTree() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let samples = try sampleFiles()
    try #require(samples.count >= 5)
    let bytes = try samples.map { [UInt8](try Data(contentsOf: $0)) }
    let good = [
      "top.mid": bytes[0], "a/b/third.kar": bytes[1], "a/b/c/deep.mid": bytes[2],
      "a/b/c/fourth.rmi": riffWrapped(bytes[3]), "a/UPPER.MID": bytes[4],
    ]
    for (path, content) in good { try folders.write(content, at: path) }
    try folders.write(bytes[0], at: "a/second.midi")  // its output exists already
    // Cut inside the header (a file cut inside an event after a valid header reads).
    try folders.write(Array(bytes[1].prefix(12)), at: "a/truncated.mid")
    try folders.write(Array("These are my notes, not MIDI.\n".utf8), at: "notmidi.mid")
    try folders.write(Array(#"{"midiroll": 1, "format": 1, "tracks": []}"#.utf8), at: "b/actually-json.mid")
    try folders.write(Array("not a song\n".utf8), at: "b/readme.txt")  // not an input at all
    // Formats midiroll writes but never reads are not inputs either.
    for written in ["b/roll.svg", "b/page.html", "b/sound.wav", "b/matrices.npz"] {
      try folders.write(Array("an output of an earlier run\n".utf8), at: written)
    }
    try FileManager.default.createSymbolicLink(
      atPath: folders.input.appendingPathComponent("b/unreadable.mid").path,
      withDestinationPath: "missing-target.mid")
    #expect(mkfifo(folders.input.appendingPathComponent("b/pipe.mid").path, 0o644) == 0)
    let existing = Array("an output made earlier; must stay as it is".utf8)
    try folders.write(existing, at: "a/second.mid", in: folders.output)
    let before = try snapshot(of: folders.input)

    let run = try runMIDIRoll(["batch", folders.input.path, folders.output.path, "--to", "mid"])

    #expect(run.status == 1, "\(run.stderr)")
    for (path, content) in good {
      let output = folders.output.appendingPathComponent(
        (path as NSString).deletingPathExtension + ".mid")
      let written = try MIDIFile(bytes: [UInt8](try Data(contentsOf: output)))
      #expect(written == (try MIDIFile(bytes: content)), "\(path)")
    }
    #expect([UInt8](try Data(contentsOf: folders.output.appendingPathComponent("a/second.mid"))) == existing)

    let report = try folders.reportEntries()
    #expect(
      Set(report.keys)
        == Set(good.keys).union([
          "a/second.midi", "a/truncated.mid", "notmidi.mid", "b/actually-json.mid", "b/unreadable.mid",
          "b/pipe.mid",
        ]))
    for path in good.keys { #expect(report[path]?["status"] as? String == "ok", "\(path)") }
    #expect(report["a/b/c/fourth.rmi"]?["output"] as? String == "a/b/c/fourth.mid")
    #expect((report["a/b/c/fourth.rmi"]?["warnings"] as? [String])?.isEmpty == false, "RIFF wrapper warned")
    #expect(report["a/second.midi"]?["status"] as? String == "skipped")
    #expect((report["a/second.midi"]?["reason"] as? String)?.contains("--force") == true)
    let failed = ["a/truncated.mid", "notmidi.mid", "b/actually-json.mid", "b/unreadable.mid", "b/pipe.mid"]
    for path in failed {
      let entry = try #require(report[path], "\(path)")
      #expect(entry["status"] as? String == "failed", "\(path)")
      #expect((entry["reason"] as? String)?.isEmpty == false, "\(path) has a reason")
      #expect(run.stderr.contains(folders.input.appendingPathComponent(path).path), "\(path) on stderr")
    }
    #expect(report["a/truncated.mid"]?["offset"] as? Int == 12)
    #expect(report["notmidi.mid"]?["offset"] as? Int == 0)
    #expect((report["b/actually-json.mid"]?["reason"] as? String)?.contains("looks like JSON") == true)
    #expect((report["b/unreadable.mid"]?["reason"] as? String)?.contains("missing file") == true)
    #expect((report["b/pipe.mid"]?["reason"] as? String)?.contains("FIFO") == true)

    let summary = try #require(try folders.reportLines().last?["summary"] as? [String: Any])
    #expect(summary["ok"] as? Int == good.count)
    #expect(summary["failed"] as? Int == failed.count)
    #expect(summary["skipped"] as? Int == 1)
    #expect(run.stderr.contains("midiroll: batch: \(good.count) ok, \(failed.count) failed, 1 skipped"))

    #expect(try snapshot(of: folders.input) == before, "the inputs are byte-identical")
    #expect(temporaryLeftovers(in: folders.root).isEmpty, "no temporary file is left")

    // --force replaces the output that exists; the bad files still fail.
    let forced = try runMIDIRoll(["batch", folders.input.path, folders.output.path, "--to", "mid", "--force"])
    #expect(forced.status == 1)
    let replaced = try MIDIFile(
      bytes: [UInt8](try Data(contentsOf: folders.output.appendingPathComponent("a/second.mid"))))
    #expect(replaced == (try MIDIFile(bytes: bytes[0])))
    #expect(try snapshot(of: folders.input) == before)
  }

  @Test("all good: exit 0, a summary with notes and bytes, and a second run skips every output")
  func allGoodThenSkip() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    for sample in try sampleFiles() {
      try folders.write([UInt8](try Data(contentsOf: sample)), at: "songs/" + sample.lastPathComponent)
    }
    let first = try runMIDIRoll(["batch", folders.input.path, folders.output.path, "--to", "mid", "-j", "2"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("notes written"))
    #expect(first.stderr.contains("files/s"))
    let notes = try folders.reportLines().last?["summary"].flatMap {
      ($0 as? [String: Any])?["notes"] as? Int
    }
    #expect((notes ?? 0) > 0)
    let second = try runMIDIRoll(["batch", folders.input.path, folders.output.path, "--to", "mid", "--quiet"])
    #expect(second.status == 0)
    #expect(second.stderr.isEmpty, "--quiet prints nothing when nothing fails: \(second.stderr)")
    let statuses = try folders.reportEntries().values.compactMap { $0["status"] as? String }
    #expect(!statuses.isEmpty && statuses.allSatisfy { $0 == "skipped" })
  }

  @Test("an output folder inside the input folder is never walked")
  func outputInsideInput() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let sample = [UInt8](try Data(contentsOf: try #require(try sampleFiles().first)))
    try folders.write(sample, at: "one.mid")
    try folders.write(sample, at: "deeper/two.mid")
    let output = folders.input.appendingPathComponent("converted")
    for _ in 0..<2 {
      let run = try runMIDIRoll(["batch", folders.input.path, output.path, "--to", "mid", "--force", "-q"])
      #expect(run.status == 0, "\(run.stderr)")
    }
    let lines = try Data(contentsOf: output.appendingPathComponent("midiroll-report.jsonl"))
    let text = String(decoding: lines, as: UTF8.self)
    #expect(!text.contains("\"input\":\"converted/"))
    #expect(
      try FileManager.default.subpathsOfDirectory(atPath: output.path).sorted() == [
        "deeper", "deeper/two.mid", "midiroll-report.jsonl", "one.mid",
      ])
  }

  @Test("symbolic link loops end; every file is taken once")
  func symbolicLinkLoops() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let sample = [UInt8](try Data(contentsOf: try #require(try sampleFiles().first)))
    try folders.write(sample, at: "a/song.mid")
    try folders.write(sample, at: "a/b/other.mid")
    let manager = FileManager.default
    try manager.createSymbolicLink(
      atPath: folders.input.appendingPathComponent("a/b/up").path, withDestinationPath: "..")
    try manager.createSymbolicLink(
      atPath: folders.input.appendingPathComponent("a/self").path, withDestinationPath: ".")
    let run = try runMIDIRoll(["batch", folders.input.path, folders.output.path, "--to", "mid", "-q"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Set(try folders.reportEntries().keys) == ["a/song.mid", "a/b/other.mid"])
  }

  @Test("--include and --exclude pick files by name or by path; folders are pruned")
  func includeExclude() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let sample = [UInt8](try Data(contentsOf: try #require(try sampleFiles().first)))
    for path in [
      "keep.mid", "karaoke.kar", "drafts/x.mid", "x/drafts/y.kar", "lmd/A/a.mid", "lmd/B/b.mid",
      ".hidden.mid",
    ] {
      try folders.write(sample, at: path)
    }
    func inputs(_ options: [String]) throws -> Set<String> {
      try? FileManager.default.removeItem(at: folders.output)
      let run = try runMIDIRoll(
        ["batch", folders.input.path, folders.output.path, "--to", "mid", "-q"] + options)
      #expect(run.status == 0, "\(options): \(run.stderr)")
      return Set(try folders.reportEntries().keys)
    }
    #expect(
      try inputs([]) == [
        "keep.mid", "karaoke.kar", "drafts/x.mid", "x/drafts/y.kar", "lmd/A/a.mid", "lmd/B/b.mid",
      ])
    #expect(try inputs(["--include", "*.kar"]) == ["karaoke.kar", "x/drafts/y.kar"])
    #expect(
      try inputs(["--exclude", "drafts", "--exclude", "lmd/B/*"]) == [
        "keep.mid", "karaoke.kar", "lmd/A/a.mid",
      ])
    #expect(try inputs(["--include", "lmd/*"]) == ["lmd/A/a.mid", "lmd/B/b.mid"])
    #expect(try inputs(["--hidden", "--include", ".*"]) == [".hidden.mid"])
  }

  @Test("two inputs with one output: the first is converted, the second fails with the reason")
  func sameOutput() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let sample = [UInt8](try Data(contentsOf: try #require(try sampleFiles().first)))
    try folders.write(sample, at: "song.mid")
    try folders.write(sample, at: "song.midi")
    let run = try runMIDIRoll(["batch", folders.input.path, folders.output.path, "--to", "mid", "-q"])
    #expect(run.status == 1)
    let report = try folders.reportEntries()
    #expect(report["song.mid"]?["status"] as? String == "ok")
    #expect(report["song.midi"]?["status"] as? String == "failed")
    #expect((report["song.midi"]?["reason"] as? String)?.contains("same output") == true)
  }

  @Test("--to json and back: the same bytes as convert, .json inputs become .mid")
  func toJSONAndBack() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let samples = try sampleFiles()
    for (index, sample) in samples.enumerated() {
      try folders.write(
        [UInt8](try Data(contentsOf: sample)), at: "set\(index % 2)/\(sample.lastPathComponent)")
    }
    let json = folders.root.appendingPathComponent("json")
    let toJSON = try runMIDIRoll(["batch", folders.input.path, json.path, "--to", "json", "-q"])
    #expect(toJSON.status == 0, "\(toJSON.stderr)")
    let back = folders.root.appendingPathComponent("back")
    let toMID = try runMIDIRoll(["batch", json.path, back.path, "--to", "mid", "-q"])
    #expect(toMID.status == 0, "\(toMID.stderr)")
    for (index, sample) in samples.enumerated() {
      let stem = "set\(index % 2)/" + sample.deletingPathExtension().lastPathComponent
      let viaConvert = folders.root.appendingPathComponent("convert.json")
      #expect(try runMIDIRoll(["convert", sample.path, viaConvert.path, "--force", "-q"]).status == 0)
      let batchJSON = try Data(contentsOf: json.appendingPathComponent(stem + ".json"))
      #expect(batchJSON == (try Data(contentsOf: viaConvert)), "\(stem).json is what convert writes")
      let backMID = folders.root.appendingPathComponent("convert.mid")
      #expect(try runMIDIRoll(["convert", viaConvert.path, backMID.path, "--force", "-q"]).status == 0)
      let batchMID = try Data(contentsOf: back.appendingPathComponent(stem + ".mid"))
      #expect(batchMID == (try Data(contentsOf: backMID)), "\(stem).mid is what convert writes")
    }
  }

  @Test(
    "bad usage exits 2 with one line saying what is wrong",
    arguments: [
      (["batch", "IN"], "Missing expected argument '<OUT_DIR>'"),
      (["batch", "IN", "OUT"], "Missing expected argument '--to <to>'"),
      (["batch", "IN", "OUT", "--to", "svg"], "midiroll: --to svg: batch writes mid, json, npz, wav"),
      (
        ["batch", "IN", "OUT", "--to", "xyz"],
        "The value 'xyz' is invalid for '--to <to>'. Please provide one of the following:"
      ),
      (["batch", "IN", "OUT", "--to", "mid", "--jobs", "0"], "midiroll: --jobs 0: expected 1 to 1024"),
      (["batch", "IN", "OUT", "--to", "mid", "--shard", "0/3"], "'0/3' is invalid for '--shard <K/N>'"),
      (["batch", "IN", "OUT", "--to", "mid", "--shard", "4/3"], "'4/3' is invalid for '--shard <K/N>'"),
      (["batch", "IN", "OUT", "--to", "mid", "--shard", "x"], "'x' is invalid for '--shard <K/N>'"),
      (["batch", "IN", "OUT", "--to", "mid", "--from", "mid"], "Unknown option '--from'"),
      (["batch", "IN", "IN", "--to", "mid"], "the output folder is the input folder"),
    ])
  func badUsage(arguments: [String], message: String) throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let resolved = arguments.map {
      $0 == "IN" ? folders.input.path : $0 == "OUT" ? folders.output.path : $0
    }
    let run = try runMIDIRoll(resolved)
    #expect(run.status == 2, "\(arguments): \(run.stderr)")
    #expect(run.stderr.split(separator: "\n").first?.contains(message) == true, "\(arguments): \(run.stderr)")
  }

  @Test("a missing input folder is bad input (exit 1); an output folder that cannot be made exits 3")
  func missingFolders() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let missing = try runMIDIRoll([
      "batch", folders.root.appendingPathComponent("nope").path, folders.output.path, "--to", "mid",
    ])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("no such folder"))
    let blocker = try folders.write([1, 2, 3], at: "file", in: folders.root)
    let cannot = try runMIDIRoll([
      "batch", folders.input.path, blocker.appendingPathComponent("out").path, "--to", "mid",
    ])
    #expect(cannot.status == 3, "\(cannot.stderr)")
  }
}
