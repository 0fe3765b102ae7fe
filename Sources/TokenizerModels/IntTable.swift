/// A hash table from 64-bit keys to 64-bit values (open addressing, linear probing), built once:
/// the merge ranks of a BPE model, the edges of a trie. Its size follows the number of entries
/// put in, never a value read from a file. The key `UInt64.max` is reserved (it marks a free slot).
struct IntTable: Sendable {
  private struct Entry: Sendable {
    var key: UInt64
    var value: UInt64
  }
  private static let free = UInt64.max
  private var entries: [Entry]
  private var mask: Int
  /// The number of entries.
  private(set) var count = 0

  /// An empty table with room for `capacity` entries before it grows.
  init(capacity: Int = 8) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    entries = Array(repeating: Entry(key: Self.free, value: 0), count: size)
    mask = size - 1
  }

  @inline(__always)
  private static func slot(_ key: UInt64, _ mask: Int) -> Int {
    // Fibonacci hashing: one multiplication, the high bits taken (they mix every key bit).
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  /// The value for `key`, or `nil`.
  @inline(__always)
  func value(for key: UInt64) -> UInt64? {
    entries.withUnsafeBufferPointer { entries in
      var slot = Self.slot(key, mask)
      while true {
        let entry = entries[slot]
        if entry.key == key { return entry.value }
        if entry.key == Self.free { return nil }
        slot = (slot + 1) & mask
      }
    }
  }

  /// Sets the value for `key` (replacing the one it had).
  mutating func set(_ value: UInt64, for key: UInt64) {
    precondition(key != Self.free, "IntTable: the key UInt64.max is reserved")
    if (count + 1) * 2 > entries.count { grow() }
    var slot = Self.slot(key, mask)
    while entries[slot].key != Self.free {
      if entries[slot].key == key {
        entries[slot].value = value
        return
      }
      slot = (slot + 1) & mask
    }
    entries[slot] = Entry(key: key, value: value)
    count += 1
  }

  private mutating func grow() {
    var bigger = IntTable(capacity: entries.count)
    for entry in entries where entry.key != Self.free { bigger.set(entry.value, for: entry.key) }
    self = bigger
  }
}
