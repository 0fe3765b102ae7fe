extension TrainedTokenizerModel {
  /// Base ids for trained ids (MidiTok's `decode_token_ids`): each id's text in the Hugging Face
  /// vocabulary, without Metaspace's leading "▁" (and the model's prefix and suffix), read back
  /// character by character as base tokens. The bare "▁" gives no base id; WordPiece's unknown
  /// token gives the base id of its character (MidiTok's pad token).
  /// - Throws: ``TrainedModelError`` for an id outside the trained vocabulary.
  public func decode(_ ids: [Int]) throws(TrainedModelError) -> [Int] {
    var output: [Int] = []
    output.reserveCapacity(ids.count * 2)
    for (index, id) in ids.enumerated() {
      guard id >= 0 && id < undecodable.count else {
        throw TrainedModelError(.idNotInVocabulary(id), at: .id(index: index))
      }
      let missing = undecodable[id]
      if missing >= 0 {
        throw TrainedModelError(
          .undecodable(id: id, token: BaseVocabulary.text(undecodableTokens[Int(missing)])),
          at: .id(index: index))
      }
      for position in Int(decodedOffsets[id])..<Int(decodedOffsets[id + 1]) {
        output.append(Int(decoded[position]))
      }
    }
    return output
  }

  /// Whether `id` is an id of the trained vocabulary.
  public func contains(id: Int) -> Bool {
    id >= 0 && id < undecodable.count
  }
}
