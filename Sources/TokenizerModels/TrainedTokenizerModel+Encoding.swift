extension TrainedTokenizerModel {
  /// Buffers one encoding reuses from chunk to chunk.
  struct Workspace {
    var text: [UInt32] = []
    var pieces: [AddedTokenMatcher.Piece] = []
    var metaspace: [UInt32] = []
    var ids: [Int32] = []
    var bpe = BPEModel.Workspace()
    var unigram = UnigramModel.Workspace()
  }

  /// Trained ids for the base ids of one sequence already split per bar (MidiTok's
  /// `encode_token_ids`): each chunk is one word of `encode(…, is_pretokenized=True)`.
  /// - Throws: ``TrainedModelError`` for a base id `_vocab_base` does not have, or text the model
  ///   cannot tokenize (MidiTok raises there too).
  public func encode(chunks: [[Int]]) throws(TrainedModelError) -> [Int] {
    var workspace = Workspace()
    for (index, chunk) in chunks.enumerated() {
      try encode(chunk: chunk, index: index, workspace: &workspace)
    }
    return workspace.ids.map(Int.init)
  }

  /// Appends the ids of one chunk to `workspace.ids`.
  func encode(chunk: [Int], index: Int, workspace: inout Workspace) throws(TrainedModelError) {
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
          var scratch = workspace.metaspace
          try preTokenizer.pretokenize(slice, offset: piece.start, scratch: &scratch) { (word) throws(TrainedModelError) in
            try tokenize(word, workspace: &workspace)
          }
          workspace.metaspace = scratch
        } else {
          try tokenize(slice, workspace: &workspace)
        }
      }
    }
  }

  /// Appends the model's ids of one word.
  private func tokenize(_ word: UnsafeBufferPointer<UInt32>, workspace: inout Workspace) throws(TrainedModelError) {
    switch model {
    case .bpe(let bpe): try bpe.tokenize(word, into: &workspace.ids, workspace: &workspace.bpe)
    case .unigram(let unigram): try unigram.tokenize(word, into: &workspace.ids, workspace: &workspace.unigram)
    case .wordPiece(let wordPiece): try wordPiece.tokenize(word, into: &workspace.ids)
    }
  }
}
