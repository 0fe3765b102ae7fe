import JSON

/// Hugging Face's WordPiece model (`tokenizers` `models/wordpiece`): greedy longest match from the
/// left, `continuing_subword_prefix` before every piece but the first; a word longer than
/// `max_input_chars_per_word` characters, or with a part no token matches, becomes the one
/// unknown token.
struct WordPieceModel: Sendable {
  /// Token → id.
  let vocabulary: ScalarTrie
  /// Id → token; ids are 0..<count.
  let tokens: [[UInt32]]
  /// The node of `continuing_subword_prefix` in the trie (the root for ""), −1 when no token
  /// starts with it.
  let prefixNode: Int32
  /// `continuing_subword_prefix`.
  let prefix: String
  /// `unk_token`'s id; `nil` when the vocabulary does not have it (an error on first use).
  let unknownID: Int32?
  /// `unk_token`.
  let unknownToken: String
  /// `max_input_chars_per_word`.
  let maximumCharacters: Int

  init(_ fields: HFTokenizerJSON.ModelFields) throws(TrainedModelError) {
    try fields.allow(
      ["type", "unk_token", "continuing_subword_prefix", "max_input_chars_per_word", "vocab"],
      model: "WordPiece")
    guard let entries = fields.vocabObject else {
      throw TrainedModelError(
        .missingField("vocab", expected: "an object of tokens and ids"), path: fields.objectPath)
    }
    guard let unk = fields.unkToken else {
      throw TrainedModelError(.missingField("unk_token", expected: "a token"), path: fields.objectPath)
    }
    guard let prefix = fields.continuingSubwordPrefix else {
      throw TrainedModelError(
        .missingField("continuing_subword_prefix", expected: "a string"), path: fields.objectPath)
    }
    guard let maximum = fields.maxInputCharsPerWord else {
      throw TrainedModelError(
        .missingField("max_input_chars_per_word", expected: "a number"), path: fields.objectPath)
    }
    guard maximum >= 0 else {
      throw TrainedModelError(
        .invalidValue(found: String(maximum), expected: "a number of characters"),
        path: fields.path("max_input_chars_per_word"))
    }
    let (trie, tokens) = try BPEModel.denseVocabulary(entries, path: fields.path("vocab"))
    vocabulary = trie
    self.tokens = tokens
    self.prefix = prefix
    prefixNode = trie.node(along: BaseVocabulary.scalars(prefix))
    unknownToken = unk
    unknownID = trie.id(of: BaseVocabulary.scalars(unk))
    maximumCharacters = maximum
  }

  /// Appends the ids of `word`.
  func tokenize(_ word: UnsafeBufferPointer<UInt32>, into ids: inout [Int32]) throws(TrainedModelError) {
    if word.isEmpty { return }
    if word.count > maximumCharacters { return try appendUnknown(to: &ids) }
    let first = ids.count
    var start = 0
    while start < word.count {
      var node = start == 0 ? ScalarTrie.root : prefixNode
      var matchEnd = -1
      var matchID: Int32 = -1
      var end = start
      while node >= 0 && end < word.count {
        node = vocabulary.child(node, word[end])
        end += 1
        if node >= 0, vocabulary.ids[Int(node)] >= 0 {
          matchEnd = end
          matchID = vocabulary.ids[Int(node)]
        }
      }
      guard matchEnd > 0 else {
        ids.removeSubrange(first...)
        return try appendUnknown(to: &ids)
      }
      ids.append(matchID)
      start = matchEnd
    }
  }

  private func appendUnknown(to ids: inout [Int32]) throws(TrainedModelError) {
    guard let unknownID else {
      throw TrainedModelError(
        .untokenizable("the unknown token \"\(unknownToken)\" is not in the vocabulary"),
        at: .path(.model(JSONPath([.name("model"), .name("unk_token")]))))
    }
    ids.append(unknownID)
  }
}
