/// Encodes a sequence's chunks one at a time, as ``TrainedTokenizerModel/encode(chunks:)``
/// encodes them all (each chunk one word of `encode(…, is_pretokenized=True)`, the ids of the
/// chunks following each other): so a caller that makes its chunks one by one (a song's bars
/// as they are tokenized) never holds a whole sequence. The buffers, and the cache of chunks
/// already seen, are kept from chunk to chunk.
public struct TrainedChunkEncoder {
  private let model: TrainedTokenizerModel
  private var workspace = TrainedTokenizerModel.Workspace()
  /// The place of the next chunk in its sequence (errors name it).
  public var chunkIndex = 0

  /// An encoder for `model`'s ids, at the first chunk of a sequence.
  public init(model: TrainedTokenizerModel) { self.model = model }

  /// The trained ids of the next chunk of base ids (none for an empty chunk).
  /// - Throws: ``TrainedModelError`` for a base id `_vocab_base` does not have, or text the
  ///   model cannot tokenize (MidiTok raises there too).
  public mutating func encode(_ chunk: [Int]) throws(TrainedModelError) -> [Int32] {
    workspace.ids.removeAll(keepingCapacity: true)
    try model.encode(chunk: chunk, index: chunkIndex, workspace: &workspace)
    chunkIndex += 1
    return workspace.ids
  }
}
