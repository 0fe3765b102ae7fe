// MARK: - Lattices

/// The lattices of the words (and of the pieces) under the current model, and the steps that run
/// on them: the E step, `prune_sentence_pieces`'s Viterbi and 2-best searches.
struct UnigramLattices {
  /// "<UNK>", the training-only piece 0, which HF's trie also matches literally.
  static let literalUnknown: [UInt32] = [60, 85, 78, 75, 62]
  /// The corpus.
  let corpus: UnigramCorpus
  /// The seeds.
  let seeds: UnigramSeeds
  /// Where the current model's pieces occur.
  private(set) var matches: UnigramMatchTable
  /// The current model.
  private(set) var model: UnigramTrainingModel
  /// Whether "<UNK>" occurs in a word.
  let literalUnknownOccurs: Bool
  /// The seed that is "<UNK>", if any.
  let literalUnknownSeed: Int?
  /// The most nodes a word's lattice can have.
  let maximumNodes: Int
  /// The longest seed, in scalars (at least 1).
  let longestPiece: Int

  /// Seeds the corpus; the current model is "<UNK>" (scored NaN), then the seeds.
  init(corpus: UnigramCorpus, maxPieceLength: Int, seedSize: Int) {
    let made = UnigramSeeds.make(corpus: corpus, maxPieceLength: maxPieceLength, seedSize: seedSize)
    let seeds = made.seeds
    self.corpus = corpus
    self.seeds = seeds
    self.matches = made.matches
    var ranks: [Int32] = []
    for scalar in UnigramLattices.literalUnknown {
      if let rank = UnigramLattices.rank(of: scalar, in: corpus.scalars) { ranks.append(rank) }
    }
    var occurs = false
    if ranks.count == UnigramLattices.literalUnknown.count {
      let text = corpus.text
      var position = 0
      while position + ranks.count <= text.count {
        if text[position] == ranks[0] && Array(text[position..<position + ranks.count]) == ranks {
          occurs = true
          break
        }
        position += 1
      }
    }
    literalUnknownOccurs = occurs
    var unknownSeed: Int? = nil
    if occurs {
      for seed in 0..<seeds.count where Int(seeds.lengths[seed]) == ranks.count {
        let start = Int(seeds.starts[seed])
        if Array(corpus.text[start..<start + ranks.count]) == ranks {
          unknownSeed = seed
          break
        }
      }
    }
    literalUnknownSeed = unknownSeed
    var largest = 0
    for word in 0..<corpus.wordStarts.count {
      let start = Int(corpus.wordStarts[word])
      let length = Int(corpus.wordLengths[word])
      largest = max(
        largest, length + made.matches.offsets[start + length] - made.matches.offsets[start])
    }
    maximumNodes = largest
    longestPiece = Int(seeds.lengths.max() ?? 1)
    model = UnigramLattices.model(
      for: UnigramPieceList(
        seeds: [-1] + (0..<Int32(seeds.count)).map { $0 },
        scores: [Double.nan] + seeds.logProbabilities),
      seeds: seeds)
  }

  /// The rank of a scalar in the sorted alphabet, if there.
  static func rank(of scalar: UInt32, in scalars: [UInt32]) -> Int32? {
    var low = 0
    var high = scalars.count
    while low < high {
      let middle = (low + high) / 2
      if scalars[middle] < scalar { low = middle + 1 } else { high = middle }
    }
    return low < scalars.count && scalars[low] == scalar ? Int32(low) : nil
  }

  /// The scalars of a piece given by its seed index (-1 is "<UNK>").
  func scalars(ofPiece seed: Int32) -> [UInt32] {
    if seed < 0 { return UnigramLattices.literalUnknown }
    let start = Int(seeds.starts[Int(seed)])
    let length = Int(seeds.lengths[Int(seed)])
    return corpus.text[start..<start + length].map { corpus.scalars[Int($0)] }
  }

  /// The current pieces, in id order.
  var pieces: UnigramPieceList { UnigramPieceList(seeds: model.seeds, scores: model.scores) }

