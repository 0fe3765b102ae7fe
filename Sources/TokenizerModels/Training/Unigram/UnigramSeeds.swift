// MARK: - Seeds

/// HF's `make_seed_sentence_pieces`: characters, then the best repeated substrings, as log probabilities.
struct UnigramSeeds {
  /// Where an occurrence of each seed starts in the corpus text.
  let starts: [Int32]
  /// Each seed's length in scalars.
  let lengths: [Int32]
  /// Each seed's score after `to_log_prob`.
  let logProbabilities: [Double]
  /// The seed index of each rank's one-character piece, or -1.
  let characterSeeds: [Int32]
  /// How many seeds.
  var count: Int { starts.count }

  /// Seeds from the corpus with HF's filters, order, `seed_size` cut and `to_log_prob`; with the
  /// table of where the substring seeds occur (the lattices' trie lookups, done once), in the ids
  /// of the first model (seed index + 1).
  static func make(
    corpus: UnigramCorpus, maxPieceLength: Int, seedSize: Int
  ) -> (seeds: UnigramSeeds, matches: UnigramMatchTable) {
    let text = corpus.text
    let textCount = text.count
    let suffixes = UnigramSuffixArray.suffixArray(text, upper: corpus.scalars.count - 1)

    // Substring candidates: internal nodes of 2...maxPieceLength scalars without a separator.
    var candidates: [(score: Int, left: Int32, right: Int32, depth: Int32)] = []
    do {
      let heights = UnigramSuffixArray.commonPrefixHeights(text, suffixes: suffixes)
      var separatorAfter = [Int32](repeating: 0, count: textCount)
      var nextSeparator = textCount
      for position in stride(from: textCount - 1, through: 0, by: -1) {
        if text[position] == 0 { nextSeparator = position }
        separatorAfter[position] = Int32(nextSeparator)
      }
      UnigramSuffixArray.forEachInternalNode(suffixes: suffixes, heights: heights) {
        left, right, depth in
        // HF: `string.len() <= 1`, contains '\0', then `is_valid_sentencepiece`.
        if depth <= 1 || depth > maxPieceLength { return }
        let start = Int(suffixes[left])
        if Int(separatorAfter[start]) < start + depth { return }
        // HF: `score = freq * string.len()` (in u32 there).
        candidates.append(((right - left) * depth, Int32(left), Int32(right), Int32(depth)))
      }
    }
    // HF sorts by `Reverse((score, string))`. Substrings order as their suffix intervals do, a
    // prefix first: (left, depth) ascending; so by decreasing (score, left, depth). No two
    // candidates are equal, so the sort is HF's whatever its stability.
    candidates.sort { first, second in
      if first.score != second.score { return first.score > second.score }
      if first.left != second.left { return first.left > second.left }
      return first.depth > second.depth
    }

    // Characters by `Reverse((count, char))`: decreasing count, then decreasing scalar.
    var firstOccurrence = [Int32](repeating: -1, count: corpus.scalars.count)
    for position in stride(from: textCount - 1, through: 0, by: -1) {
      firstOccurrence[Int(text[position])] = Int32(position)
    }
    let characterRanks = (1..<max(1, corpus.scalars.count)).filter {
      corpus.characterCounts[$0] > 0
    }.sorted { first, second in
      let firstCount = corpus.characterCounts[first]
      let secondCount = corpus.characterCounts[second]
      if firstCount != secondCount { return firstCount > secondCount }
      return first > second
    }
    var starts: [Int32] = []
    var lengths: [Int32] = []
    var rawScores: [Double] = []
    var characterSeeds = [Int32](repeating: -1, count: corpus.scalars.count)
    for rank in characterRanks {
      characterSeeds[rank] = Int32(starts.count)
      starts.append(firstOccurrence[rank])
      lengths.append(1)
      rawScores.append(Double(corpus.characterCounts[rank]))
    }
    let characterCount = starts.count
    // Push, then stop once `seed_size` pieces are there (so at least one substring goes in).
    var takenSubstrings = 0
    for candidate in candidates {
      starts.append(suffixes[Int(candidate.left)])
      lengths.append(candidate.depth)
      rawScores.append(Double(candidate.score))
      takenSubstrings += 1
      if starts.count >= seedSize { break }
    }
    // to_log_prob.
    var sum = 0.0
    for score in rawScores { sum += score }
    let logSum = UnigramFloatMath.log(sum)
    let seeds = UnigramSeeds(
      starts: starts, lengths: lengths,
      logProbabilities: rawScores.map { UnigramFloatMath.log($0) - logSum },
      characterSeeds: characterSeeds)

    // Occurrences of the substring seeds: the suffixes of their intervals. Filled by increasing
    // length, so each position lists its pieces in the trie's order.
    var offsets = [Int](repeating: 0, count: textCount + 1)
    for candidate in candidates.prefix(takenSubstrings) {
      for rank in Int(candidate.left)..<Int(candidate.right) {
        offsets[Int(suffixes[rank]) + 1] += 1
      }
    }
    for position in 0..<textCount { offsets[position + 1] += offsets[position] }
    var fill = Array(offsets.dropLast())
    var matchIDs = [Int32](repeating: 0, count: offsets[textCount])
    let byLength = (0..<takenSubstrings).sorted { first, second in
      let firstLength = candidates[first].depth
      let secondLength = candidates[second].depth
      if firstLength != secondLength { return firstLength < secondLength }
      return first < second
    }
    for candidateIndex in byLength {
      let candidate = candidates[candidateIndex]
      let id = Int32(characterCount + candidateIndex + 1)
      for rank in Int(candidate.left)..<Int(candidate.right) {
        let position = Int(suffixes[rank])
        matchIDs[fill[position]] = id
        fill[position] += 1
      }
    }
    let matches = UnigramMatchTable(
      offsets: offsets, ids: matchIDs,
      characterIDs: characterSeeds.map { $0 >= 0 ? $0 + 1 : -1 })
    return (seeds, matches)
  }
}

/// The pieces of the current model that start at each text position: the trie's answers.
struct UnigramMatchTable {
  /// Per text position, where its matches start in `ids` (one more entry than the text).
  var offsets: [Int]
  /// The ids of the pieces of two scalars or more starting at each position, shortest first.
  var ids: [Int32]
  /// Per symbol rank, the id of its one-scalar piece, or -1.
  var characterIDs: [Int32]
}
