import Foundation
import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

/// `.mid → JSON → .mid` on real files keeps every event per track and tick (compared with
/// `midicsv`, the independent oracle), and `JSON → .mid → JSON` gives the same bytes.
@Suite("Real files through piano-roll JSON", .tags(.judge), .tiered, .requires(.midicsv, .realFiles))
struct RealFileRoundTripTests {
  /// midicsv's lines, sorted: the events per track and tick, order within a tick ignored.
  /// `nil` when midicsv cannot read the file.
  static func midicsvLines(_ path: String) throws -> [Substring]? {
    let result = try Subprocess.run("midicsv", [path])
    guard result.status == 0 else { return nil }
    return result.output.split(separator: "\n").sorted()
  }

  /// Checks one file; returns nothing, records issues.
  static func check(_ path: String, folder: URL) throws {
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let file: MIDIFile
    do {
      file = try MIDIFile(bytes: original)
    } catch {
      return  // not a file the SMF layer reads: nothing to convert
    }
    let json = PianoRollJSON.encode(Song(file: file))
    let song = try PianoRollJSON.decode(json)
    let written = song.serialized()
    let name = URL(fileURLWithPath: path).lastPathComponent
    let copy = folder.appendingPathComponent(name)
    try Data(written).write(to: copy)
    // Compare with what the SMF layer itself writes, so that what it tolerated on reading
    // (a missing End of Track, running status after meta) does not count against the model.
    let direct = folder.appendingPathComponent("direct-" + name)
    try Data(file.serialized()).write(to: direct)
    // midicsv refuses a few edge-case files (it is the oracle, not the subject): skip those.
    guard let expected = try midicsvLines(direct.path) else { return }
    guard let got = try midicsvLines(copy.path) else {
      Issue.record("\(path): midicsv cannot read the round-tripped file")
      return
    }
    if expected != got {
      let missing = Set(expected).subtracting(got).sorted().prefix(5)
      let extra = Set(got).subtracting(expected).sorted().prefix(5)
      Issue.record("\(path): events differ; missing \(Array(missing)), extra \(Array(extra))")
    }
    // JSON → .mid → JSON is byte-identical.
    let again = PianoRollJSON.encode(Song(file: try MIDIFile(bytes: written)))
    if again != json {
      let first =
        zip(again, json).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(again.count, json.count)
      let context = { (bytes: [UInt8]) in
        String(decoding: bytes[max(0, first - 80)..<min(bytes.count, first + 80)], as: UTF8.self)
      }
      Issue.record(
        "\(path): JSON → .mid → JSON changed the JSON at byte \(first): \(context(json)) ≠ \(context(again))")
    }
  }

  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pianoroll-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static let realFiles = TestPaths.debianMIDIFiles()

  @Test("the Debian packages with real MIDI files are installed")
  func realFilesPresent() throws {
    try #require(Subprocess.exists("midicsv"), "midicsv is missing: run `make deps`")
    #expect(
      !Self.realFiles.isEmpty, "no .mid files from openttd-openmsx or planetblupi-music-midi: run `make deps`"
    )
  }

  @Test(
    "every real file of openttd-openmsx and planetblupi-music-midi, and every sample",
    .tags(.corpus), .tiered, arguments: realFiles + TestPaths.samples())
  func realFile(path: String) throws {
    try #require(Subprocess.exists("midicsv"), "midicsv is missing: run `make deps`")
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.check(path, folder: folder)
  }

  @Test("every file of the edge-case corpus that the SMF layer reads")
  func corpus() throws {
    let files = TestPaths.corpus().filter { !$0.contains("empty-") || $0.contains("empty-0000") }
    #expect(files.count > 100, "Tests/Fixtures/corpus holds the vendored corpus")
    try #require(Subprocess.exists("midicsv"), "midicsv is missing: run `make deps`")
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for path in files {
      try Self.check(path, folder: folder)
    }
  }
}
