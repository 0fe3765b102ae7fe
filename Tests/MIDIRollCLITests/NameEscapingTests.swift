import Foundation
import SMF
import TestSupport
import Testing

/// A file name with a newline, a tab and an escape sequence, through every command that prints
/// names: every line of standard output and standard error stays one line, the name escaped
/// by the one rule (`OneLine.escaping`) that standard error has always used.
@Suite("Names with control characters on every stream")
struct NameEscapingTests {
  static let name = "bad\nname\t\u{1B}[31m.mid"
  static let brokenName = "worse\nname\t\u{1B}[31m.mid"

  /// A folder holding a good song and a broken one under those names; the caller removes it.
  private func folder() throws -> URL {
    let folder = try makeTemporaryFolder()
    let songs = folder.appendingPathComponent("songs")
    try FileManager.default.createDirectory(at: songs, withIntermediateDirectories: true)
    let source = try #require(
      try sampleFiles().first { $0.lastPathComponent == "two-tracks-tempo-change.mid" })
    try FileManager.default.copyItem(at: source, to: songs.appendingPathComponent(Self.name))
    try Data("MThd broken".utf8).write(to: songs.appendingPathComponent(Self.brokenName))
    return folder
  }

  /// No control character but the line ends, and no empty line left by a name cut in two.
  private func expectOneLineEach(
    _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let controls = text.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || $0.value == 0x7F) }
    #expect(
      controls.isEmpty, "\(what): raw control characters in \(text.debugDescription)",
      sourceLocation: sourceLocation)
  }

  @Test("info: the path and the block stay lines of their own")
  func info() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("songs").appendingPathComponent(Self.name).path
    let run = try runMIDIRoll(["info", path])
    #expect(run.status == 0, "\(run.stderr)")
    expectOneLineEach(run.stdoutText, "info")
    let lines = run.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first.map(String.init) == OneLine.escaping(path))
    #expect(lines.dropFirst().allSatisfy { $0.isEmpty || $0.hasPrefix("  ") }, "\(lines)")
  }

  @Test("info --json: one line, and the path reads back as it is")
  func infoJSON() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("songs").appendingPathComponent(Self.name).path
    let run = try runMIDIRoll(["info", path, "--json"])
    #expect(run.status == 0, "\(run.stderr)")
    expectOneLineEach(run.stdoutText, "info --json")
    #expect(run.stdoutText.filter { $0 == "\n" }.count == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
    #expect(object["path"] as? String == path)
  }

  @Test("check: every problem line and the summary start with the escaped name")
  func check() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in [Self.name, Self.brokenName] {
      let path = folder.appendingPathComponent("songs").appendingPathComponent(name).path
      let run = try runMIDIRoll(["check", path])
      expectOneLineEach(run.stdoutText, "check")
      expectOneLineEach(run.stderr, "check's standard error")
      let lines = run.stdoutText.split(separator: "\n")
      #expect(!lines.isEmpty)
      #expect(lines.allSatisfy { $0.hasPrefix(OneLine.escaping(path) + ": ") }, "\(lines)")
    }
  }

  @Test("show: the title line names the file escaped")
  func show() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("songs").appendingPathComponent(Self.name).path
    let run = try runMIDIRoll(["show", path, "--color", "never"])
    #expect(run.status == 0, "\(run.stderr)")
    expectOneLineEach(run.stdoutText, "show")
    #expect(run.stdoutText.hasPrefix(OneLine.escaping(Self.name) + ": "))
  }

  @Test("batch and report: progress, failures, summary and examples stay one line each")
  func batchAndReport() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let songs = folder.appendingPathComponent("songs").path
    let out = folder.appendingPathComponent("out").path
    let batch = try runMIDIRoll(["batch", songs, out, "--to", "json", "--verbose"])
    #expect(batch.status == 1, "one input fails: \(batch.stderr)")
    expectOneLineEach(batch.stdoutText + batch.stderr, "batch")
    let lines = batch.stderr.split(separator: "\n")
    #expect(lines.allSatisfy { $0.hasPrefix("midiroll: ") }, "\(lines)")
    #expect(lines.contains { $0.contains("starting " + OneLine.escaping(Self.name)) })
    #expect(
      lines.contains { $0.hasPrefix("midiroll: " + OneLine.escaping(songs + "/" + Self.brokenName) + ": ") })

    let report = try runMIDIRoll(["report", out])
    #expect(report.status == 1, "a failure: \(report.stderr)")
    expectOneLineEach(report.stdoutText, "report")
    #expect(report.stdoutText.contains("e.g. " + OneLine.escaping(Self.brokenName)), "\(report.stdoutText)")
  }
}