  /// `Unigram::from(pieces, Some(0), false)`.
  static func model(for pieces: UnigramPieceList, seeds: UnigramSeeds) -> UnigramTrainingModel {
    var seedIDs = [Int32](repeating: -1, count: seeds.count)
    var lengths = [Int32](repeating: 1, count: pieces.count)
    var minimum = Double.infinity
    for id in 0..<pieces.count {
      let seed = pieces.seeds[id]
      if seed >= 0 {
        seedIDs[Int(seed)] = Int32(id)
        lengths[id] = seeds.lengths[Int(seed)]
      }
      let score = pieces.scores[id]
      if score < minimum { minimum = score }
    }
    return UnigramTrainingModel(
      seeds: pieces.seeds, scores: pieces.scores, lengths: lengths, seedIDs: seedIDs,
      minimumScore: minimum)
  }

  /// Makes `pieces` (a subset of the current pieces, in any order) the current model, and
  /// renumbers the match table in place, dropping the pieces that are gone.
  mutating func adopt(_ pieces: UnigramPieceList) {
    let newModel = UnigramLattices.model(for: pieces, seeds: seeds)
    var newIDs = [Int32](repeating: -1, count: model.count)
    for id in 0..<model.count {
      let seed = model.seeds[id]
      newIDs[id] = seed < 0 ? 0 : newModel.seedIDs[Int(seed)]
    }
    let textCount = corpus.text.count
    newIDs.withUnsafeBufferPointer { newIDs in
      matches.offsets.withUnsafeMutableBufferPointer { offsets in
        matches.ids.withUnsafeMutableBufferPointer { ids in
          var write = 0
          var readStart = offsets[0]
          for position in 0..<textCount {
            let readEnd = offsets[position + 1]
            offsets[position] = write
            for read in readStart..<readEnd {
              let id = newIDs[Int(ids[read])]
              if id >= 0 {
                ids[write] = id
                write += 1
              }
            }
            readStart = readEnd
          }
          offsets[textCount] = write
        }
      }
    }
    let kept = matches.offsets[textCount]
    if kept < matches.ids.count / 2 {
      // Give memory back once the table has shrunk by half.
      matches.ids = Array(matches.ids[0..<kept])
    }
    for rank in 0..<matches.characterIDs.count {
      let seed = seeds.characterSeeds[rank]
      matches.characterIDs[rank] = seed >= 0 ? newModel.seedIDs[Int(seed)] : -1
    }
    model = newModel
  }

  /// Fails as HF does (a NaN likelihood) when the trie would match "<UNK>", piece 0, scored NaN.
  func checkLiteralUnknown() throws(UnigramTrainingError) {
    guard literalUnknownOccurs else { return }
    if let seed = literalUnknownSeed, model.seedIDs[seed] >= 0 { return }
    throw UnigramTrainingError(
      kind: .likelihoodIsNaN,
      description: "likelihood is NAN: a word holds \"<UNK>\", which HF's trainer matches as its"
        + " own NaN-scored unknown piece")
  }

  /// The table and the model as buffers, for the hot loops.
  struct Buffers {
    /// The corpus text.
    let text: UnsafeBufferPointer<Int32>
    /// `matches.offsets`.
    let offsets: UnsafeBufferPointer<Int>
    /// `matches.ids`.
    let ids: UnsafeBufferPointer<Int32>
    /// `matches.characterIDs`.
    let characterIDs: UnsafeBufferPointer<Int32>
    /// The model's scores.
    let scores: UnsafeBufferPointer<Double>
    /// The model's piece lengths.
    let lengths: UnsafeBufferPointer<Int32>
    /// The score of unknown-character nodes.
    let unknownScore: Double

    /// Writes the nodes of the lattice of `text[start ..< start + length]` in HF's order (per
    /// position: the trie's pieces by length, then unk when no one-scalar piece), returns how many.
    /// `firstNode[q]` is the first node beginning at q, for q in 0...length.
    @inline(__always)
    func fillNodes(
      start: Int, length: Int, nodeLength: UnsafeMutablePointer<Int32>,
      nodeID: UnsafeMutablePointer<Int32>, nodeScore: UnsafeMutablePointer<Double>,
      firstNode: UnsafeMutablePointer<Int32>
    ) -> Int {
      var count = 0
      for offset in 0..<length {
        firstNode[offset] = Int32(count)
        let position = start + offset
        let characterID = characterIDs[Int(text[position])]
        if characterID >= 0 {
          nodeLength[count] = 1
          nodeID[count] = characterID
          nodeScore[count] = scores[Int(characterID)]
          count += 1
        }
        let limit = Int32(length - offset)
        for match in offsets[position]..<offsets[position + 1] {
          let id = Int(ids[match])
          let matchLength = lengths[id]
          if matchLength > limit { break }
          nodeLength[count] = matchLength
          nodeID[count] = Int32(id)
          nodeScore[count] = scores[id]
          count += 1
        }
        if characterID < 0 {
          nodeLength[count] = 1
          nodeID[count] = 0
          nodeScore[count] = unknownScore
          count += 1
        }
      }
      firstNode[length] = Int32(count)
      return count
    }
  }

