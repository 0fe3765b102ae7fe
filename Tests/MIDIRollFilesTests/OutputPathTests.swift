import Foundation
import TestSupport
import Testing

@testable import MIDIRollFiles

/// What a path named as an output is (``OutputPath``), and how ``FileIO/write(to:inputs:force:_:)``
/// writes each kind.
@Suite("Outputs the user names")
struct OutputPathTests {
  private func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test("nothing there, a file, links to both, a FIFO, a folder")
  func kinds() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/file.json"
    try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "file.json")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/chain", withDestinationPath: folder + "/link")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/dangling", withDestinationPath: "sub/new.json")
    #expect(mkfifo(folder + "/fifo", 0o600) == 0)
    #expect(try OutputPath(folder + "/new.json") == .file(folder + "/new.json"))
    #expect(try OutputPath(file) == .file(file))
    #expect(try OutputPath(folder + "/link") == .file(folder + "/file.json"))
    #expect(try OutputPath(folder + "/chain") == .file(folder + "/file.json"))
    #expect(try OutputPath(folder + "/dangling") == .file(folder + "/sub/new.json"))
    #expect(try OutputPath(folder + "/fifo") == .special)
    #expect(try OutputPath(folder) == .folder)
  }

  @Test("a link that loops is refused with the system's reason")
  func loop() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createSymbolicLink(atPath: folder + "/a", withDestinationPath: "b")
    try FileManager.default.createSymbolicLink(atPath: folder + "/b", withDestinationPath: "a")
    #expect(
      throws: KitError(.cannotWrite, file: folder + "/a", "cannot write: Too many levels of symbolic links")
    ) {
      try OutputPath(folder + "/a")
    }
  }

  @Test("standard output named by a path is standard output")
  func standardOutputByPath() throws {
    var info = stat()
    try #require(fstat(1, &info) == 0)
    #expect(try OutputPath("/proc/self/fd/1") == .standardStream(1))
    #expect(try OutputPath("/dev/stdout") == .standardStream(1))
  }

  @Test("a FIFO's reader keeps what was written when the song then fails, and the error says how much")
  func partialWriteIsNamed() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/out.json"
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = try FIFOReader(path: fifo)
    let half = [UInt8](repeating: 0x20, count: OutputSink.capacity + 10)
    do {
      try FileIO.write(to: fifo) { sink throws(KitError) in
        sink.write(half)  // larger than the buffer: goes straight through
        sink.write("more, still buffered")
        throw KitError(.badInput, file: "song.mid", "track 2: cannot be encoded")
      }
      Issue.record("the write succeeded")
    } catch {
      #expect(
        error.message
          == "track 2: cannot be encoded; the first \(half.count) bytes were already written to \(fifo) and stay there"
      )
      #expect(error.file == "song.mid")
    }
    #expect(reader.finish() == half, "what was taken stays with the reader; the buffer is dropped")
  }

  @Test("a body that fails before anything was taken says nothing more")
  func nothingWritten() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/out.json"
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = try FIFOReader(path: fifo)
    #expect(throws: KitError(.badInput, file: "song.mid", "bad")) {
      try FileIO.write(to: fifo) { sink throws(KitError) in
        sink.write("{")
        throw KitError(.badInput, file: "song.mid", "bad")
      }
    }
    #expect(reader.finish() == [])
  }
}
