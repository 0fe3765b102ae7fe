import JSON

/// Hugging Face's BPE model (`tokenizers` `models/bpe`): a word's characters become their ids,
/// then the pair of neighbours with the lowest merge rank is merged, the leftmost first, until
/// no pair has a merge — the same queue of (rank, position) as `Word::merge_all`.
struct BPEModel: Sendable {
  /// Token → id.
  let vocabulary: ScalarTrie
  /// Id → token; ids are 0..<count.
  let tokens: [[UInt32]]
  /// `(left << 32) | right` → `(rank << 32) | merged id`; a later merge of the same pair wins.
  let merges: IntTable
  /// The unknown token's id; `nil` without `unk_token` (unknown characters are dropped).
  let unknownID: Int32?
  /// `unk_token` when it is not in the vocabulary: the error Hugging Face raises on its first use.
  let missingUnknownToken: String?
  /// Whether consecutive unknown characters become one unknown token.
  let fuseUnknown: Bool
  /// Whether a word that is a token is kept whole, before any merge.
  let ignoreMerges: Bool
  /// `continuing_subword_prefix` before every character but the first, and
  /// `end_of_word_suffix` after the last (`nil`: none).
  let prefix: [UInt32]?
  let suffix: [UInt32]?

  init(_ fields: HFTokenizerJSON.ModelFields) throws(TrainedModelError) {
    try fields.allow(
      [
        "type", "dropout", "unk_token", "continuing_subword_prefix", "end_of_word_suffix", "fuse_unk",
        "byte_fallback",
        "ignore_merges", "vocab", "merges",
      ], model: "BPE")
    if let dropout = fields.dropout, dropout != 0 {
      throw TrainedModelError(
        .unsupported(found: "dropout \(dropout) (random merges)", expected: "null or 0"),
        path: fields.path("dropout"))
    }
    try fields.refuseByteFallback()
    guard let vocabulary = fields.vocabObject else {
      throw TrainedModelError(
        .missingField("vocab", expected: "an object of tokens and ids"), path: fields.objectPath)
    }
    guard let merges = fields.merges else {
      throw TrainedModelError(.missingField("merges", expected: "a list of pairs"), path: fields.objectPath)
    }
    let (trie, tokens) = try Self.denseVocabulary(vocabulary, path: fields.path("vocab"))
    self.vocabulary = trie
    self.tokens = tokens
    prefix = fields.continuingSubwordPrefix.map { BaseVocabulary.scalars($0) }
    suffix = fields.endOfWordSuffix.map { BaseVocabulary.scalars($0) }
    var table = IntTable(capacity: merges.count)
    for (rank, (left, right)) in merges.enumerated() {
      let at = fields.path("merges").appending(rank)
      let leftScalars = BaseVocabulary.scalars(left)
      var rightScalars = BaseVocabulary.scalars(right)
      guard let leftID = trie.id(of: leftScalars) else { throw Self.notInVocabulary(left, at) }
      guard let rightID = trie.id(of: rightScalars) else { throw Self.notInVocabulary(right, at) }
      // The merged token drops the right part's prefix, byte-wise as Hugging Face does; a prefix
      // the right part does not start with is refused rather than cut mid-character.
      if let prefix, !prefix.isEmpty {
        guard rightScalars.starts(with: prefix) else {
          throw TrainedModelError(
            .unsupported(
              found: "a merge whose right token \"\(right)\" lacks the prefix",
              expected: "every right token to start with continuing_subword_prefix"), path: at)
        }
        rightScalars.removeFirst(prefix.count)
      }
      guard let mergedID = trie.id(of: leftScalars + rightScalars) else {
        throw Self.notInVocabulary(
          left + BaseVocabulary.text(rightScalars), at)
      }
      table.set(
        UInt64(rank) << 32 | UInt64(UInt32(bitPattern: mergedID)),
        for: UInt64(UInt32(bitPattern: leftID)) << 32 | UInt64(UInt32(bitPattern: rightID)))
    }
    self.merges = table
    fuseUnknown = fields.fuseUnk
    ignoreMerges = fields.ignoreMerges
    if let unk = fields.unkToken {
      unknownID = trie.id(of: BaseVocabulary.scalars(unk))
      missingUnknownToken = unknownID == nil ? unk : nil
    } else {
      unknownID = nil
      missingUnknownToken = nil
    }
  }

