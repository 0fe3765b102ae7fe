import JSON

/// Hugging Face's Unigram model (`tokenizers` `models/unigram`, `encode_optimized`): the split of a
/// word into vocabulary pieces with the highest total score (Viterbi), an unknown character
/// scoring the lowest score minus 10, consecutive unknown pieces fused into one.
struct UnigramModel: Sendable {
  /// Token → id (a token listed twice keeps its last id, as `token_to_ids` does).
  let vocabulary: ScalarTrie
  /// Id → token, in the vocabulary's order.
  let tokens: [[UInt32]]
  /// Id → score.
  let scores: [Double]
  /// `unk_id`; `nil`: an unknown character is an error.
  let unknownID: Int32?
  /// The score of an unknown character: the lowest score minus 10.
  let unknownScore: Double

  init(_ fields: HFTokenizerJSON.ModelFields) throws(TrainedModelError) {
    try fields.allow(["type", "unk_id", "vocab", "byte_fallback"], model: "Unigram")
    try fields.refuseByteFallback()
    guard let entries = fields.vocabList else {
      throw TrainedModelError(
        .missingField("vocab", expected: "a list of [token, score] pairs"), path: fields.objectPath)
    }
    var trie = ScalarTrie()
    var tokens: [[UInt32]] = []
    var scores: [Double] = []
    var lowest = Double.infinity
    tokens.reserveCapacity(entries.count)
    for (id, (token, score)) in entries.enumerated() {
      let scalars = BaseVocabulary.scalars(token)
      tokens.append(scalars)
      scores.append(score)
      trie.insert(scalars, id: Int32(id))
      if score < lowest { lowest = score }
    }
    if let unk = fields.unkID {
      guard !entries.isEmpty else {
        throw TrainedModelError(
          .inconsistent("The vocabulary is empty but at least <unk> is needed"), path: fields.path("vocab"))
      }
      guard (0..<entries.count).contains(unk) else {
        throw TrainedModelError(
          .inconsistent("The `unk_id` is larger than vocabulary size"), path: fields.path("unk_id"))
      }
      unknownID = Int32(unk)
    } else {
      unknownID = nil
    }
    vocabulary = trie
    self.tokens = tokens
    self.scores = scores
    unknownScore = lowest - 10
  }

  /// The best path's node ending at one position (`BestPathNode`).
  struct PathNode {
    var score: Double
    /// Where the node starts, −1 while none reaches this position.
    var start: Int32
    var id: Int32
  }

  /// Reused buffers.
  struct Workspace {
    var best: [PathNode] = []
    var pieces: [(start: Int32, end: Int32, id: Int32)] = []
  }

  /// Appends the ids of `word`.
  func tokenize(
    _ word: UnsafeBufferPointer<UInt32>, into ids: inout [Int32], workspace: inout Workspace
  ) throws(TrainedModelError) {
    let size = word.count
    if size == 0 { return }
    workspace.best.removeAll(keepingCapacity: true)
    workspace.best.append(contentsOf: repeatElement(PathNode(score: 0, start: -1, id: 0), count: size + 1))
    try workspace.best.withUnsafeMutableBufferPointer { (best) throws(TrainedModelError) in
      for start in 0..<size {
        let reached = best[start].score
        var hasSingle = false
        var node = ScalarTrie.root
        var end = start
        while end < size {
          node = vocabulary.child(node, word[end])
          if node < 0 { break }
          end += 1
          let id = vocabulary.ids[Int(node)]
          guard id >= 0 else { continue }
          let candidate = scores[Int(id)] + reached
          if best[end].start < 0 || candidate > best[end].score {
            best[end] = PathNode(score: candidate, start: Int32(start), id: id)
          }
          if end == start + 1 { hasSingle = true }
        }
        if !hasSingle {
          let candidate = unknownScore + reached
          if best[start + 1].start < 0 || candidate > best[start + 1].score {
            guard let unknownID else {
              throw TrainedModelError(
                .untokenizable("Encountered an unknown token but `unk_id` is missing"),
                at: .path(.model(JSONPath([.name("model"), .name("unk_id")]))))
            }
            best[start + 1] = PathNode(score: candidate, start: Int32(start), id: unknownID)
          }
        }
      }
    }
    // Back from the end; unknown pieces next to each other are fused, then looked up whole.
    workspace.pieces.removeAll(keepingCapacity: true)
    var end = size
    var fusedStart = -1
    var fusedEnd = -1
    while end > 0 {
      let node = workspace.best[end]
      let start = Int(node.start)
      if let unknownID, node.id == unknownID {
        if fusedEnd < 0 { fusedEnd = end }
        fusedStart = start
      } else {
        if fusedEnd >= 0 {
          workspace.pieces.append((Int32(fusedStart), Int32(fusedEnd), -1))
          fusedEnd = -1
        }
        workspace.pieces.append((Int32(start), Int32(end), node.id))
      }
      end = start
    }
    if fusedEnd >= 0 { workspace.pieces.append((Int32(fusedStart), Int32(fusedEnd), -1)) }
    for piece in workspace.pieces.reversed() {
      if piece.id >= 0 {
        ids.append(piece.id)
      } else {
        let text = UnsafeBufferPointer(rebasing: word[Int(piece.start)..<Int(piece.end)])
        ids.append(vocabulary.id(of: text) ?? unknownID ?? -1)
      }
    }
  }
}
