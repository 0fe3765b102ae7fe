import Foundation
import Testing

@testable import MIDIRollFiles

@Suite("OutputSink")
struct OutputSinkTests {
  @Test("pieces of every size reach the file in order, whatever the buffer")
  func bytesArriveWhole() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID()).bin").path
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    try #require(descriptor >= 0)
    var expected: [UInt8] = []
    let sink = OutputSink(descriptor: descriptor, destination: path)
    // Small pieces, one the size of the buffer, and one larger, so every path is taken.
    for size in [1, 7, 1000, OutputSink.capacity - 3, OutputSink.capacity, 3 * OutputSink.capacity + 5, 2] {
      let piece = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) }
      sink.write(piece)
      expected += piece
    }
    try sink.finish()
    close(descriptor)
    #expect(sink.count == expected.count)
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == expected)
  }

  @Test("a full device is an error naming the destination and the reason, not a crash")
  func fullDevice() throws {
    let descriptor = open("/dev/full", O_WRONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let sink = OutputSink(descriptor: descriptor, destination: "standard output")
    sink.write([UInt8](repeating: 65, count: 10))
    sink.write([UInt8](repeating: 66, count: OutputSink.capacity * 2))  // fails here
    #expect(sink.failed)
    sink.write([UInt8](repeating: 67, count: 10))  // dropped
    #expect(throws: KitError.self) { try sink.finish() }
    do {
      try sink.finish()
    } catch {
      #expect(error.kind == .cannotWrite)
      #expect(error.description == "standard output: cannot write: No space left on device")
    }
  }

  @Test("a closed descriptor is an error too (Bad file descriptor)")
  func closedDescriptor() throws {
    let sink = OutputSink(descriptor: 987, destination: "standard output")
    sink.write("hello")
    do {
      try sink.finish()
      Issue.record("writing to a closed descriptor succeeded")
    } catch {
      #expect(error.description == "standard output: cannot write: Bad file descriptor")
    }
  }
}
