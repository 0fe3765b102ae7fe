/// Hugging Face `tokenizers` 0.23's `BpeTrainer` (`models/bpe/trainer.rs`, `do_train`), on
/// words already counted: special tokens first, then the alphabet by code point, then merges
/// of the most frequent pair (the smaller pair between equal counts) until the vocabulary has
/// `vocabularySize` tokens, with the trainer's incremental pair counts and priority queue.
///
/// ```swift
/// var trainer = BPETrainer(vocabularySize: 1_000)
/// trainer.specialTokens = [[0x21]]
/// trainer.initialAlphabet = (33..<300).map(UInt32.init)
/// let model = trainer.train(words: words.sorted)
/// ```
public struct BPETrainer: Sendable {
  /// `vocab_size`: training stops when the vocabulary has this many tokens.
  public var vocabularySize: Int
  /// `min_frequency`: a pair seen fewer times is not merged.
  public var minimumFrequency = 0
  /// `special_tokens`' contents, in order (they take the first ids).
  public var specialTokens: [[UInt32]] = []
  /// `initial_alphabet`: characters kept even when no word has them.
  public var initialAlphabet: [UInt32] = []
  /// `limit_alphabet`: at most this many characters (the rarest are dropped), or `nil`.
  public var alphabetLimit: Int?
  /// `continuing_subword_prefix`: put before every character that does not start a word.
  public var continuingSubwordPrefix: [UInt32]?
  /// `end_of_word_suffix`: put after every character that ends a word.
  public var endOfWordSuffix: [UInt32]?
  /// `max_token_length`: no token longer than this many characters, or `nil`.
  public var maximumTokenLength: Int?

  /// A trainer of `vocab_size` tokens with `tokenizers`' other defaults.
  public init(vocabularySize: Int) {
    self.vocabularySize = vocabularySize
  }

  /// Trains on `words` (each word with its count) and returns the vocabulary and the merges.
  ///
  /// `progress` is called after each merge with how many merges are done. The result does not
  /// depend on the words' order but where `tokenizers`' own follows its hash map's: the ids of
  /// tokens that `continuingSubwordPrefix` or `endOfWordSuffix` make, and which of equally rare
  /// characters `alphabetLimit` drops (sorted words give the same result on every run).
  public func train(words: [(word: [UInt32], count: Int)], progress: ((Int) -> Void)? = nil) -> TrainedBPE {
    var vocabulary = TrainingVocabulary()
    for token in specialTokens { vocabulary.add(token) }
    addAlphabet(of: words, to: &vocabulary)
    var (trainingWords, counts) = tokenize(words, with: &vocabulary)
    // 4. Pair counts and the words each pair is in.
    var pairCounts: [UInt64: Int] = [:]
    var wordsOfPair: [UInt64: [Int32]] = [:]
    for (index, word) in trainingWords.enumerated() where word.symbols.count > 1 {
      for position in 0..<(word.symbols.count - 1) {
        let pair = TrainingWord.pair(word.symbols[position], word.symbols[position + 1])
        pairCounts[pair, default: 0] += counts[index]
        wordsOfPair[pair, default: []].append(Int32(index))
      }
    }
    var queue = MergeQueue()
    for (pair, indices) in wordsOfPair {
      let count = pairCounts[pair, default: 0]
      if count > 0 { queue.push(.init(pair: pair, count: count, words: Self.unique(indices))) }
    }
    wordsOfPair.removeAll()
    // 5. Merges.
    let maxLength = maximumTokenLength ?? Int.max
    var merges: [(pair: UInt64, token: UInt32)] = []
    var changes: [TrainingWord.PairChange] = []
    while vocabulary.count < vocabularySize, var top = queue.pop() {
      let current = pairCounts[top.pair, default: 0]
      if top.count != current {
        top.count = current
        queue.push(top)
        continue
      }
      if top.count < 1 || minimumFrequency > top.count { break }
      let first = UInt32(truncatingIfNeeded: top.pair >> 32)
      let second = UInt32(truncatingIfNeeded: top.pair)
      var secondText = vocabulary.tokens[Int(second)]
      if let prefix = continuingSubwordPrefix, secondText.starts(with: prefix) {
        secondText.removeFirst(prefix.count)
      }
      let newToken = vocabulary.add(vocabulary.tokens[Int(first)] + secondText)
      merges.append((top.pair, newToken))
      for index in top.words {
        changes.removeAll(keepingCapacity: true)
        trainingWords[Int(index)].merge(
          first, second, into: newToken, maxLength: maxLength, changes: &changes)
        let count = counts[Int(index)]
        for change in changes {
          pairCounts[change.pair, default: 0] += change.delta * count
          if change.delta > 0 { wordsOfPair[change.pair, default: []].append(index) }
        }
      }
      for (pair, indices) in wordsOfPair {
        let count = pairCounts[pair, default: 0]
        if count > 0 { queue.push(.init(pair: pair, count: count, words: Self.unique(indices))) }
      }
      wordsOfPair.removeAll(keepingCapacity: true)
      progress?(merges.count)
    }
    return TrainedBPE(
      tokens: vocabulary.tokens, merges: merges, continuingSubwordPrefix: continuingSubwordPrefix,
      endOfWordSuffix: endOfWordSuffix)
  }

