import CMIDIRoll
import MIDIRollC
import TestSupport
import Testing

/// Songs are immutable once read: several threads reading files and the columns of one song
/// at once get what one thread gets.
@Suite("C ABI: threads")
struct ABIThreadTests {
  @Test("four threads reading every real file at once give what one thread gives", .tags(.corpus), .tiered)
  func concurrentReads() async throws {
    let files = try RealFiles.debianFiles.map { try RealFiles.bytes($0) }
    try #require(!files.isEmpty)
    let single = try files.map { try ABIReadTests.notesByColumns(try ABISong.read($0, name: nil).get()) }
    let shared = try ABISong.read(files.max { $0.count < $1.count }!, name: nil).get()
    let sharedNotes = try ABIReadTests.notesByColumns(shared)
    let results = try await withThrowingTaskGroup(of: ([[ABINote]], [ABINote]).self) { group in
      for _ in 0..<4 {
        group.addTask {
          let notes = try files.map { try ABIReadTests.notesByColumns(try ABISong.read($0, name: nil).get()) }
          return (notes, try ABIReadTests.notesByColumns(shared))
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 4)
    for (notes, fromShared) in results {
      #expect(notes == single)
      #expect(fromShared == sharedNotes)
    }
  }
}
