import Foundation
import NPZ
import TestSupport
import Testing

/// The NPY/ZIP writer, read back by numpy and Python's zipfile.
@Suite("NPZ archive")
struct NPZArchiveTests {
  @Test(
    "numpy.load reads every element type and shape, DEFLATE and STORED; data aligned to 64 bytes",
    arguments: [true, false])
  func everyType(compressed: Bool) throws {
    var archive = NPZArchive(compressed: compressed)
    try archive.add(NPYArray(bools: [true, false, true]), named: "b")
    try archive.add(NPYArray(uint8: [0, 1, 255]), named: "u")
    try archive.add(NPYArray(int32: [Int32.min, -1, 0, Int32.max]), named: "i")
    try archive.add(NPYArray(int64: [Int.min, -2, 3, Int.max]), named: "l")
    try archive.add(NPYArray(float64: [-0.5, 0, 1e300, 120]), named: "f")
    try archive.add(NPYArray(int64: [1, 2, 3, 4, 5, 6], shape: [2, 3]), named: "m")
    try archive.add(NPYArray(uint8: []), named: "empty")
    try archive.addFile(named: "info.json", contents: Array("{\"name\": \"\\u00e9\\\"\\n\"}".utf8))
    let bytes = try archive.finish()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "midiroll-npz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("a.npz").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let script = """
      import sys, json, zipfile, numpy as np
      z = np.load(sys.argv[1])
      assert z["b"].dtype == np.bool_ and z["b"].tolist() == [True, False, True]
      assert z["u"].dtype == np.uint8 and z["u"].tolist() == [0, 1, 255]
      assert z["i"].dtype.str == "<i4" and z["i"].tolist() == [-2**31, -1, 0, 2**31 - 1]
      assert z["l"].dtype.str == "<i8" and z["l"].tolist() == [-2**63, -2, 3, 2**63 - 1]
      assert z["f"].dtype.str == "<f8" and z["f"].tolist() == [-0.5, 0.0, 1e300, 120.0]
      assert z["m"].shape == (2, 3) and z["m"].tolist() == [[1, 2, 3], [4, 5, 6]]
      assert z["empty"].shape == (0,)
      assert json.loads(z["info.json"].decode()) == {"name": "é\\"\\n"}
      f = zipfile.ZipFile(sys.argv[1])
      assert f.testzip() is None
      want = zipfile.ZIP_DEFLATED if sys.argv[2] == "true" else zipfile.ZIP_STORED
      assert all(i.compress_type == want for i in f.infolist())
      for name in ["b.npy", "m.npy"]:
          raw = f.read(name)
          assert (10 + int.from_bytes(raw[8:10], "little")) % 64 == 0
      print("ok")
      """
    let result = try Python.run(script: script, [path, String(compressed)])
    #expect(result.output == "ok\n", "\(result.output)")
  }

  @Test("a repeated member name is an error")
  func duplicate() throws {
    var archive = NPZArchive()
    try archive.add(NPYArray(uint8: [1]), named: "a")
    #expect(throws: NPZError.duplicateMember("a.npy")) { try archive.add(NPYArray(uint8: [2]), named: "a") }
  }

  @Test("the same arrays give the same bytes")
  func deterministic() throws {
    func make() throws -> [UInt8] {
      var archive = NPZArchive()
      try archive.add(NPYArray(float64: [1, 2, 3]), named: "x")
      return try archive.finish()
    }
    #expect(try make() == make())
  }
}
