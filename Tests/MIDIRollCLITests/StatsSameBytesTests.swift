import Foundation
import TestSupport
import Testing

/// `stats --json` writes, byte for byte, what it wrote before it was made faster: every line of
/// the 41 Debian files, the samples and the corpus equal to the line midiroll wrote at commit
/// aacb352 (`Tests/Fixtures/stats/stats-before-speedup.jsonl`, run from the package root, so the
/// paths of the package's own files are relative to it). A change of the statistics' values or
/// their JSON shows here; one made on purpose writes the file again and says why.
@Suite struct StatsSameBytesTests {
  static let expectedFile = RealFiles.packageRoot.appendingPathComponent(
    "Tests/Fixtures/stats/stats-before-speedup.jsonl")

  /// The value of a line's `path`.
  static func path(of line: Substring) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    return try #require(object?["path"] as? String)
  }

  @Test func everyLineAsBefore() throws {
    #expect(RealFiles.debianFiles.count == 41)
    let expectedText = try String(contentsOf: Self.expectedFile, encoding: .utf8)
    var expected: [String: Substring] = [:]
    for line in expectedText.split(separator: "\n") { expected[try Self.path(of: line)] = line }
    let inputs = RealFiles.debianFiles + RealFiles.samples + TestPaths.corpus()
    let run = try runMIDIRoll(["stats", "--json"] + inputs, timeout: 900)
    // The inputs midiroll cannot read are reported, not written, before as now.
    #expect(run.status == 1)
    let root = RealFiles.packageRoot.path + "/"
    var seen: Set<String> = []
    for line in run.stdoutText.split(separator: "\n") {
      var text = String(line)
      let prefix = "{\"path\": \"" + root
      if text.hasPrefix(prefix) { text = "{\"path\": \"" + text.dropFirst(prefix.count) }
      let path = try Self.path(of: Substring(text))
      seen.insert(path)
      #expect(expected[path].map(String.init) == text, "\(path)")
    }
    #expect(seen == Set(expected.keys))
    #expect(seen.count == 413)
  }
}
