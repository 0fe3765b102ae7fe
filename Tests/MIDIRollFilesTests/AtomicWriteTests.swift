import Foundation
import Testing

@testable import MIDIRollFiles

@Suite("FileIO atomic writes")
struct AtomicWriteTests {
  private func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test("the output appears whole, with the bytes written counted, and no temporary file")
  func writesWhole() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
    let count = try FileIO.writeAtomically(
      bytes, to: folder + "/a/b/out.bin", slot: TemporarySlot(), tag: "t1")
    #expect(count == bytes.count)
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/a/b/out.bin"))) == bytes)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/a/b") == ["out.bin"])
  }

  @Test("a body that throws leaves nothing: neither the output nor the temporary file")
  func throwingBody() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    do {
      try FileIO.write(to: folder + "/out.json") { sink throws(KitError) in
        sink.write("{\"half\":")
        throw KitError(.badInput, file: "song.mid", "cannot be encoded")
      }
      Issue.record("the write succeeded")
    } catch {
      #expect(error.message == "cannot be encoded")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
  }

  @Test("a missing folder is not created for one output: the system's reason")
  func missingFolder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    do {
      try FileIO.write([1, 2, 3], to: folder + "/missing/out.mid")
      Issue.record("the write succeeded")
    } catch {
      #expect(error.kind == .cannotWrite)
      #expect(error.message == "cannot create a file in \(folder)/missing: No such file or directory")
    }
  }

  @Test("an output that is an input is refused unless forced")
  func outputIsInput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/song.mid"
    try FileIO.write([1], to: path)
    #expect(throws: KitError.self) { try FileIO.write([2], to: path, inputs: [path]) }
    try FileIO.write([3], to: path, inputs: [path], force: true)
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == [3])
  }
}