  private static func notInVocabulary(_ token: String, _ at: JSONPath) -> TrainedModelError {
    TrainedModelError(
      .inconsistent("the merge needs the token \"\(token)\", which the vocabulary does not have"), path: at)
  }

  /// A vocabulary object whose ids are exactly 0..<count, as a trie and a list.
  static func denseVocabulary(_ entries: [(token: String, id: Int)], path: JSONPath) throws(TrainedModelError)
    -> (ScalarTrie, [[UInt32]])
  {
    var tokens: [[UInt32]?] = Array(repeating: nil, count: entries.count)
    var trie = ScalarTrie()
    for (token, id) in entries {
      guard id < entries.count else {
        throw TrainedModelError(
          .unsupported(found: "the id \(id)", expected: "ids 0…\(entries.count - 1), each once"),
          path: path.appending(token))
      }
      guard tokens[id] == nil else {
        throw TrainedModelError(
          .inconsistent("the id \(id) is given to two tokens"), path: path.appending(token))
      }
      let scalars = BaseVocabulary.scalars(token)
      tokens[id] = scalars
      trie.insert(scalars, id: Int32(id))
    }
    return (trie, tokens.map { $0 ?? [] })
  }

  /// One symbol of a word being merged (`Symbol` in `word.rs`): an id and its neighbours.
  struct Symbol {
    var id: Int32
    var previous: Int32
    var next: Int32
    /// Characters covered; 0 once merged into its left neighbour.
    var length: Int32
  }

  /// A queued merge (`Merge` in `word.rs`): ordered by rank, then position.
  struct Candidate {
    /// `rank << 32 | position`.
    var key: UInt64
    var mergedID: Int32
  }

  /// Reused buffers.
  struct Workspace {
    var symbols: [Symbol] = []
    var heap: [Candidate] = []
  }

  /// Appends the ids of `word` (`tokenize` of Hugging Face's BPE, without dropout).
  func tokenize(
    _ word: UnsafeBufferPointer<UInt32>, into ids: inout [Int32], workspace: inout Workspace
  ) throws(TrainedModelError) {
    if word.isEmpty { return }
    if ignoreMerges, let id = vocabulary.id(of: word) {
      ids.append(id)
      return
    }
    workspace.symbols.removeAll(keepingCapacity: true)
    try split(word, into: &workspace.symbols)
    mergeAll(&workspace)
    for symbol in workspace.symbols where symbol.length != 0 { ids.append(symbol.id) }
  }

  /// Appends the ids of a word given as its characters' ids (no prefix, suffix nor ignored
  /// merges, every character in the vocabulary: what `merge_word` would have made of it).
  func tokenize(characterIDs: UnsafeBufferPointer<Int32>, into ids: inout [Int32], workspace: inout Workspace)
  {
    let count = characterIDs.count
    workspace.symbols.removeAll(keepingCapacity: true)
    workspace.symbols.append(
      contentsOf: characterIDs.indices.lazy.map { index in
        Symbol(
          id: characterIDs[index], previous: Int32(index - 1),
          next: index + 1 < count ? Int32(index + 1) : -1,
          length: 1)
      })
    mergeAll(&workspace)
    for symbol in workspace.symbols where symbol.length != 0 { ids.append(symbol.id) }
  }

  /// The word's characters as symbols (`merge_word` before `merge_all`).
  private func split(_ word: UnsafeBufferPointer<UInt32>, into symbols: inout [Symbol])
    throws(TrainedModelError)
  {
    var unknown: (id: Int32, length: Int32)?
    for index in word.indices {
      let isFirst = index == 0
      let isLast = index == word.count - 1
      var node = ScalarTrie.root
      if !isFirst, let prefix { node = vocabulary.node(from: node, along: prefix) }
      if node >= 0 { node = vocabulary.child(node, word[index]) }
      if isLast, let suffix, node >= 0 { node = vocabulary.node(from: node, along: suffix) }
      let id = node >= 0 ? vocabulary.ids[Int(node)] : -1
      if id >= 0 {
        if let pending = unknown {
          Self.add(pending.id, pending.length, to: &symbols)
          unknown = nil
        }
        Self.add(id, 1, to: &symbols)
      } else if missingUnknownToken != nil || unknownID != nil {
        guard let unknownID else {
          throw TrainedModelError(
            .untokenizable("the unknown token \"\(missingUnknownToken ?? "")\" is not in the vocabulary"),
            at: .path(.model(JSONPath([.name("model"), .name("unk_token")]))))
        }
        if let pending = unknown {
          if fuseUnknown {
            unknown = (pending.id, pending.length + 1)
          } else {
            Self.add(pending.id, pending.length, to: &symbols)
            unknown = (unknownID, 1)
          }
        } else {
          unknown = (unknownID, 1)
        }
      }
      // With no unknown token, a character the vocabulary does not have is dropped.
    }
    if let pending = unknown { Self.add(pending.id, pending.length, to: &symbols) }
  }

