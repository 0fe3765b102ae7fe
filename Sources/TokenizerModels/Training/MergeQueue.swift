/// The priority queue of `tokenizers`' BPE trainer: candidate merges, the most frequent pair
/// first and, between equal counts, the smaller pair `(first, second)` first. An entry keeps the
/// words it was pushed for (`pos`): popping a pair merges it in those words only, as
/// `models/bpe/trainer.rs` does.
struct MergeQueue {
  /// A candidate merge.
  struct Entry {
    /// The pair, `first << 32 | second`.
    var pair: UInt64
    /// Its count when pushed (or last checked).
    var count: Int
    /// The words to merge it in (indices, each once).
    var words: [Int32]

    /// Whether `self` pops before `other`.
    @inline(__always)
    func precedes(_ other: Entry) -> Bool {
      count != other.count ? count > other.count : pair < other.pair
    }
  }

  private var heap: [Entry] = []

  /// Whether the queue is empty.
  var isEmpty: Bool { heap.isEmpty }

  /// Adds an entry.
  mutating func push(_ entry: Entry) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the first entry.
  mutating func pop() -> Entry? {
    guard !heap.isEmpty else { return nil }
    heap.swapAt(0, heap.count - 1)
    let top = heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { break }
      var best = left
      if left + 1 < heap.count && heap[left + 1].precedes(heap[left]) { best = left + 1 }
      guard heap[best].precedes(heap[parent]) else { break }
      heap.swapAt(best, parent)
      parent = best
    }
    return top
  }
}
