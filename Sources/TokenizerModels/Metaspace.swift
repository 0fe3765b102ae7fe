/// The Metaspace pre-tokenizer of Hugging Face `tokenizers` (MidiTok's when it splits ids per bar
/// or beat): in each piece of a word, spaces become the replacement character ("▁"), the
/// replacement is put in front (by the prepend scheme), then the piece is cut before every
/// replacement character.
struct Metaspace: Sendable, Equatable {
  /// When the replacement is put in front of a piece.
  enum PrependScheme: Sendable, Equatable {
    /// Before every piece that does not start with it (MidiTok's).
    case always
    /// Before the piece that starts the word only.
    case first
    /// Never.
    case never
  }

  /// The replacement character's scalar (U+2581 "▁" for MidiTok).
  var replacement: UInt32
  /// When the replacement is put in front.
  var prependScheme: PrependScheme
  /// Whether pieces are cut before every replacement character.
  var split: Bool

  /// The words of `piece` (scalars), which starts at `offset` in its word (0: the word's start),
  /// each passed to `body` in order. Empty words are never passed.
  func pretokenize(
    _ piece: UnsafeBufferPointer<UInt32>, offset: Int, scratch: inout [UInt32],
    _ body: (UnsafeBufferPointer<UInt32>) throws(TrainedModelError) -> Void
  ) throws(TrainedModelError) {
    scratch.removeAll(keepingCapacity: true)
    let prepend: Bool
    switch prependScheme {
    case .always: prepend = piece.first != replacement && piece.first != Self.space
    case .first: prepend = offset == 0 && piece.first != replacement && piece.first != Self.space
    case .never: prepend = false
    }
    if prepend { scratch.append(replacement) }
    for scalar in piece { scratch.append(scalar == Self.space ? replacement : scalar) }
    try scratch.withUnsafeBufferPointer { (word) throws(TrainedModelError) in
      guard split else {
        if !word.isEmpty { try body(word) }
        return
      }
      var start = 0
      for index in word.indices where index > start && word[index] == replacement {
        try body(UnsafeBufferPointer(rebasing: word[start..<index]))
        start = index
      }
      if start < word.count { try body(UnsafeBufferPointer(rebasing: word[start...])) }
    }
  }

  /// U+0020, which Metaspace replaces.
  static let space: UInt32 = 0x20
}
