import TestSupport
import Testing
import TokenizerModels

/// The BPE trainer on `tokenizers`' own training tests (`models/bpe/trainer.rs`), and its saved
/// model loaded back: training is lossless.
@Suite("BPE training")
struct BPETrainerTests {
  /// Words as scalars with their counts.
  static func words(_ counts: [(String, Int)]) -> [(word: [UInt32], count: Int)] {
    counts.map { (Array($0.0.unicodeScalars.map(\.value)), $0.1) }
  }

  /// A token's text.
  static func text(_ scalars: [UInt32]) -> String {
    String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
  }

  @Test("tokenizers' test_train: the alphabet by code point, then 're', 'are', 'is'")
  func hfTrain() {
    var trainer = BPETrainer(vocabularySize: 30_000)
    trainer.minimumFrequency = 2
    let trained = trainer.train(
      words: Self.words([
        ("roses", 1), ("are", 2), ("red", 1), ("voilets", 1), ("blue", 1), ("BERT", 1), ("is", 2), ("big", 1),
        ("and", 1), ("so", 1), ("GPT-2", 1),
      ]))
    #expect(trained.tokens.map(Self.text) == "-2BEGPRTabdegilnorstuv".map(String.init) + ["re", "are", "is"])
    #expect(trained.merges.map { [$0.first, $0.second] } == [[17, 11], [8, 22], [13, 18]])
  }

  @Test("tokenizers' bpe_test_max_token_length_direct_assert: no token past two characters")
  func hfMaxTokenLength() {
    var trainer = BPETrainer(vocabularySize: 30_000)
    trainer.maximumTokenLength = 2
    let trained = trainer.train(
      words: Self.words([
        ("sin", 2), ("Sin", 2), ("Lon", 2), ("Ano", 2), ("짧은한", 2), ("긴한글", 2), ("短字符", 2), ("长字符", 2),
        ("短い文", 2), ("長い文", 2), ("so", 2), ("GP", 2),
      ]))
    let expected: [String: Int] = [
      "短": 12, "n": 6, "i": 5, "s": 8, "字符": 23, "長": 14, "긴": 17, "い文": 22, "L": 2, "in": 21, "o": 7,
      "은한": 29, "S": 4, "P": 3, "so": 27, "符": 13, "文": 11, "字": 10, "짧": 19, "GP": 25, "글": 16, "G": 1,
      "An": 24, "长": 15, "A": 0, "Lo": 26, "긴한": 28, "い": 9, "한": 20, "은": 18,
    ]
    #expect(trained.tokens.count == expected.count)
    for (id, token) in trained.tokens.enumerated() {
      #expect(expected[Self.text(token)] == id, "\(Self.text(token)) is id \(id)")
    }
  }

  @Test("special tokens take the first ids; the prefix and suffix make tokens of their own")
  func specialsPrefixSuffix() {
    var trainer = BPETrainer(vocabularySize: 12)
    trainer.specialTokens = [[0x21], [0x3C, 0x75, 0x3E]]
    trainer.initialAlphabet = [0x7A]
    trainer.continuingSubwordPrefix = [0x23, 0x23]
    trainer.endOfWordSuffix = [0x2F]
    let trained = trainer.train(words: Self.words([("ab", 3)]))
    #expect(trained.tokens.map(Self.text) == ["!", "<u>", "a", "b", "z", "##b/", "ab/"])
    #expect(trained.merges.map { [$0.first, $0.second] } == [[2, 5]])
  }

  @Test("a pair merged again keeps its later rank, as tokenizers' merge map does")
  func duplicateMerges() {
    // "ab" appears in two words; merging it creates a new "ab" occurrence only through the
    // queue entries of each word set, never twice for one word: the saved merges are unique.
    var trainer = BPETrainer(vocabularySize: 100)
    let trained = trainer.train(words: Self.words([("abab", 3), ("aab", 2), ("ba", 1), ("abba", 2)]))
    let pairs = trained.merges.map { "\($0.first) \($0.second)" }
    #expect(Set(pairs).count == pairs.count)
    #expect(trained.mergeSteps >= trained.merges.count)
    trainer.vocabularySize = 0
    #expect(trainer.train(words: Self.words([("abab", 3)])).merges.isEmpty)
  }

  @Test("the saved model loads and gives back every word's characters (lossless)")
  func savedModelRoundTrip() throws {
    var generator = SplitMix64(seed: 38)
    var counts: [[UInt32]: Int] = [:]
    for _ in 0..<400 {
      let word = [0x2581] + (0..<generator.int(in: 1...12)).map { _ in UInt32(33 + generator.int(in: 0...9)) }
      counts[word, default: 0] += generator.int(in: 1...5)
    }
    var trainer = BPETrainer(vocabularySize: 60)
    trainer.specialTokens = [[33]]
    trainer.initialAlphabet = (33..<43).map(UInt32.init)
    trainer.continuingSubwordPrefix = []
    trainer.endOfWordSuffix = []
    let trained = trainer.train(words: counts.map { ($0.key, $0.value) })
    #expect(trained.tokens.count == 60)
    let text = TrainedTokenizerJSON(specialTokens: [[33]], metaspace: true).bpe(trained)
    let tokens = (0..<10).map { "T_\($0)" }
    let model = try TrainedTokenizerModel(
      modelJSON: text, vocabBase: tokens.enumerated().map { ($0.element, $0.offset) },
      vocabBaseByteToToken: tokens.enumerated().map { (Self.text([UInt32(33 + $0.offset)]), $0.element) })
    for word in counts.keys.prefix(100) {
      let base = word.dropFirst().map { Int($0) - 33 }
      let ids = try model.encode(chunks: [base])
      #expect(ids.count <= base.count + 1)
      #expect(try model.decode(ids) == base)
    }
  }
}
