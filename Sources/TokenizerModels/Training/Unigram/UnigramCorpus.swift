// MARK: - Corpus

/// The training words as HF's flat string: each non-empty word's symbols, then a separator.
struct UnigramCorpus {
  /// The scalar of each symbol rank, ascending; rank 0 is scalar 0, the separator.
  let scalars: [UInt32]
  /// The flat text of symbol ranks: each non-empty word, then 0.
  let text: [Int32]
  /// Where each non-empty word starts in `text`, words sorted by their scalars.
  let wordStarts: [Int32]
  /// Each non-empty word's length in scalars.
  let wordLengths: [Int32]
  /// Each non-empty word's count.
  let wordCounts: [Int]
  /// The counts of empty words, added up (they only count in `prune`'s sentence total).
  let emptyWordsCount: Int
  /// HF's `all_chars`: each rank's occurrences weighted by word counts (0 for the separator).
  let characterCounts: [Int]
  /// Whether some word holds the scalar 0 (the separator's scalar).
  let wordsHoldZero: Bool
  /// The length of the longest word.
  let longestWord: Int

  /// Merges repeated words, leaves out those counted 0, sorts the rest by scalars and flattens them.
  init(words: [(word: [UInt32], count: Int)]) throws(UnigramTrainingError) {
    /// The error for counts that are negative or overflow.
    func countError(_ detail: String) -> UnigramTrainingError {
      UnigramTrainingError(kind: .invalidWordCount, description: detail)
    }
    for entry in words where entry.count < 0 {
      throw countError("word counts must not be negative (\(entry.count))")
    }
    let order = words.indices.filter { words[$0].count > 0 }.sorted { left, right in
      words[left].word.lexicographicallyPrecedes(words[right].word)
    }
    var merged: [(word: [UInt32], count: Int)] = []
    merged.reserveCapacity(order.count)
    for index in order {
      if let last = merged.last, last.word == words[index].word {
        let (sum, overflow) = last.count.addingReportingOverflow(words[index].count)
        if overflow { throw countError("the counts of a repeated word overflow") }
        merged[merged.count - 1].count = sum
      } else {
        merged.append(words[index])
      }
    }
    var distinct = Set<UInt32>([0])
    var emptyCount = 0
    var textLength = 0
    var longest = 0
    var holdsZero = false
    for entry in merged {
      if entry.word.isEmpty {
        let (sum, overflow) = emptyCount.addingReportingOverflow(entry.count)
        if overflow { throw countError("the counts of the empty words overflow") }
        emptyCount = sum
        continue
      }
      textLength += entry.word.count + 1
      longest = max(longest, entry.word.count)
      for scalar in entry.word {
        distinct.insert(scalar)
        if scalar == 0 { holdsZero = true }
      }
    }
    guard textLength < Int(Int32.max) else {
      throw UnigramTrainingError(
        kind: .corpusTooLarge,
        description: "the words and separators total \(textLength) scalars, over esaxx's 2^31 - 2")
    }
    let sortedScalars = distinct.sorted()
    var rankOfScalar: [UInt32: Int32] = [:]
    rankOfScalar.reserveCapacity(sortedScalars.count)
    for (rank, scalar) in sortedScalars.enumerated() { rankOfScalar[scalar] = Int32(rank) }

    var text: [Int32] = []
    text.reserveCapacity(textLength)
    var starts: [Int32] = []
    var lengths: [Int32] = []
    var counts: [Int] = []
    var characterCounts = [Int](repeating: 0, count: sortedScalars.count)
    for entry in merged where !entry.word.isEmpty {
      starts.append(Int32(text.count))
      lengths.append(Int32(entry.word.count))
      counts.append(entry.count)
      for scalar in entry.word {
        let rank = rankOfScalar[scalar] ?? 0
        text.append(rank)
        if rank != 0 {
          let (sum, overflow) = characterCounts[Int(rank)].addingReportingOverflow(entry.count)
          if overflow { throw countError("a character's count overflows") }
          characterCounts[Int(rank)] = sum
        }
      }
      text.append(0)
    }
    self.scalars = sortedScalars
    self.text = text
    self.wordStarts = starts
    self.wordLengths = lengths
    self.wordCounts = counts
    self.emptyWordsCount = emptyCount
    self.characterCounts = characterCounts
    self.wordsHoldZero = holdsZero
    self.longestWord = longest
  }

  /// HF's `required_chars`: every scalar of the words and of `initial_alphabet`, here ascending.
  func requiredCharacters(adding alphabet: [UInt32]) -> [UInt32] {
    var required = Set<UInt32>(scalars.dropFirst())
    if wordsHoldZero { required.insert(0) }
    for scalar in alphabet { required.insert(scalar) }
    return required.sorted()
  }
}
