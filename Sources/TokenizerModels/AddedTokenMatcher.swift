/// Hugging Face's added vocabulary at encoding time (`AddedVocabulary::extract_and_normalize`):
/// added tokens (MidiTok's special tokens) are cut out of the text before pre-tokenization,
/// leftmost-longest, and keep their own ids; first the tokens matched on the raw text, then, in
/// what is left, those matched after normalization (there is no normalizer, so on the same text).
struct AddedTokenMatcher: Sendable {
  /// Content → id, for tokens with `normalized: false`, then `normalized: true`.
  private let passes: [ScalarTrie]
  /// Whether a scalar starts some added token (to skip the search for most text).
  private let firstScalars: IntTable

  /// A matcher of `tokens`: (content, id, normalized).
  init(_ tokens: [(content: [UInt32], id: Int32, normalized: Bool)]) {
    var raw = ScalarTrie()
    var normalized = ScalarTrie()
    var hasRaw = false
    var hasNormalized = false
    var first = IntTable()
    for token in tokens where !token.content.isEmpty {
      if token.normalized {
        normalized.insert(token.content, id: token.id)
        hasNormalized = true
      } else {
        raw.insert(token.content, id: token.id)
        hasRaw = true
      }
      first.set(1, for: UInt64(token.content[0]))
    }
    passes = (hasRaw ? [raw] : []) + (hasNormalized ? [normalized] : [])
    firstScalars = first
  }

  /// Whether no added token starts with `scalar`.
  func cannotStart(with scalar: UInt32) -> Bool { firstScalars.value(for: UInt64(scalar)) == nil }

  /// A piece of a word after the added tokens are cut out: `id` is an added token's id, or −1 for
  /// text still to pre-tokenize.
  struct Piece {
    var start: Int
    var end: Int
    var id: Int32
  }

  /// The pieces of `text`, in order, covering it; empty text gives none.
  func split(_ text: UnsafeBufferPointer<UInt32>, into pieces: inout [Piece]) {
    pieces.removeAll(keepingCapacity: true)
    if text.isEmpty { return }
    pieces.append(Piece(start: 0, end: text.count, id: -1))
    for trie in passes {
      var next: [Piece] = []
      for piece in pieces {
        guard piece.id < 0 else {
          next.append(piece)
          continue
        }
        var pending = piece.start
        var position = piece.start
        while position < piece.end {
          var node = ScalarTrie.root
          var end = position
          var matchEnd = -1
          var matchID: Int32 = -1
          while end < piece.end {
            node = trie.child(node, text[end])
            if node < 0 { break }
            end += 1
            if trie.ids[Int(node)] >= 0 {
              matchEnd = end
              matchID = trie.ids[Int(node)]
            }
          }
          if matchEnd > position {
            if pending < position { next.append(Piece(start: pending, end: position, id: -1)) }
            next.append(Piece(start: position, end: matchEnd, id: matchID))
            position = matchEnd
            pending = matchEnd
          } else {
            position += 1
          }
        }
        if pending < piece.end { next.append(Piece(start: pending, end: piece.end, id: -1)) }
      }
      pieces = next
    }
  }
}
