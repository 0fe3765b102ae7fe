import Foundation
import TestSupport
import Testing

/// The `.npz` matrices of every real file, read by pypianoroll and checked cell by cell.
@Suite("pypianoroll matrices of the real files", .tags(.judge), .tiered, .requires(.python))
struct RealFileMatrixTests {
  @Test(
    "pypianoroll.load reads every file, every cell follows the rule; differences with pypianoroll.read listed"
  )
  func everyRealFile() throws {
    let files = RealFiles.debianFiles
    try #require(!files.isEmpty, "no real MIDI files (run `make deps`)")
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var arguments = ["24"]
    for (index, file) in files.enumerated() {
      let output = folder.appendingPathComponent("\(index).npz").path
      let run = try runMIDIRoll(["convert", file, output])
      #expect(run.status == 0, "\(file): \(run.stderr)")
      arguments += [file, output]
    }
    let (ok, output) = try runCheck("check_matrices.py", arguments)
    // The comparison with pypianoroll.read, for the record.
    for line in output.split(separator: "\n") where line.hasPrefix("DIFF") { print(line) }
    #expect(ok, "\(output.suffix(2000))")
    #expect(
      !output.contains("MISMATCH"),
      "\(output.split(separator: "\n").filter { $0.hasPrefix("MISMATCH") }.prefix(20))")
    #expect(output.contains("checked \(files.count) files"), "\(output.suffix(2000))")
    #expect(output.contains(" 0 mismatches"))
  }

  @Test("--binary writes booleans, --no-compress STORED members; both still load")
  func binaryStored() throws {
    let file = try #require(RealFiles.debianFiles.first, "no real MIDI files (run `make deps`)")
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = folder.appendingPathComponent("plain.npz").path
    let binary = folder.appendingPathComponent("binary.npz").path
    for (output, extra) in [(plain, [String]()), (binary, ["--binary", "--no-compress"])] {
      let run = try runMIDIRoll(["convert", file, output] + extra)
      #expect(run.status == 0, "\(run.stderr)")
    }
    let script = """
      import sys, zipfile, numpy as np, pypianoroll
      plain, binary = pypianoroll.load(sys.argv[1]), pypianoroll.load(sys.argv[2])
      assert all(t.pianoroll.dtype == np.bool_ for t in binary.tracks), [t.pianoroll.dtype for t in binary.tracks]
      assert all(np.array_equal(a.pianoroll > 0, b.pianoroll) for a, b in zip(plain.tracks, binary.tracks))
      methods = {i.compress_type for i in zipfile.ZipFile(sys.argv[2]).infolist()}
      assert methods == {zipfile.ZIP_STORED}, methods
      methods = {i.compress_type for i in zipfile.ZipFile(sys.argv[1]).infolist()}
      assert methods == {zipfile.ZIP_DEFLATED}, methods
      assert zipfile.ZipFile(sys.argv[1]).testzip() is None
      print("ok")
      """
    let result = try Python.run(script: script, [plain, binary])
    #expect(result.output.hasSuffix("ok\n"), "\(result.output)")
  }
}
