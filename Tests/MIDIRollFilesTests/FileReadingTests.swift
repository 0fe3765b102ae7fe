import Foundation
import Testing

@testable import MIDIRollFiles

@Suite("FileIO reading")
struct FileReadingTests {
  private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID())-\(name)").path
  }

  @Test("a regular file is read whole, with its identity")
  func regularFile() throws {
    let path = temporaryPath("song.mid")
    defer { unlink(path) }
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (read, id) = try FileIO.readFile(path, maximumSize: 1 << 20)
    #expect(read == bytes)
    #expect(id == FileID(path: path))
  }

  @Test("a FIFO nobody writes to is refused at once, not waited on")
  func fifoIsRefused() throws {
    let path = temporaryPath("pipe.mid")
    try #require(mkfifo(path, 0o644) == 0)
    defer { unlink(path) }
    // Run on another thread: a blocking open would hang this test, not fail it.
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var message = ""
    Thread {
      do throws(KitError) {
        _ = try FileIO.read(path, maximumSize: 1000)
        message = "read"
      } catch {
        message = error.message
      }
      done.signal()
    }.start()
    let finished = done.wait(timeout: .now() + 120) == .success  // a hang guard: it returns at once or never
    try #require(finished, "reading a FIFO with no writer blocked")
    #expect(
      message == "not a regular file (a FIFO, socket or device); to read a pipe, give '-' and redirect it")
  }

  @Test("a device is refused by name (/dev/zero never fills memory)")
  func deviceIsRefused() throws {
    #expect(throws: KitError.self) { try FileIO.read("/dev/zero", maximumSize: 3_000_000_000) }
  }

  @Test("a folder and a missing file say what they are")
  func folderAndMissing() throws {
    do {
      _ = try FileIO.read(NSTemporaryDirectory(), maximumSize: 100)
    } catch {
      #expect(error.message == "is a folder, expected a file (to convert a folder tree: midiroll batch)")
    }
    do {
      _ = try FileIO.read(temporaryPath("missing.mid"), maximumSize: 100)
    } catch {
      #expect(error.message == "no such file")
    }
  }

  @Test("a stream past the limit is refused; one within it is read whole, across pieces")
  func streamLimit() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let size = FileIO.chunkSize * 2 + 123
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let firstWriter = ends[1]
    let writer = Thread {
      _ = bytes.withUnsafeBytes { writeAll(firstWriter, $0) }
      close(firstWriter)
    }
    writer.start()
    let read = try FileIO.readStream(ends[0], name: "-", limit: size)
    close(ends[0])
    #expect(read == bytes)

    try #require(pipe(&ends) == 0)
    let secondWriter = ends[1]
    let second = Thread {
      _ = bytes.withUnsafeBytes { writeAll(secondWriter, $0) }
      close(secondWriter)
    }
    second.start()
    do {
      _ = try FileIO.readStream(ends[0], name: "-", limit: size - 1)
      Issue.record("a stream past the limit was read")
    } catch {
      #expect(error.message == "input is more than the limit of \(size - 1) bytes")
      #expect(error.hints == [.raiseSizeLimit])
    }
    close(ends[0])
  }
}
