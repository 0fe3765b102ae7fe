/// A word being merged by ``BPETrainer``: its symbols (token ids) and each symbol's length in
/// characters, as `tokenizers`' `models/bpe/word.rs` `Word` holds them for training.
struct TrainingWord: Sendable {
  /// The token ids, in order.
  var symbols: [UInt32]
  /// Each symbol's length in characters (for `max_token_length`).
  var lengths: [Int32]

  /// A change in how many times a pair occurs: `word.rs`' `(Pair, i32)`.
  struct PairChange {
    /// The pair, `first << 32 | second`.
    var pair: UInt64
    /// +1 or −1.
    var delta: Int
  }

  /// Replaces every `first, second` (left to right, not overlapping) with `replacement`,
  /// appending the pair count changes in `word.rs`' `merge` order: for each merge, the pair
  /// before it lost and gained (the gain only when the two lengths stay under `maxLength`),
  /// then the pair after it lost and gained. The symbol before a merge is the already merged
  /// one, the symbol after it the word's next one, as in `word.rs`.
  mutating func merge(
    _ first: UInt32, _ second: UInt32, into replacement: UInt32, maxLength: Int, changes: inout [PairChange]
  ) {
    let count = symbols.count
    var read = 0
    var write = 0
    while read < count {
      if symbols[read] == first && read + 1 < count && symbols[read + 1] == second {
        let length = lengths[read] + lengths[read + 1]
        if write > 0 {
          let before = symbols[write - 1]
          changes.append(PairChange(pair: Self.pair(before, first), delta: -1))
          if Int(lengths[write - 1]) + Int(length) < maxLength {
            changes.append(PairChange(pair: Self.pair(before, replacement), delta: 1))
          }
        }
        if read + 2 < count {
          let after = symbols[read + 2]
          changes.append(PairChange(pair: Self.pair(second, after), delta: -1))
          if Int(lengths[read + 2]) + Int(length) < maxLength {
            changes.append(PairChange(pair: Self.pair(replacement, after), delta: 1))
          }
        }
        symbols[write] = replacement
        lengths[write] = length
        write += 1
        read += 2
      } else {
        symbols[write] = symbols[read]
        lengths[write] = lengths[read]
        write += 1
        read += 1
      }
    }
    symbols.removeLast(count - write)
    lengths.removeLast(count - write)
  }

  /// A pair as one key that sorts as `(first, second)` does.
  @inline(__always)
  static func pair(_ first: UInt32, _ second: UInt32) -> UInt64 { UInt64(first) << 32 | UInt64(second) }
}
