/// Sorting unsigned 64-bit keys in linear time: the statistics sort notes' packed boundaries and
/// fingerprint rows, thousands a song, where a comparison sort spent more time than the metrics.
enum RadixSort {
  /// Keys below this many are sorted by the standard library's comparison sort.
  static let smallCount = 64
  /// The widest digit, in bits (2048 buckets).
  static let maximumDigitBits = 11

  /// Sorts `keys` ascending, least significant digit first, over only the bits in which the keys
  /// differ (a song's keys use a few of their 64), cut into as few digits of at most 11 bits as
  /// they need; the counts of every digit are taken in one read of the keys.
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
    let low = varying.trailingZeroBitCount
    let span = UInt64.bitWidth - varying.leadingZeroBitCount - low
    let passes = (span + maximumDigitBits - 1) / maximumDigitBits
    let digitBits = (span + passes - 1) / passes
    let buckets = 1 << digitBits
    let mask = UInt64(buckets - 1)
    withUnsafeTemporaryAllocation(of: Int.self, capacity: buckets * passes) { counts in
      counts.initialize(repeating: 0)
      keys.withUnsafeBufferPointer { source in
        for key in source {
          var rest = key &>> UInt64(low)
          for pass in 0..<passes {
            counts[pass &<< digitBits | Int(truncatingIfNeeded: rest & mask)] &+= 1
            rest &>>= UInt64(digitBits)
          }
        }
      }
      var scratch = [UInt64](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
      for pass in 0..<passes {
        // Each bucket's first position, from the counts.
        var position = 0
        for bucket in pass << digitBits..<(pass + 1) << digitBits {
          let counted = counts[bucket]
          counts[bucket] = position
          position &+= counted
        }
        let shift = UInt64(low + pass * digitBits)
        keys.withUnsafeBufferPointer { from in
          scratch.withUnsafeMutableBufferPointer { to in
            for key in from {
              let bucket = pass &<< digitBits | Int(truncatingIfNeeded: key &>> shift & mask)
              to[counts[bucket]] = key
              counts[bucket] &+= 1
            }
          }
        }
        swap(&keys, &scratch)
      }
    }
  }
}
