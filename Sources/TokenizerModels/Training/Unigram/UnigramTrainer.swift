// A port of Hugging Face tokenizers 0.23.1's Unigram trainer (`tokenizers/src/models/unigram/
// trainer.rs`, with the parts of `lattice.rs` and `model.rs` it runs on) and of the esaxx
// suffix-tree enumeration (`esaxx-rs`) its seeding uses. Pure Swift standard library: no
// Foundation, no Glibc (not even libm), so `exp` and `log` are implemented here too
// (`UnigramFloatMath`).
//
// Where HF's result depends on the order of its hash maps, this port fixes an order:
// - the words (HF's `words` map) are merged, then sorted by their scalars ascending; the order only
//   changes the rounding of the E step's sums (the seeds, the Viterbi counts and the pruning losses
//   do not depend on it);
// - the required characters (an `AHashSet` in HF) are taken in ascending scalar order in `finalize`
//   (that order decides which missing character gets which `min_score_penalty`, and the order of
//   equal scores after the final stable sort).
// HF also splits the E step over threads (rayon chunks, summed in a tree); this port sums
// sequentially, as HF does on one thread.
//
// How the port is organised: the seeds (every repeated substring of the flat text that is a node of
// its suffix tree) are found once with a suffix array; where each seed occurs in the text is then
// exactly what HF's trie finds when it builds a word's lattice, so those occurrences are kept in a
// table, renumbered in place as the model shrinks, and the lattices are read from it.

/// Hugging Face tokenizers 0.23's `UnigramTrainer` (`models/unigram/trainer.rs`), on words already counted.
public struct UnigramTrainer: Sendable {
  /// `vocab_size` (HF default 8000).
  public var vocabularySize: Int
  /// `special_tokens`' contents, as Unicode scalar values, in order.
  public var specialTokens: [[UInt32]] = []
  /// `initial_alphabet`, as scalar values.
  public var initialAlphabet: [UInt32] = []
  /// `unk_token`, or nil.
  public var unknownToken: [UInt32]? = nil
  /// `max_piece_length` (default 16).
  public var maxPieceLength: Int = 16
  /// `shrinking_factor` (default 0.75).
  public var shrinkingFactor: Double = 0.75
  /// `n_sub_iterations` (default 2).
  public var subIterations: Int = 2
  /// `seed_size` (default 1_000_000).
  public var seedSize: Int = 1_000_000

  /// A trainer with HF's defaults and the given `vocab_size`.
  public init(vocabularySize: Int) {
    self.vocabularySize = vocabularySize
  }

  /// Trains on words (each a sequence of scalar values, with its count: HF's `words` map after `feed`).
  /// Returns the model's vocabulary in id order, each piece with its score, and the unk id.
  ///
  /// The words are a multiset: repeated words have their counts added, words counted 0 are left out
  /// (HF's map never holds them), and the result does not depend on their order.
  public func train(
    words: [(word: [UInt32], count: Int)]
  ) throws(UnigramTrainingError) -> (pieces: [(piece: [UInt32], score: Double)], unknownID: Int?) {
    guard vocabularySize >= 0, maxPieceLength >= 0, subIterations >= 0, seedSize >= 0 else {
      throw UnigramTrainingError(
        kind: .invalidParameter,
        description: "vocabularySize, maxPieceLength, subIterations and seedSize must not be negative")
    }
    let corpus = try UnigramCorpus(words: words)
    let requiredCharacters = corpus.requiredCharacters(adding: initialAlphabet)
    // do_train checks this after seeding; seeding changes nothing, so check first.
    guard requiredCharacters.count <= vocabularySize else {
      throw UnigramTrainingError(
        kind: .vocabularyTooSmall,
        description: "The vocabulary is not large enough to contain all chars"
          + " (\(requiredCharacters.count) required characters, vocabulary size \(vocabularySize))")
    }
    // The first model: the training-only "<UNK>" (score NaN), then the seeds in their order.
    var lattices = UnigramLattices(
      corpus: corpus, maxPieceLength: maxPieceLength, seedSize: seedSize)
    let desiredVocabularySize = UnigramTrainer.desiredSize(vocabularySize)
    var piecesAtLastPrune: Int? = nil
    while true {
      // Sub-EM iterations.
      for _ in 0..<subIterations {
        let expected = try lattices.expectedFrequencies()
        lattices.adopt(
          UnigramTrainer.maximizationStep(pieces: lattices.pieces, expected: expected))
      }
      let pieceCount = lattices.model.count
      if pieceCount <= desiredVocabularySize { break }
      // HF loops forever when a whole round (EM and pruning) removes nothing; stop instead.
      if let previous = piecesAtLastPrune, previous == pieceCount { break }
      piecesAtLastPrune = pieceCount
      lattices.adopt(
        try lattices.prune(vocabularySize: vocabularySize, shrinkingFactor: shrinkingFactor))
    }
    return finalize(lattices: lattices, requiredCharacters: requiredCharacters)
  }

  /// `(vocab_size * 11) / 10`, HF's desired size before `finalize` (saturating instead of overflowing).
  static func desiredSize(_ vocabularySize: Int) -> Int {
    let (product, overflow) = vocabularySize.multipliedReportingOverflow(by: 11)
    return overflow ? Int.max / 10 : product / 10
  }

