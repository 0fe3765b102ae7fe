/// MidiTok's chunks of a sequence (`TokSequence._split_per_ticks`, as `encode_ids_split` says):
/// a chunk ends before the first token (from the chunk's start on) whose tick is at or after
/// each split tick but the first, so bars without tokens give empty chunks, and a tick no token
/// reaches ends the splitting: the last chunk runs to the end. `encode_ids_split="no"`: the
/// sequence is one chunk. Both the trained model's encoding and training split with it.
struct IDChunkSplitter {
  /// The ticks the sequences are split at (empty: not split).
  private var splitTicks: [Int] = []
  /// The next split tick (the first is not one).
  private var nextSplit = 1

  /// The splitter of `score`'s sequences for `encode_ids_split` (`"bar"`, `"beat"` or `"no"`).
  init(score: Score, split: String) {
    switch split {
    case "bar": splitTicks = Tokenizer.barTicks(of: score, beats: false)
    case "beat": splitTicks = Tokenizer.barTicks(of: score, beats: true)
    default: splitTicks = []
    }
  }

  /// A splitter that has not seen a song yet (it does not split).
  init() {}

  /// A new sequence begins.
  mutating func beginSequence() { nextSplit = 1 }

  /// Appends the ids of a piece to `chunk`, calling `endChunk` (which empties `chunk`) before
  /// each id that starts a new chunk.
  mutating func split<E: Error>(
    _ ids: UnsafeBufferPointer<Int32>, times: UnsafeBufferPointer<Int32>, into chunk: inout [Int],
    endChunk: (inout [Int]) throws(E) -> Void
  ) throws(E) {
    for index in ids.indices {
      while nextSplit < splitTicks.count && Int(times[index]) >= splitTicks[nextSplit] {
        try endChunk(&chunk)
        nextSplit += 1
      }
      chunk.append(Int(ids[index]))
    }
  }
}
