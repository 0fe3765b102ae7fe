import NoteQueue
import TestSupport
import Testing

@Suite("Sounding notes")
struct SoundingNotesTests {
  /// The links of notes 0..<count kept in an array, as a reader keeps them in its notes.
  struct ArrayLinks: NoteLinks {
    var nextNote: [Int]

    init(count: Int) { nextNote = [Int](repeating: -1, count: count) }

    func next(after note: Int) -> Int { nextNote[note] }
    mutating func link(_ note: Int, to next: Int) { nextNote[note] = next }
  }

  @Test("a key's notes end oldest first; a key with none sounding gives nil")
  func firstInFirstOut() {
    var notes = SoundingNotes()
    var links = ArrayLinks(count: 4)
    let key = SoundingNotes.key(channel: 3, pitch: 60)
    #expect(notes.popFirst(key: key, links: links) == nil)
    notes.push(0, key: key, links: &links)
    notes.push(1, key: key, links: &links)
    notes.push(2, key: key, links: &links)
    #expect(notes.count == 3)
    #expect(notes.popFirst(key: key, links: links) == 0)
    notes.push(3, key: key, links: &links)
    #expect(notes.popFirst(key: key, links: links) == 1)
    #expect(notes.popFirst(key: key, links: links) == 2)
    #expect(notes.popFirst(key: key, links: links) == 3)
    #expect(notes.popFirst(key: key, links: links) == nil)
    #expect(notes.isEmpty)
  }

  @Test("keys are channel << 7 | pitch, and keep their own notes")
  func keys() {
    #expect(SoundingNotes.key(channel: 0, pitch: 0) == 0)
    #expect(SoundingNotes.key(channel: 1, pitch: 60) == 128 + 60)
    #expect(SoundingNotes.key(channel: 0x9F, pitch: 127) == 16 * 128 - 1)  // a status byte's channel
    var notes = SoundingNotes()
    var links = ArrayLinks(count: 2)
    notes.push(0, key: 5, links: &links)
    notes.push(1, key: 6, links: &links)
    #expect(notes.popFirst(key: 6, links: links) == 1)
    #expect(notes.popFirst(key: 6, links: links) == nil)
    #expect(notes.popFirst(key: 5, links: links) == 0)
  }

  @Test("ending all hands over every note still sounding, key after key, each key oldest first")
  func removeAll() {
    var notes = SoundingNotes()
    var links = ArrayLinks(count: 7)
    for (note, key) in [(0, 7), (1, 3), (2, 7), (3, 0), (4, 3)] { notes.push(note, key: key, links: &links) }
    _ = notes.popFirst(key: 3, links: links)
    var ended: [Int] = []
    notes.removeAll(links: links) { ended.append($0) }
    #expect(ended == [3, 4, 0, 2])
    #expect(notes.isEmpty)
    notes.push(5, key: 2, links: &links)
    notes.push(6, key: 2, links: &links)
    ended = []
    notes.removeAll(key: 2, links: links) { ended.append($0) }
    #expect(ended == [5, 6])
    #expect(notes.isEmpty)
  }

  @Test("a loop over the buffers keeps its count")
  func buffers() {
    var notes = SoundingNotes()
    var links = ArrayLinks(count: 1000)
    let popped = notes.withBuffers { buffers in
      for note in 0..<1000 { buffers.push(note, key: note % 3, links: &links) }
      return (0..<4).map { _ in buffers.popFirst(key: 1, links: links)! }
    }
    #expect(popped == [1, 4, 7, 10])
    #expect(notes.count == 996)
    #expect(notes.popFirst(key: 0, links: links) == 0)
    #expect(notes.popFirst(key: 1, links: links) == 13)
  }

  @Test("random starts and ends match a queue per key made of arrays", arguments: 0..<20)
  func matchesArrays(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let keyCount = Int.random(in: 1...SoundingNotes.keyCount, using: &random)  // keys below it
    var notes = SoundingNotes()
    var links = ArrayLinks(count: 2_000)
    var model = [[Int]](repeating: [], count: keyCount)
    for note in 0..<2_000 {
      let key = Int.random(in: 0..<keyCount, using: &random)
      if Bool.random(using: &random) {
        notes.push(note, key: key, links: &links)
        model[key].append(note)
      } else {
        #expect(
          notes.popFirst(key: key, links: links) == (model[key].isEmpty ? nil : model[key].removeFirst()))
      }
      #expect(notes.count == model.reduce(0) { $0 + $1.count })
    }
    var ended: [Int] = []
    notes.removeAll(links: links) { ended.append($0) }
    #expect(ended == model.flatMap { $0 })
  }
}