  /// 2. The alphabet: every character of the words and the initial alphabet, the rarest
  /// dropped past `alphabetLimit` (initial characters count as the most frequent), added in
  /// code point order after the special tokens.
  private func addAlphabet(of words: [(word: [UInt32], count: Int)], to vocabulary: inout TrainingVocabulary)
  {
    var frequencies: [UInt32: Int] = [:]
    for (word, count) in words {
      for character in word { frequencies[character, default: 0] &+= count }
    }
    for character in initialAlphabet { frequencies[character] = Int.max }
    var kept = frequencies.map { (character: $0.key, count: $0.value) }
    if let alphabetLimit, kept.count > alphabetLimit {
      // `sort_unstable_by_key(count)`: between equal counts, the smaller character goes first.
      kept.sort { $0.count != $1.count ? $0.count < $1.count : $0.character < $1.character }
      kept.removeFirst(kept.count - alphabetLimit)
    }
    kept.sort { $0.character < $1.character }
    for (character, _) in kept { vocabulary.add([character]) }
  }

  /// 3. Each word as token ids: a character the alphabet lacks is left out; the others get the
  /// prefix (but the first) and the suffix (the last), new tokens added as they come.
  private func tokenize(
    _ words: [(word: [UInt32], count: Int)], with vocabulary: inout TrainingVocabulary
  ) -> ([TrainingWord], [Int]) {
    var result: [TrainingWord] = []
    var counts: [Int] = []
    result.reserveCapacity(words.count)
    counts.reserveCapacity(words.count)
    for (word, count) in words {
      var symbols: [UInt32] = []
      symbols.reserveCapacity(word.count)
      for (position, character) in word.enumerated() where vocabulary.id(of: [character]) != nil {
        var text = [character]
        if position > 0, let prefix = continuingSubwordPrefix { text = prefix + text }
        if position == word.count - 1, let suffix = endOfWordSuffix { text += suffix }
        symbols.append(vocabulary.add(text))
      }
      result.append(TrainingWord(symbols: symbols, lengths: Array(repeating: 1, count: symbols.count)))
      counts.append(count)
    }
    return (result, counts)
  }

  /// Word indices once each, in order.
  private static func unique(_ indices: [Int32]) -> [Int32] {
    var indices = indices
    indices.sort()
    var write = 0
    for index in indices where write == 0 || indices[write - 1] != index {
      indices[write] = index
      write += 1
    }
    indices.removeLast(indices.count - write)
    return indices
  }
}

/// A vocabulary being built: token ↔ id, ids in order of addition.
struct TrainingVocabulary {
  /// Id → token.
  private(set) var tokens: [[UInt32]] = []
  private var ids: [[UInt32]: UInt32] = [:]

  /// The number of tokens.
  var count: Int { tokens.count }

  /// The id of `token`, if known.
  func id(of token: [UInt32]) -> UInt32? { ids[token] }

  /// The id of `token`, added at the end when new.
  @discardableResult
  mutating func add(_ token: [UInt32]) -> UInt32 {
    if let id = ids[token] { return id }
    let id = UInt32(tokens.count)
    tokens.append(token)
    ids[token] = id
    return id
  }
}
