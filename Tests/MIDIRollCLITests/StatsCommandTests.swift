import Foundation
import TestSupport
import Testing

/// `midiroll stats` through the real binary: one JSON line per input with muspy's metrics under
/// muspy's names (judged by muspy itself), the facts and hashes, a readable block without
/// `--json`, the same answer for a song as `.mid` and as piano-roll JSON, and bad inputs.
@Suite(.tags(.judge), .tiered, .requires(.muspy, .python)) struct StatsCommandTests {
  static func lines(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }

  @Test func jsonLinesCarryMuspysMetricsAsMuspyGivesThem() throws {
    try #require(Python.muspyExecutable != nil, "run `make venv-muspy`")
    let files = RealFiles.debianFiles.prefix(8) + RealFiles.samples
    let run = try runMIDIRoll(["stats", "--json"] + files)
    #expect(run.status == 0, "\(run.stderr)")
    let ours = try Self.lines(run.stdoutText)
    #expect(ours.count == files.count)
    let judged = try Python.runMuspy(scriptAt: "Tests/StatsJudge/muspy_metrics.py", Array(files))
    let theirs = try Self.lines(judged.output)
    for (line, verdict) in zip(ours, theirs) {
      #expect(line["path"] as? String == verdict["path"] as? String)
      let metrics = try #require(line["metrics"] as? [String: Any])
      let expected = try #require(verdict["metrics"] as? [String: Any])
      #expect(Set(metrics.keys) == Set(expected.keys) && metrics.count == 13)
      for (name, value) in expected {
        switch (metrics[name], value) {
        case (is NSNull, is NSNull): continue
        case (let a as NSNumber, let b as NSNumber):
          #expect(abs(a.doubleValue - b.doubleValue) <= 1e-9 * max(abs(b.doubleValue), 1e-300), "\(name)")
        default:
          Issue.record("\(line["path"] ?? ""): \(name): \(String(describing: metrics[name])) ≠ \(value)")
        }
      }
      for key in [
        "sha256", "fingerprint", "notes", "seconds", "bars", "tempo", "meters", "keys", "instruments",
      ] {
        #expect(line[key] != nil, "\(key)")
      }
      #expect((line["sha256"] as? String)?.count == 64)
    }
  }

  @Test func sha256IsTheFilesOwn() throws {
    let sample = try #require(RealFiles.samples.first)
    let run = try runMIDIRoll(["stats", "--json", sample])
    let line = try #require(try Self.lines(run.stdoutText).first)
    let sum = try Subprocess.run("/usr/bin/sha256sum", [sample], mergingStandardError: false)
    #expect(sum.output.hasPrefix(try #require(line["sha256"] as? String)))
  }

  @Test func textBlockPerInput() throws {
    let run = try runMIDIRoll(["stats"] + RealFiles.samples.prefix(2))
    #expect(run.status == 0)
    #expect(run.stdoutText.components(separatedBy: "muspy metrics:").count == 3)
    #expect(run.stdoutText.contains("pitch_class_entropy"))
    #expect(run.stdoutText.contains("fingerprint:"))
  }

  @Test func jsonInputGivesTheSameContentAndMetrics() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sample = try #require(RealFiles.samples.first)
    let json = folder.appendingPathComponent("song.json").path
    #expect(try runMIDIRoll(["convert", sample, json]).status == 0)
    let lines = try Self.lines(try runMIDIRoll(["stats", "--json", sample, json]).stdoutText)
    #expect(lines.count == 2)
    #expect(lines[0]["fingerprint"] as? String == lines[1]["fingerprint"] as? String)
    let a = try #require(lines[0]["metrics"] as? [String: Any])
    let b = try #require(lines[1]["metrics"] as? [String: Any])
    #expect(NSDictionary(dictionary: a).isEqual(to: b))
  }

  @Test func refusedByMuspyAndUnreadable() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let format2 = RealFiles.corpusDirectory.appendingPathComponent(
      "shkyrockett/header/header-type-02-multi-song.mid"
    ).path
    let broken = folder.appendingPathComponent("broken.mid").path
    try Data("MThd nonsense".utf8).write(to: URL(fileURLWithPath: broken))
    let run = try runMIDIRoll(["stats", "--json", format2, broken])
    #expect(run.status == 1)
    #expect(run.stderr.contains("broken.mid"))
    let lines = try Self.lines(run.stdoutText)
    #expect(lines.count == 1)
    #expect(lines.first?["metrics"] is NSNull)
    #expect((lines.first?["muspyRefused"] as? String)?.hasPrefix("MIDIError") == true)
    // A song without tracks: the length-based metrics raise in muspy, named in metricsRaised.
    let empty = RealFiles.corpusDirectory.appendingPathComponent("shkyrockett/tracks/empty-00000-tracks.mid")
      .path
    let none = try #require(try Self.lines(try runMIDIRoll(["stats", "--json", empty]).stdoutText).first)
    let raised = try #require(none["metricsRaised"] as? [String: String])
    #expect(
      Set(raised.keys) == [
        "polyphony", "polyphony_rate", "empty_beat_rate", "empty_measure_rate", "groove_consistency",
      ])
  }
}
