/// Binary search over keys in ascending order, shared by the maps of a ``Timeline``
/// (``TimeSignatureMap`` by tick and cents, ``TempoMap`` by tick and seconds).
enum SortedKeys {
  /// The index of the last of `count` ascending keys that is at or before `key`, or 0 if none
  /// is (`keyAt(i)` gives the `i`th key).
  /// - Complexity: O(log *count*).
  @inline(__always)
  static func lastIndex<Key: Comparable>(count: Int, atOrBefore key: Key, _ keyAt: (Int) -> Key) -> Int {
    if count <= 1 || keyAt(1) > key { return 0 }
    var low = 1
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if keyAt(middle) <= key { low = middle + 1 } else { high = middle }
    }
    return low - 1
  }
}
