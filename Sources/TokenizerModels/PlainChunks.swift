/// What lets most chunks skip the general path: a chunk whose base ids are all "plain" — one
/// character each, not a space nor Metaspace's replacement, starting no added token — is one
/// word (the replacement in front when the pre-tokenizer puts it there), so its characters go
/// straight to the model, and its ids can be cached by its base ids.
struct PlainChunks: Sendable {
  /// Per base id `0..<count`: its character if plain, else `UInt32.max`.
  let scalars: [UInt32]
  /// Per base id: the BPE model's id of its character, or −1 (BPE with no prefix, suffix nor
  /// ignored merges only; otherwise empty).
  let bpeIDs: [Int32]
  /// The character put in front of the word (Metaspace "always" or "first"), or `nil`.
  let prepended: UInt32?
  /// Its BPE id when ``bpeIDs`` is used.
  let prependedBPEID: Int32

  init(
    base: BaseVocabulary, model: TrainedTokenizerModel.WordModel, preTokenizer: Metaspace?,
    addedTokens: AddedTokenMatcher
  ) {
    var scalars: [UInt32] = []
    scalars.reserveCapacity(base.count)
    for id in 0..<base.count {
      guard let scalar = base.singleCharacter(of: id), scalar != Metaspace.space,
        scalar != preTokenizer?.replacement, addedTokens.cannotStart(with: scalar)
      else {
        scalars.append(.max)
        continue
      }
      scalars.append(scalar)
    }
    self.scalars = scalars
    switch preTokenizer?.prependScheme {
    case .always, .first: prepended = preTokenizer?.replacement
    case .never, nil: prepended = nil
    }
    if case .bpe(let bpe) = model, (bpe.prefix ?? []).isEmpty, (bpe.suffix ?? []).isEmpty, !bpe.ignoreMerges {
      bpeIDs = scalars.map { $0 == .max ? -1 : bpe.vocabulary.id(of: [$0]) ?? -1 }
      prependedBPEID = prepended.flatMap { bpe.vocabulary.id(of: [$0]) } ?? -1
    } else {
      bpeIDs = []
      prependedBPEID = -1
    }
  }
}
