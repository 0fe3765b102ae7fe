/// What ``BPETrainer`` learns: the vocabulary in id order and the merges, as `tokenizers` saves
/// them.
public struct TrainedBPE: Sendable {
  /// Id → token, as Unicode scalar values.
  public let tokens: [[UInt32]]
  /// The merges in the saved order (`tokenizers` keeps a pair merged twice at its later rank,
  /// since its model's merges are a map from pair to rank): the two token ids.
  public let merges: [(first: UInt32, second: UInt32)]
  /// How many merges the trainer made, a pair merged twice counted twice.
  public let mergeSteps: Int
  /// The trainer's `continuing_subword_prefix`.
  public let continuingSubwordPrefix: [UInt32]?
  /// The trainer's `end_of_word_suffix`.
  public let endOfWordSuffix: [UInt32]?

  /// The trained model from the trainer's merges in the order made.
  init(
    tokens: [[UInt32]], merges: [(pair: UInt64, token: UInt32)], continuingSubwordPrefix: [UInt32]?,
    endOfWordSuffix: [UInt32]?
  ) {
    self.tokens = tokens
    var lastRank: [UInt64: Int] = [:]
    for (rank, merge) in merges.enumerated() { lastRank[merge.pair] = rank }
    self.merges = merges.enumerated().filter { lastRank[$0.element.pair] == $0.offset }.map {
      (UInt32(truncatingIfNeeded: $0.element.pair >> 32), UInt32(truncatingIfNeeded: $0.element.pair))
    }
    mergeSteps = merges.count
    self.continuingSubwordPrefix = continuingSubwordPrefix
    self.endOfWordSuffix = endOfWordSuffix
  }
}
