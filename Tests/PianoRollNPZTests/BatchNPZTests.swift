import Foundation
import TestSupport
import Testing

/// `batch --to npz`: the same guarantees as JSON (atomic outputs, report, resume).
@Suite("Batch to .npz", .tags(.judge), .tiered, .requires(.python))
struct BatchNPZTests {
  @Test("batch --to npz writes a loadable .npz per song, reports a bad file, and --resume skips what is done")
  func batch() throws {
    let files = Array(RealFiles.debianFiles.prefix(4))
    try #require(files.count == 4, "no real MIDI files (run `make deps`)")
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in")
    let output = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(
      at: input.appendingPathComponent("sub"), withIntermediateDirectories: true)
    for (index, file) in files.enumerated() {
      try FileManager.default.copyItem(
        atPath: file,
        toPath: input.appendingPathComponent(index % 2 == 0 ? "\(index).mid" : "sub/\(index).mid").path)
    }
    try Data("MThd garbage".utf8).write(to: input.appendingPathComponent("bad.mid"))
    let run = try runMIDIRoll(
      [
        "batch", input.path, output.path, "--to", "npz", "--steps", "1/16", "--sustain", "extend", "--jobs",
        "2",
      ])
    #expect(run.status == 1, "\(run.stderr)")
    let report = try String(
      contentsOf: output.appendingPathComponent("midiroll-report.jsonl"), encoding: .utf8)
    #expect(report.components(separatedBy: "\"status\":\"ok\"").count - 1 == 4, "\(report)")
    #expect(report.components(separatedBy: "\"status\":\"failed\"").count - 1 == 1, "\(report)")
    let outputs = ["0.npz", "sub/1.npz", "2.npz", "sub/3.npz"].map { output.appendingPathComponent($0).path }
    let leftovers = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter {
      $0.contains(".tmp")
    }
    #expect(leftovers.isEmpty, "\(leftovers)")
    let check = try Python.run(
      script: """
        import sys, pypianoroll
        for path in sys.argv[1:]:
            m = pypianoroll.load(path)
            assert m.resolution == 4 and len(m.tracks) > 0 and m.downbeat[0], path
        print("ok")
        """, outputs)
    #expect(check.output == "ok\n", "\(check.output)")
    let again = try runMIDIRoll(
      ["batch", input.path, output.path, "--to", "npz", "--steps", "1/16", "--sustain", "extend", "--resume"])
    #expect(again.status == 1, "\(again.stderr)")  // the bad file fails again
    let resumed = try String(
      contentsOf: output.appendingPathComponent("midiroll-report.jsonl"), encoding: .utf8)
    #expect(
      resumed.components(separatedBy: "\"status\":\"ok\"").count - 1 == 4, "resume redid finished files")
  }
}
