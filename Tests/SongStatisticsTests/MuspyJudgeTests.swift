import Foundation
import SMF
import SongStatistics
import TestSupport
import Testing

/// muspy 0.5 from PyPI as the judge (`Tests/StatsJudge/muspy_metrics.py`, run in muspy's own
/// virtual environment): on the 41 Debian files, the samples and the edge-case corpus, midiroll's
/// reading refuses the files muspy refuses and gives every one of the 13 metrics muspy gives,
/// within 1e-9 relative, NaN where muspy gives NaN and a raise where muspy raises.
@Suite(.tags(.judge), .tiered, .requires(.muspy, .python)) struct MuspyJudgeTests {
  /// One line of the judge.
  struct Verdict {
    var path: String
    var refused: String?
    var metrics: [String: Any]
  }

  static func judge(_ paths: [String]) throws -> [Verdict] {
    let result = try Python.runMuspy(scriptAt: "Tests/StatsJudge/muspy_metrics.py", paths)
    #expect(result.status == 0, "the judge failed: \(result.output.suffix(400))")
    return try result.output.split(separator: "\n").map { line in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return Verdict(
        path: try #require(object["path"] as? String), refused: object["refused"] as? String,
        metrics: object["metrics"] as? [String: Any] ?? [:])
    }
  }

  /// Compares midiroll's answer for one file with muspy's; returns the disagreements.
  static func disagreements(_ verdict: Verdict) throws -> [String] {
    let bytes = try RealFiles.bytes(verdict.path)
    let music: MuspyMusic
    do {
      music = try MuspyMusic(bytes: bytes)
    } catch {
      return verdict.refused == nil ? ["midiroll refuses (\(error)), muspy reads it"] : []
    }
    if let refused = verdict.refused { return ["muspy refuses (\(refused)), midiroll reads it"] }
    let metrics = MuspyMetrics(music)
    var found: [String] = []
    for name in MuspyMetrics.names {
      let ours = try #require(metrics[name])
      let theirs = verdict.metrics[name]
      switch (ours, theirs) {
      case (.raised, let raised as [String: Any]) where raised["raised"] != nil: continue
      case (.notANumber, is NSNull): continue
      case (.integer(let value), let number as NSNumber):
        if value != number.intValue { found.append("\(name): \(value) ≠ \(number)") }
      case (.real(let value), let number as NSNumber):
        let expected = number.doubleValue
        let scale = max(abs(expected), abs(value))
        if abs(value - expected) > 1e-9 * scale { found.append("\(name): \(value) ≠ \(expected)") }
      default:
        found.append("\(name): \(ours) ≠ \(String(describing: theirs))")
      }
    }
    return found
  }

  static func check(_ paths: [String]) throws {
    #expect(!paths.isEmpty)
    let verdicts = try judge(paths)
    #expect(verdicts.count == paths.count)
    for verdict in verdicts {
      let found = try disagreements(verdict)
      #expect(found.isEmpty, "\(verdict.path): \(found.joined(separator: "; "))")
    }
  }

  @Test func debianFiles() throws {
    try #require(Python.muspyExecutable != nil, "run `make venv-muspy`")
    #expect(RealFiles.debianFiles.count == 41)
    try Self.check(RealFiles.debianFiles)
  }

  @Test func samples() throws {
    try #require(Python.muspyExecutable != nil, "run `make venv-muspy`")
    try Self.check(RealFiles.samples)
  }

  @Test func corpus() throws {
    try #require(Python.muspyExecutable != nil, "run `make venv-muspy`")
    try Self.check(TestPaths.corpus())
  }
}
