/// Sorting unsigned 64-bit keys in linear time: the statistics sort notes' packed boundaries and
/// fingerprint rows, thousands a song, where a comparison sort spent more time than the metrics.
enum RadixSort {
  /// Keys below this many are sorted by the standard library's comparison sort.
  static let smallCount = 64

  /// Sorts `keys` ascending: least significant digit first, 8 bits a pass, skipping every digit
  /// in which all keys agree (a song's keys use a few of their 64 bits), all the digits'
  /// counts taken in one read of the keys.
  static func sort(_ keys: inout [UInt64]) {
    let count = keys.count
    guard count >= smallCount else {
      keys.sort()
      return
    }
    let first = keys[0]
    var varying: UInt64 = 0
    for key in keys { varying |= key ^ first }
    guard varying != 0 else { return }
    let digits = (0..<8).filter { varying >> UInt64(8 * $0) & 0xFF != 0 }
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 256 * digits.count) { counts in
      counts.initialize(repeating: 0)
      keys.withUnsafeBufferPointer { source in
        for key in source {
          for (slot, digit) in digits.enumerated() {
            counts[slot << 8 | Int(truncatingIfNeeded: key >> UInt64(8 * digit)) & 0xFF] += 1
          }
        }
      }
      var scratch = [UInt64](repeating: 0, count: count)
      var inScratch = false
      for (slot, digit) in digits.enumerated() {
        // Each bucket's first position, from the counts.
        var position = 0
        for bucket in 0..<256 {
          let counted = counts[slot << 8 | bucket]
          counts[slot << 8 | bucket] = position
          position += counted
        }
        let shift = UInt64(8 * digit)
        keys.withUnsafeMutableBufferPointer { keysBuffer in
          scratch.withUnsafeMutableBufferPointer { scratchBuffer in
            let from = inScratch ? scratchBuffer : keysBuffer
            let to = inScratch ? keysBuffer : scratchBuffer
            for key in from {
              let bucket = slot << 8 | Int(truncatingIfNeeded: key >> shift) & 0xFF
              to[counts[bucket]] = key
              counts[bucket] += 1
            }
          }
        }
        inScratch.toggle()
      }
      if inScratch { swap(&keys, &scratch) }
    }
  }
}