  /// Runs `body` with the buffers.
  func withBuffers<Result>(_ body: (Buffers) -> Result) -> Result {
    corpus.text.withUnsafeBufferPointer { text in
      matches.offsets.withUnsafeBufferPointer { offsets in
        matches.ids.withUnsafeBufferPointer { ids in
          matches.characterIDs.withUnsafeBufferPointer { characterIDs in
            model.scores.withUnsafeBufferPointer { scores in
              model.lengths.withUnsafeBufferPointer { lengths in
                body(
                  Buffers(
                    text: text, offsets: offsets, ids: ids, characterIDs: characterIDs,
                    scores: scores, lengths: lengths, unknownScore: model.unknownScore))
              }
            }
          }
        }
      }
    }
  }

  /// HF's `run_e_step`: each piece's expected frequency, from every word's `populate_marginal`.
  ///
  /// HF starts each log-sum with its first term (`init_mode`); starting from -infinity instead is
  /// the same: `logSumExp(-inf, v)` returns v (the terms are 50 apart).
  func expectedFrequencies() throws(UnigramTrainingError) -> [Double] {
    try checkLiteralUnknown()
    var expected = [Double](repeating: 0, count: model.count)
    let longest = corpus.longestWord
    var nodeLength = [Int32](repeating: 0, count: maximumNodes + 1)
    var nodeID = [Int32](repeating: 0, count: maximumNodes + 1)
    var nodeScore = [Double](repeating: 0, count: maximumNodes + 1)
    var firstNode = [Int32](repeating: 0, count: longest + 1)
    var forward = [Double](repeating: 0, count: longest + 1)
    var backward = [Double](repeating: 0, count: longest + 1)
    var nanLikelihood = false
    withBuffers { buffers in
      UnigramFloatMath.withKernel { math in
        nodeLength.withUnsafeMutableBufferPointer { nodeLength in
          nodeID.withUnsafeMutableBufferPointer { nodeID in
            nodeScore.withUnsafeMutableBufferPointer { nodeScore in
              firstNode.withUnsafeMutableBufferPointer { firstNode in
                forward.withUnsafeMutableBufferPointer { alpha in
                  backward.withUnsafeMutableBufferPointer { beta in
                    expected.withUnsafeMutableBufferPointer { expected in
                      guard let nodeLength = nodeLength.baseAddress,
                        let nodeID = nodeID.baseAddress, let nodeScore = nodeScore.baseAddress,
                        let firstNode = firstNode.baseAddress
                      else { return }
                      for word in 0..<corpus.wordStarts.count {
                        let length = Int(corpus.wordLengths[word])
                        let frequency = Double(corpus.wordCounts[word])
                        _ = buffers.fillNodes(
                          start: Int(corpus.wordStarts[word]), length: length,
                          nodeLength: nodeLength, nodeID: nodeID, nodeScore: nodeScore,
                          firstNode: firstNode)
                        // Forward: HF's alpha of the nodes beginning at q is the same for all of
                        // them: the log-sum over the nodes ending at q, in end_nodes order (by
                        // beginning). Pushed from each beginning in increasing order, which adds
                        // the terms in that order.
                        alpha[0] = 0.0
                        for position in 1...length { alpha[position] = -Double.infinity }
                        for position in 0..<length {
                          let base = alpha[position]
                          for node in Int(firstNode[position])..<Int(firstNode[position + 1]) {
                            let end = position + Int(nodeLength[node])
                            alpha[end] = math.logSumExp(alpha[end], nodeScore[node] + base)
                          }
                        }
                        // Backward: beta of the nodes ending at q, log-summed over the nodes
                        // beginning at q (begin_nodes order).
                        beta[length] = 0.0
                        for position in stride(from: length - 1, through: 0, by: -1) {
                          var sum = -Double.infinity
                          for node in Int(firstNode[position])..<Int(firstNode[position + 1]) {
                            sum = math.logSumExp(
                              sum, nodeScore[node] + beta[position + Int(nodeLength[node])])
                          }
                          beta[position] = sum
                        }
                        let z = alpha[length]
                        if z.isNaN {
                          nanLikelihood = true
                          return
                        }
                        for position in 0..<length {
                          let a = alpha[position]
                          for node in Int(firstNode[position])..<Int(firstNode[position + 1]) {
                            let total = a + nodeScore[node] + beta[position + Int(nodeLength[node])] - z
                            expected[Int(nodeID[node])] += frequency * math.exp(total)
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    if nanLikelihood {
      throw UnigramTrainingError(
        kind: .likelihoodIsNaN,
        description: "likelihood is NAN. Input sentence may be too long.")
    }
    return expected
  }

  /// HF's `prune_sentence_pieces` on the current model: drops the pieces whose removal costs the
  /// least likelihood.
  func prune(
    vocabularySize: Int, shrinkingFactor: Double
  ) throws(UnigramTrainingError) -> UnigramPieceList {
    try checkLiteralUnknown()
    let pieces = self.pieces
    let pieceCount = pieces.count
    var alwaysKeep = [Bool](repeating: true, count: pieceCount)
    var alternativeStarts = [Int](repeating: 0, count: pieceCount + 1)
    var alternatives: [Int32] = []
    var search = UnigramTwoBestSearch(bosID: Int32(pieceCount + 1), eosID: Int32(pieceCount + 2))

    // First, how each piece is resegmented without it: the second best segmentation of its text.
    withBuffers { buffers in
      for id in 0..<pieceCount {
        alternativeStarts[id] = alternatives.count
        if id == 0 {
          // Always keep unk.
          alwaysKeep[id] = false
          continue
        }
        let seed = Int(pieces.seeds[id])
        let length = Int(seeds.lengths[seed])
        if length == 1 {
          // A one-node lattice has one segmentation: HF's `nbests.len() == 1`.
          alwaysKeep[id] = true
          continue
        }
        search.load(start: Int(seeds.starts[seed]), length: length, buffers: buffers)
        let result = search.twoBest()
        if result.count == 1 {
          alwaysKeep[id] = true
        } else if result.firstLength >= 2 {
          alwaysKeep[id] = false
        } else if result.firstLength == 1 {
          alwaysKeep[id] = true
          alternatives.append(contentsOf: search.secondPath)
        }
      }
    }
    alternativeStarts[pieceCount] = alternatives.count

    // Second, the Viterbi segmentation of every word; a piece's frequency is the count of its
    // nodes (HF's `inverted` sums give the same integers, so they are not kept).
    var frequencies = [Double](repeating: 0, count: pieceCount)
    var sentenceSum = viterbiFrequencies(into: &frequencies)
    // Empty words have empty segmentations but count in `vsum` (sums of integers are exact).
    sentenceSum += Double(corpus.emptyWordsCount)

    var sum = 0.0
    for frequency in frequencies { sum += frequency }
    let logSum = UnigramFloatMath.log(sum)
    var candidates: [(id: Int, loss: Double)] = []
    var keptSeeds: [Int32] = [pieces.seeds[0]]
    var keptScores: [Double] = [pieces.scores[0]]
    // Finally, how much the likelihood drops without each piece, assuming its occurrences are
    // replaced by its alternatives.
    for id in 1..<max(1, pieceCount) {
      let alternativeRange = alternativeStarts[id]..<alternativeStarts[id + 1]
      if frequencies[id] == 0.0 && !alwaysKeep[id] {
        // Not found in Viterbi path. Can remove this entry safely.
        continue
      } else if alternativeRange.isEmpty {
        // No alternatives. Keeps this entry.
        keptSeeds.append(pieces.seeds[id])
        keptScores.append(pieces.scores[id])
      } else {
        var f = frequencies[id]
        if f == 0.0 || f.isNaN { continue }
        f /= sentenceSum
        let logProbability = UnigramFloatMath.log(frequencies[id]) - logSum
        // HF multiplies by `alternatives.len() - 1`: the length of the outer list (all pieces).
        let logSumAlternative = UnigramFloatMath.log(
          sum + frequencies[id] * Double(pieceCount - 1))
        var logProbabilityAlternative = 0.0
        for alternative in alternativeRange {
          logProbabilityAlternative +=
            UnigramFloatMath.log(frequencies[Int(alternatives[alternative])] + frequencies[id])
            - logSumAlternative
        }
        let loss = f * (logProbability - logProbabilityAlternative)
        if loss.isNaN {
          throw UnigramTrainingError(
            kind: .lossIsNaN, description: "the pruning loss of a piece is NaN")
        }
        candidates.append((id, loss))
      }
    }
    let prunedSize = max(
      UnigramTrainer.desiredSize(vocabularySize),
      UnigramFloatMath.saturatingInt(Double(pieceCount) * shrinkingFactor))
    // Rust's stable `sort_by` on decreasing loss.
    candidates.sort { first, second in
      if first.loss != second.loss { return first.loss > second.loss }
      return first.id < second.id
    }
    for candidate in candidates {
      if keptSeeds.count == prunedSize { break }
      keptSeeds.append(pieces.seeds[candidate.id])
      keptScores.append(pieces.scores[candidate.id])
    }
    return UnigramPieceList(seeds: keptSeeds, scores: keptScores)
  }

  /// Runs HF's `Lattice::viterbi` on every non-empty word, adding each word's count to
  /// `frequencies` once per node of its best path; returns the words' counts added up.
  func viterbiFrequencies(into frequencies: inout [Double]) -> Double {
    let longest = corpus.longestWord
    var nodeLength = [Int32](repeating: 0, count: maximumNodes + 1)
    var nodeID = [Int32](repeating: 0, count: maximumNodes + 1)
    var nodeScore = [Double](repeating: 0, count: maximumNodes + 1)
    var firstNode = [Int32](repeating: 0, count: longest + 1)
    var best = [Double](repeating: 0, count: longest + 1)
    var sentenceSum = 0.0
    let longestPiece = self.longestPiece
    withBuffers { buffers in
      nodeLength.withUnsafeMutableBufferPointer { nodeLength in
        nodeID.withUnsafeMutableBufferPointer { nodeID in
          nodeScore.withUnsafeMutableBufferPointer { nodeScore in
            firstNode.withUnsafeMutableBufferPointer { firstNode in
              best.withUnsafeMutableBufferPointer { best in
                frequencies.withUnsafeMutableBufferPointer { frequencies in
                  guard let nodeLength = nodeLength.baseAddress, let nodeID = nodeID.baseAddress,
                    let nodeScore = nodeScore.baseAddress, let firstNode = firstNode.baseAddress
                  else { return }
                  for word in 0..<corpus.wordStarts.count {
                    let length = Int(corpus.wordLengths[word])
                    let count = Double(corpus.wordCounts[word])
                    sentenceSum += count
                    _ = buffers.fillNodes(
                      start: Int(corpus.wordStarts[word]), length: length,
                      nodeLength: nodeLength, nodeID: nodeID, nodeScore: nodeScore,
                      firstNode: firstNode)
                    // best[q]: the best backtrace score of the nodes ending at q (bos's is 0). A
                    // node's backtrace score is best[begin] + its score: rounding is monotonic,
                    // so that is HF's maximum over its predecessors.
                    best[0] = 0.0
                    for position in 1...length { best[position] = -Double.infinity }
                    for position in 0..<length {
                      let base = best[position]
                      for node in Int(firstNode[position])..<Int(firstNode[position + 1]) {
                        let end = position + Int(nodeLength[node])
                        let value = base + nodeScore[node]
                        if value > best[end] { best[end] = value }
                      }
                    }
                    // Backtrace from eos: a node's prev is the first node ending at its
                    // beginning (by beginning, HF's end_nodes order) whose backtrace score plus
                    // the node's score is the node's backtrace score: HF's first strict maximum.
                    var end = length
                    var target = best[length]
                    var score = 0.0
                    while end > 0 {
                      var found = false
                      // Only beginnings within the longest piece can end here.
                      var begin = max(0, end - longestPiece)
                      while begin < end && !found {
                        let wanted = Int32(end - begin)
                        for node in Int(firstNode[begin])..<Int(firstNode[begin + 1])
                        where nodeLength[node] == wanted {
                          let backtrace = best[begin] + nodeScore[node]
                          if backtrace + score == target {
                            frequencies[Int(nodeID[node])] += count
                            target = backtrace
                            score = nodeScore[node]
                            end = begin
                            found = true
                          }
                          break
                        }
                        if !found { begin += 1 }
                      }
                      if !found { break }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return sentenceSum
  }
}
