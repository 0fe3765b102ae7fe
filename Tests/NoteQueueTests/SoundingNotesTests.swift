import TestSupport
import Testing

@testable import NoteQueue

@Suite("Sounding notes")
struct SoundingNotesTests {
  @Test("a key's notes end oldest first; a key with none sounding gives nil")
  func firstInFirstOut() {
    var notes = SoundingNotes<Int>()
    let key = SoundingNotes<Int>.key(channel: 3, pitch: 60)
    #expect(notes.popFirst(key: key) == nil)
    notes.push(10, key: key)
    notes.push(20, key: key)
    notes.push(30, key: key)
    #expect(notes.count == 3)
    #expect(notes.popFirst(key: key) == 10)
    notes.push(40, key: key)
    #expect(notes.popFirst(key: key) == 20)
    #expect(notes.popFirst(key: key) == 30)
    #expect(notes.popFirst(key: key) == 40)
    #expect(notes.popFirst(key: key) == nil)
    #expect(notes.isEmpty)
  }

  @Test("keys are channel << 7 | pitch, and keep their own notes")
  func keys() {
    #expect(SoundingNotes<Int>.key(channel: 0, pitch: 0) == 0)
    #expect(SoundingNotes<Int>.key(channel: 1, pitch: 60) == 128 + 60)
    #expect(SoundingNotes<Int>.key(channel: 15, pitch: 127) == 16 * 128 - 1)
    var notes = SoundingNotes<UInt32>()
    notes.push(1, key: 5)
    notes.push(2, key: 6)
    #expect(notes.popFirst(key: 6) == 2)
    #expect(notes.popFirst(key: 6) == nil)
    #expect(notes.popFirst(key: 5) == 1)
  }

  @Test("ending all hands over every note still sounding, key after key, each key oldest first")
  func removeAll() {
    var notes = SoundingNotes<Int>(keyCount: 8)
    for (payload, key) in [(1, 7), (2, 3), (3, 7), (4, 0), (5, 3)] { notes.push(payload, key: key) }
    _ = notes.popFirst(key: 3)
    var ended: [Int] = []
    notes.removeAll { ended.append($0) }
    #expect(ended == [4, 5, 1, 3])
    #expect(notes.isEmpty)
    notes.push(9, key: 2)
    notes.push(8, key: 2)
    ended = []
    notes.removeAll(key: 2) { ended.append($0) }
    #expect(ended == [9, 8])
    #expect(notes.isEmpty)
  }

  @Test("a loop over the buffers has the room it asked for, and its counts are kept")
  func buffers() {
    var notes = SoundingNotes<Int32>()
    let popped = notes.withBuffers(room: 1000) { buffers in
      for index in 0..<1000 { buffers.push(Int32(index), key: index % 3) }
      var popped: [Int32] = []
      for _ in 0..<4 { popped.append(buffers.popFirst(key: 1)!) }
      return popped
    }
    #expect(popped == [1, 4, 7, 10])
    #expect(notes.count == 996)
    #expect(notes.popFirst(key: 0) == 0)
    #expect(notes.popFirst(key: 1) == 13)
  }

  @Test("places are taken again: memory follows the notes sounding at once")
  func placesReused() {
    var notes = SoundingNotes<Int>()
    for round in 0..<10_000 {
      notes.push(round, key: round % 5)
      if round >= 3 { #expect(notes.popFirst(key: (round - 3) % 5) == round - 3) }
    }
    #expect(notes.count == 3)
    #expect(notes.places.count <= 64 + 1)
  }

  @Test("random pushes and pops match a queue per key made of arrays", arguments: 0..<20)
  func matchesArrays(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let keyCount = Int.random(in: 1...40, using: &random)
    var notes = SoundingNotes<Int>(keyCount: keyCount)
    var model = [[Int]](repeating: [], count: keyCount)
    for step in 0..<2_000 {
      let key = Int.random(in: 0..<keyCount, using: &random)
      if Bool.random(using: &random) {
        notes.push(step, key: key)
        model[key].append(step)
      } else {
        #expect(notes.popFirst(key: key) == (model[key].isEmpty ? nil : model[key].removeFirst()))
      }
      #expect(notes.count == model.reduce(0) { $0 + $1.count })
    }
    var ended: [Int] = []
    notes.removeAll { ended.append($0) }
    #expect(ended == model.flatMap { $0 })
  }
}
