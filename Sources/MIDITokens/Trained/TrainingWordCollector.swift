import TokenizerModels

/// A receiver that turns a song's sequences into the words MidiTok's `TokTrainingIterator`
/// feeds the trainer: each sequence cut into chunks (``IDChunkSplitter``), empty chunks left
/// out, each chunk's base ids as characters `chr(id + 33)`, pre-tokenized by the Metaspace
/// (each chunk one word after "▁") when the ids are split per bar or beat. A song whose chunks
/// are all empty still feeds one empty string there (`_ids_to_bytes([])` is `""`), the word "▁".
final class TrainingWordCollector: TokenSequenceReceiver {
  let takesPieces = true
  let needsTimes: Bool
  /// The words gathered so far.
  var words = TrainingWords()
  private let split: String
  private var splitter = IDChunkSplitter()
  private var chunk: [Int] = []
  /// The chunks fed for the song.
  private var chunksFed = 0

  /// A collector for `encode_ids_split` `split` (`"bar"`, `"beat"` or `"no"`).
  init(split: String) {
    self.split = split
    needsTimes = split == "bar" || split == "beat"
  }

  func begin(score: Score, width: Int) {
    if needsTimes { splitter = IDChunkSplitter(score: score, split: split) }
  }

  func beginSequence() {
    splitter.beginSequence()
    chunk.removeAll(keepingCapacity: true)
  }

  func receive(_ ids: UnsafeBufferPointer<Int32>, times: UnsafeBufferPointer<Int32>) {
    guard needsTimes else {
      chunk.append(contentsOf: ids.lazy.map { Int($0) })
      return
    }
    splitter.split(ids, times: times, into: &chunk) { (chunk: inout [Int]) in feed(&chunk) }
  }

  func endSequence() { feed(&chunk) }

  /// A part (MMM's track) feeds its words as a sequence of its own (`TokTrainingIterator`
  /// tokenizes MMM with `concatenate_track_sequences=False`).
  func beginPart() {
    feed(&chunk)
    splitter.beginSequence()
  }

  /// Ends the song: the empty string of a song without a chunk, when split.
  func finishSong() {
    if needsTimes && chunksFed == 0 { words.feed([], metaspace: true) }
    chunksFed = 0
  }

  /// Feeds a chunk (when not empty) and empties it.
  private func feed(_ chunk: inout [Int]) {
    guard !chunk.isEmpty else { return }
    words.feed(
      chunk.map { UInt32(truncatingIfNeeded: $0 + TokenizerTraining.firstCharacter) }, metaspace: needsTimes)
    chunksFed += 1
    chunk.removeAll(keepingCapacity: true)
  }
}