  @inline(__always)
  private static func add(_ id: Int32, _ length: Int32, to symbols: inout [Symbol]) {
    let count = Int32(symbols.count)
    if count > 0 { symbols[Int(count) - 1].next = count }
    symbols.append(Symbol(id: id, previous: count - 1, next: -1, length: length))
  }

  @inline(__always)
  private func merge(_ left: Int32, _ right: Int32) -> (rank: UInt64, mergedID: Int32)? {
    guard
      let value = merges.value(
        for: UInt64(UInt32(bitPattern: left)) << 32 | UInt64(UInt32(bitPattern: right)))
    else { return nil }
    return (value >> 32, Int32(truncatingIfNeeded: value & 0xFFFF_FFFF))
  }

  /// `Word::merge_all` without dropout.
  private func mergeAll(_ workspace: inout Workspace) {
    workspace.heap.removeAll(keepingCapacity: true)
    let count = workspace.symbols.count
    if count < 2 { return }
    // The heap takes the workspace's buffer (not a second reference to it, which would copy).
    var heap = MinHeap(storage: [])
    swap(&heap.storage, &workspace.heap)
    defer { swap(&heap.storage, &workspace.heap) }
    workspace.symbols.withUnsafeMutableBufferPointer { symbols in
      for position in 0..<(count - 1) {
        if let found = merge(symbols[position].id, symbols[position + 1].id) {
          heap.push(Candidate(key: found.rank << 32 | UInt64(position), mergedID: found.mergedID))
        }
      }
      while let top = heap.pop() {
        let position = Int(top.key & 0xFFFF_FFFF)
        if symbols[position].length == 0 || symbols[position].next == -1 { continue }
        let nextPosition = Int(symbols[position].next)
        let right = symbols[nextPosition]
        // An expired entry: the pair there is no longer the one queued.
        guard let current = merge(symbols[position].id, right.id), current.mergedID == top.mergedID else {
          continue
        }
        symbols[position].id = top.mergedID
        symbols[position].length += right.length
        symbols[position].next = right.next
        symbols[nextPosition].length = 0
        if right.next > -1 && Int(right.next) < count { symbols[Int(right.next)].previous = Int32(position) }
        let merged = symbols[position]
        if merged.previous >= 0, let found = merge(symbols[Int(merged.previous)].id, merged.id) {
          heap.push(Candidate(key: found.rank << 32 | UInt64(merged.previous), mergedID: found.mergedID))
        }
        let next = Int(merged.next)
        if next >= 0 && next < count, let found = merge(merged.id, symbols[next].id) {
          heap.push(Candidate(key: found.rank << 32 | UInt64(position), mergedID: found.mergedID))
        }
      }
    }
  }
}

/// A binary min-heap of merge candidates by key.
struct MinHeap {
  var storage: [BPEModel.Candidate]

  mutating func push(_ element: BPEModel.Candidate) {
    storage.append(element)
    var child = storage.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      if storage[parent].key <= storage[child].key { break }
      storage.swapAt(parent, child)
      child = parent
    }
  }

  mutating func pop() -> BPEModel.Candidate? {
    guard let last = storage.popLast() else { return nil }
    guard !storage.isEmpty else { return last }
    let top = storage[0]
    storage[0] = last
    var parent = 0
    let count = storage.count
    while true {
      let left = 2 * parent + 1
      if left >= count { break }
      var smallest = left
      if left + 1 < count && storage[left + 1].key < storage[left].key { smallest = left + 1 }
      if storage[parent].key <= storage[smallest].key { break }
      storage.swapAt(parent, smallest)
      parent = smallest
    }
    return top
  }
}