  /// HF's `run_m_step`: keeps pieces expected at least half a time, scores them by digamma (DPified EM).
  static func maximizationStep(pieces: UnigramPieceList, expected: [Double]) -> UnigramPieceList {
    var seeds: [Int32] = []
    var frequencies: [Double] = []
    seeds.reserveCapacity(pieces.count)
    frequencies.reserveCapacity(pieces.count)
    var sum = 0.0
    let expectedFrequencyThreshold = 0.5
    for index in 0..<pieces.count {
      let frequency = expected[index]
      if index == 0 {
        // Always keep unk.
        seeds.append(pieces.seeds[index])
        frequencies.append(Double.nan)
        continue
      }
      if frequency < expectedFrequencyThreshold { continue }
      seeds.append(pieces.seeds[index])
      frequencies.append(frequency)
      sum += frequency
    }
    // Bayesianified/DPified EM: the digamma acts as a sparse prior.
    let logSum = UnigramFloatMath.digamma(sum)
    let scores = frequencies.map { UnigramFloatMath.digamma($0) - logSum }
    return UnigramPieceList(seeds: seeds, scores: scores)
  }

  /// HF's `finalize`: required characters, then the model's pieces up to the vocabulary size, sorted
  /// by decreasing score; special tokens (and the unk token if not one of them) first, scored 0.
  func finalize(
    lattices: UnigramLattices, requiredCharacters: [UInt32]
  ) -> (pieces: [(piece: [UInt32], score: Double)], unknownID: Int?) {
    let model = lattices.model
    var minScorePenalty = 0.0
    let minScorePenaltyDelta = 0.0001
    var pieces: [(piece: [UInt32], score: Double)] = []
    var inserted = Set<[UInt32]>()
    // We don't want to include the <UNK> that was used to train.
    inserted.insert(UnigramLattices.literalUnknown)

    var modelPieces: [[UInt32]] = []
    modelPieces.reserveCapacity(model.count)
    var existingScores: [[UInt32]: Double] = [:]
    for id in 0..<model.count {
      let piece = lattices.scalars(ofPiece: model.seeds[id])
      modelPieces.append(piece)
      existingScores[piece] = model.scores[id]
    }
    for character in requiredCharacters {
      let piece = [character]
      inserted.insert(piece)
      if let score = existingScores[piece] {
        pieces.append((piece, score))
      } else {
        pieces.append((piece, model.minimumScore + minScorePenalty))
        minScorePenalty += minScorePenaltyDelta
      }
    }

    var unknownID: Int? = nil
    var needsUnknownToken = false
    if let unknownToken {
      if let index = specialTokens.firstIndex(of: unknownToken) {
        unknownID = index
      } else {
        unknownID = 0
        needsUnknownToken = true
      }
    }
    // Rust's usize subtraction wraps when negative (release builds): no limit then, as here.
    let sizeWithoutSpecialTokens = vocabularySize - specialTokens.count - (needsUnknownToken ? 1 : 0)
    for id in 0..<model.count {
      let token = modelPieces[id]
      if inserted.contains(token) { continue }
      inserted.insert(token)
      let score = model.scores[id]
      pieces.append((token, score.isNaN ? 0.0 : score))
      if pieces.count == sizeWithoutSpecialTokens { break }
    }
    // Rust's stable `sort_by` on decreasing score.
    let order = pieces.indices.sorted { left, right in
      let leftScore = pieces[left].score
      let rightScore = pieces[right].score
      if leftScore != rightScore { return leftScore > rightScore }
      return left < right
    }
    var vocabulary: [(piece: [UInt32], score: Double)] = specialTokens.map { ($0, 0.0) }
    if needsUnknownToken, let unknownToken {
      vocabulary.insert((unknownToken, 0.0), at: 0)
    }
    vocabulary.reserveCapacity(vocabulary.count + order.count)
    for index in order { vocabulary.append(pieces[index]) }
    return (vocabulary, unknownID)
  }
}

/// Why training failed (HF's errors, e.g. the vocab size too small for required chars / unk token missing), with a one-line description.
public struct UnigramTrainingError: Error, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: Sendable, Equatable {
    /// HF's `VocabularyTooSmall`: more required characters than `vocab_size`.
    case vocabularyTooSmall
    /// A negative size, length or count parameter (HF's are unsigned).
    case invalidParameter
    /// A negative word count (HF's counts are unsigned), or counts whose sums overflow.
    case invalidWordCount
    /// 2^31 - 1 scalars and separators or more: esaxx's 32-bit suffix array cannot hold them.
    case corpusTooLarge
    /// HF panics "likelihood is NAN": a lattice met the literal piece "<UNK>", scored NaN.
    case likelihoodIsNaN
    /// HF panics in `prune_sentence_pieces` on a NaN loss.
    case lossIsNaN
  }
  /// Which failure this is.
  public let kind: Kind
  /// One line saying what went wrong.
  public let description: String
}

// MARK: - Pieces and models

/// An ordered list of pieces, each a seed index (-1 for the training "<UNK>") with its score.
struct UnigramPieceList {
  /// Each piece's seed index, in id order; -1 is the training "<UNK>".
  var seeds: [Int32]
  /// Each piece's score, in id order.
  var scores: [Double]
  /// How many pieces.
  var count: Int { seeds.count }
}

/// HF's `Unigram::from(pieces, Some(0), false)` as training uses it: ids, scores, lengths.
struct UnigramTrainingModel {
  /// Each id's seed index (-1 for "<UNK>").
  let seeds: [Int32]
  /// Each id's score.
  let scores: [Double]
  /// Each id's length in scalars ("<UNK>", id 0, only ever stands for one unknown scalar).
  let lengths: [Int32]
  /// Each seed's id in this model, or -1 when the seed is no longer a piece.
  let seedIDs: [Int32]
  /// `min_score`: the smallest score that is not NaN (+infinity if none).
  let minimumScore: Double
  /// How many pieces.
  var count: Int { seeds.count }
  /// The score of an unknown-character node: `min_score - K_UNK_PENALTY`.
  var unknownScore: Double { minimumScore - 10.0 }
}
