extension TrainedTokenizerModel {
  /// Buffers one encoding reuses from chunk to chunk.
  struct Workspace {
    var text: [UInt32] = []
    var pieces: [AddedTokenMatcher.Piece] = []
    var metaspace: [UInt32] = []
    var ids: [Int32] = []
    /// A plain chunk's word: characters, or BPE ids.
    var word: [UInt32] = []
    var wordIDs: [Int32] = []
    var cache = ChunkCache()
    var bpe = BPEModel.Workspace()
    var unigram = UnigramModel.Workspace()
  }

  /// Trained ids for the base ids of one sequence already split per bar (MidiTok's
  /// `encode_token_ids`): each chunk is one word of `encode(…, is_pretokenized=True)`.
  /// - Throws: ``TrainedModelError`` for a base id `_vocab_base` does not have, or text the model
  ///   cannot tokenize (MidiTok raises there too).
  public func encode(chunks: [[Int]]) throws(TrainedModelError) -> [Int] {
    var encoder = TrainedChunkEncoder(model: self)
    var ids: [Int] = []
    ids.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
    for chunk in chunks { ids += try encoder.encode(chunk).lazy.map(Int.init) }
    return ids
  }

  /// Appends the ids of one chunk to `workspace.ids`.
  func encode(chunk: [Int], index: Int, workspace: inout Workspace) throws(TrainedModelError) {
    if chunk.isEmpty { return }  // no text, no word: nothing (not even "▁")
    if try encodePlain(chunk, workspace: &workspace) { return }
    workspace.text.removeAll(keepingCapacity: true)
    for (position, id) in chunk.enumerated() where !base.appendCharacters(of: id, to: &workspace.text) {
      throw TrainedModelError(.baseIDNotInVocabulary(id), at: .baseID(chunk: index, index: position))
    }
    let text = workspace.text
    try text.withUnsafeBufferPointer { (text) throws(TrainedModelError) in
      addedTokens.split(text, into: &workspace.pieces)
      for piece in workspace.pieces {
        if piece.id >= 0 {
          workspace.ids.append(piece.id)
          continue
        }
        let slice = UnsafeBufferPointer(rebasing: text[piece.start..<piece.end])
        if let preTokenizer {
          var scratch: [UInt32] = []
          swap(&scratch, &workspace.metaspace)
          defer { swap(&scratch, &workspace.metaspace) }
          try preTokenizer.pretokenize(slice, offset: piece.start, scratch: &scratch) {
            (word) throws(TrainedModelError) in
            try tokenize(word, workspace: &workspace)
          }
        } else {
          try tokenize(slice, workspace: &workspace)
        }
      }
    }
  }

  /// The fast path: when every base id of the chunk is plain, appends its ids (from the cache
  /// when the chunk came before) and returns `true`; else returns `false` having done nothing.
  private func encodePlain(_ chunk: [Int], workspace: inout Workspace) throws(TrainedModelError) -> Bool {
    let hash = ChunkCache.hash(chunk)
    if workspace.cache.append(chunk, hash: hash, to: &workspace.ids) { return true }
    let start = workspace.ids.count
    if !plain.bpeIDs.isEmpty, case .bpe(let bpe) = model {
      workspace.wordIDs.removeAll(keepingCapacity: true)
      if plain.prepended != nil {
        guard plain.prependedBPEID >= 0 else { return false }
        workspace.wordIDs.append(plain.prependedBPEID)
      }
      for id in chunk {
        guard id >= 0 && id < plain.bpeIDs.count else { return false }
        let character = plain.bpeIDs[id]
        guard character >= 0 else { return false }
        workspace.wordIDs.append(character)
      }
      let word = workspace.wordIDs
      word.withUnsafeBufferPointer { word in
        bpe.tokenize(characterIDs: word, into: &workspace.ids, workspace: &workspace.bpe)
      }
    } else {
      workspace.word.removeAll(keepingCapacity: true)
      if let prepended = plain.prepended { workspace.word.append(prepended) }
      for id in chunk {
        guard id >= 0 && id < plain.scalars.count else { return false }
        let scalar = plain.scalars[id]
        guard scalar != .max else { return false }
        workspace.word.append(scalar)
      }
      let word = workspace.word
      try word.withUnsafeBufferPointer { (word) throws(TrainedModelError) in
        try tokenize(word, workspace: &workspace)
      }
    }
    workspace.cache.store(chunk, hash: hash, ids: workspace.ids, from: start)
    return true
  }

  /// Appends the model's ids of one word.
  private func tokenize(_ word: UnsafeBufferPointer<UInt32>, workspace: inout Workspace)
    throws(TrainedModelError)
  {
    switch model {
    case .bpe(let bpe): try bpe.tokenize(word, into: &workspace.ids, workspace: &workspace.bpe)
    case .unigram(let unigram):
      try unigram.tokenize(word, into: &workspace.ids, workspace: &workspace.unigram)
    case .wordPiece(let wordPiece): try wordPiece.tokenize(word, into: &workspace.ids)
    }
  }
}
