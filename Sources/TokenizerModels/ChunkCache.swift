/// The trained ids of the chunks already encoded in one sequence, by their base ids: a bar that
/// comes back (three chunks in four do, in the real files) is looked up, not tokenized again, as
/// Hugging Face's BPE caches its words (its cache holds 10,000 words). It lives for one
/// ``TrainedChunkEncoder`` (a song being tokenized) and holds at most ``budget`` ids, keys and
/// values together, and ``chunkBudget`` chunks: when a chunk would take it past either, it
/// starts again empty, so a long
/// song of ever new bars does not grow it without end.
struct ChunkCache {
  /// The ids (base and trained) the cache holds at most: 4 MiB of them.
  static let budget = 1 << 20
  /// The chunks it holds at most (its table of entries: 1.5 MiB at most).
  static let chunkBudget = 1 << 15

  private struct Entry {
    var hash: UInt64
    var keyStart: Int32
    var keyCount: Int32
    var valueStart: Int32
    var valueCount: Int32
  }
  private var entries: [Entry] = []
  private var mask = 0
  private var count = 0
  private var keys: [Int32] = []
  private var values: [Int32] = []

  /// The hash of a chunk's base ids.
  @inline(__always)
  static func hash(_ chunk: [Int]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(chunk.count)
    for id in chunk { hash = (hash ^ UInt64(truncatingIfNeeded: id)) &* 0x100_0000_01b3 }
    return hash ^ (hash >> 29)
  }

  /// Appends to `ids` the trained ids cached for `chunk`; `false` if there are none.
  mutating func append(_ chunk: [Int], hash: UInt64, to ids: inout [Int32]) -> Bool {
    guard count > 0 else { return false }
    var slot = Int(truncatingIfNeeded: hash) & mask
    while entries[slot].keyCount >= 0 {
      let entry = entries[slot]
      if entry.hash == hash && Int(entry.keyCount) == chunk.count && matches(chunk, at: Int(entry.keyStart)) {
        ids.append(contentsOf: values[Int(entry.valueStart)..<Int(entry.valueStart + entry.valueCount)])
        return true
      }
      slot = (slot + 1) & mask
    }
    return false
  }

  private func matches(_ chunk: [Int], at start: Int) -> Bool {
    for index in chunk.indices where Int(keys[start + index]) != chunk[index] { return false }
    return true
  }

  /// Remembers the trained ids `ids[from...]` of `chunk`.
  mutating func store(_ chunk: [Int], hash: UInt64, ids: [Int32], from: Int) {
    let size = chunk.count + ids.count - from
    guard size <= Self.budget else { return }
    if keys.count + values.count + size > Self.budget || count == Self.chunkBudget { empty() }
    if (count + 1) * 2 > entries.count { grow() }
    var slot = Int(truncatingIfNeeded: hash) & mask
    while entries[slot].keyCount >= 0 { slot = (slot + 1) & mask }
    entries[slot] = Entry(
      hash: hash, keyStart: Int32(keys.count), keyCount: Int32(chunk.count), valueStart: Int32(values.count),
      valueCount: Int32(ids.count - from))
    for id in chunk { keys.append(Int32(truncatingIfNeeded: id)) }
    values.append(contentsOf: ids[from...])
    count += 1
  }

  /// Forgets every chunk (keeping the buffers' room).
  private mutating func empty() {
    for index in entries.indices { entries[index].keyCount = -1 }
    count = 0
    keys.removeAll(keepingCapacity: true)
    values.removeAll(keepingCapacity: true)
  }

  private mutating func grow() {
    let old = entries
    let size = max(64, old.count * 2)
    entries = Array(
      repeating: Entry(hash: 0, keyStart: 0, keyCount: -1, valueStart: 0, valueCount: 0), count: size)
    mask = size - 1
    for entry in old where entry.keyCount >= 0 {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while entries[slot].keyCount >= 0 { slot = (slot + 1) & mask }
      entries[slot] = entry
    }
  }
}
