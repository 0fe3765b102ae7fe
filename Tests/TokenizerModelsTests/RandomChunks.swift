import TestSupport
import TokenizerModels

/// Random sequences of base ids for the property tests: some drawn uniformly from the base
/// vocabulary (special tokens included), most made of the base ids of random trained tokens, so
/// that the merges, pieces and longest matches a real bar meets are met.
struct RandomChunks {
  var generator: SplitMix64
  let model: TrainedTokenizerModel
  /// The base ids of each trained id that decodes to some.
  let pieces: [[Int]]

  init(model: TrainedTokenizerModel, seed: UInt64) {
    generator = SplitMix64(seed: seed)
    self.model = model
    pieces = (0..<model.vocabularySize).compactMap { id in
      guard let base = try? model.decode([id]), !base.isEmpty else { return nil }
      return base
    }
  }

  /// One chunk: up to `length` base ids.
  mutating func chunk(length: Int) -> [Int] {
    let size = generator.int(in: 0...length)
    var chunk: [Int] = []
    if generator.chance(0.25) {
      // Uniform, with the first four ids (MidiTok's special tokens) more often.
      while chunk.count < size {
        chunk.append(
          generator.chance(0.1)
            ? generator.int(in: 0...3) : generator.int(in: 0...(model.baseVocabularySize - 1)))
      }
      return chunk
    }
    while chunk.count < size {
      chunk += generator.pick(pieces)
      if generator.chance(0.05) { chunk.append(generator.int(in: 0...(model.baseVocabularySize - 1))) }
    }
    return chunk
  }

  /// One sequence: 1 to `chunks` chunks of up to `length` base ids (an empty chunk now and then),
  /// some chunks coming back as bars of music do.
  mutating func sequence(chunks: Int = 6, length: Int = 48) -> [[Int]] {
    var sequence: [[Int]] = []
    for _ in 0..<generator.int(in: 1...chunks) {
      sequence.append(
        !sequence.isEmpty && generator.chance(0.3) ? generator.pick(sequence) : chunk(length: length))
    }
    return sequence
  }
}
