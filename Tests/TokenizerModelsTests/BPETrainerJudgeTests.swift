import Foundation
import TestSupport
import Testing
import TokenizerModels

/// The BPE trainer against `tokenizers`' own `BpeTrainer` on random words over small alphabets,
/// where ties between equal counts, pairs merged in some words only and merges made twice are
/// common: the same vocabulary and merges, in order.
@Suite("BPE training judged by tokenizers", .tags(.judge), .tiered, .requires(.python))
struct BPETrainerJudgeTests {
  /// One random training.
  struct Case {
    var words: [(word: String, count: Int)]
    var trainer: BPETrainer
  }

  /// A random training: words of 1–14 letters from an alphabet of 2–6, counts 1–6, and each
  /// option set now and then (not `limit_alphabet`, whose ties `tokenizers` breaks at random).
  static func randomCase(_ generator: inout SplitMix64) -> Case {
    let letters = Array("abcdef".unicodeScalars.map(\.value).prefix(generator.int(in: 2...6)))
    var counts: [String: Int] = [:]
    for _ in 0..<generator.int(in: 1...40) {
      let scalars = (0..<generator.int(in: 1...14)).map { _ in Unicode.Scalar(generator.pick(letters))! }
      counts[String(String.UnicodeScalarView(scalars)), default: 0] += generator.int(in: 1...6)
    }
    var trainer = BPETrainer(vocabularySize: generator.int(in: 0...40))
    trainer.minimumFrequency = generator.chance(0.3) ? generator.int(in: 0...4) : 0
    if generator.chance(0.3) { trainer.specialTokens = [[0x21], [0x3C, 0x73, 0x3E]] }
    if generator.chance(0.3) { trainer.initialAlphabet = [0x78, 0x79] }
    // A prefix or suffix that makes new tokens numbers them in the order of tokenizers' hash map:
    // only the empty ones (MidiTok's) are judged.
    if generator.chance(0.3) { trainer.continuingSubwordPrefix = [] }
    if generator.chance(0.3) { trainer.endOfWordSuffix = [] }
    if generator.chance(0.2) { trainer.maximumTokenLength = generator.int(in: 2...5) }
    return Case(words: counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, trainer: trainer)
  }

  @Test("400 random trainings: tokenizers' vocabulary and merges, in order")
  func randomTrainings() throws {
    var generator = SplitMix64(seed: 0xB9E)
    let cases = (0..<400).map { _ in Self.randomCase(&generator) }
    let folder = try SavedTokenizers.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func text(_ scalars: [UInt32]) -> String {
      String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
    }
    let jobs: [[String: Any]] = cases.map { job in
      var entry: [String: Any] = [
        "words": job.words.map { [$0.word, $0.count] as [Any] }, "vocab_size": job.trainer.vocabularySize,
        "min_frequency": job.trainer.minimumFrequency, "special_tokens": job.trainer.specialTokens.map(text),
        "initial_alphabet": job.trainer.initialAlphabet.map { text([$0]) },
      ]
      if let prefix = job.trainer.continuingSubwordPrefix {
        entry["continuing_subword_prefix"] = text(prefix)
      }
      if let suffix = job.trainer.endOfWordSuffix { entry["end_of_word_suffix"] = text(suffix) }
      if let length = job.trainer.maximumTokenLength { entry["max_token_length"] = length }
      return entry
    }
    let input = folder.appendingPathComponent("train.json")
    let output = folder.appendingPathComponent("trained.json")
    try JSONSerialization.data(withJSONObject: jobs).write(to: input)
    let answers = try #require(
      try SavedTokenizers.judge(["train", input.path, output.path], output: output) as? [[String: Any]])
    try #require(answers.count == cases.count)
    var withMerges = 0
    for (number, (job, answer)) in zip(cases, answers).enumerated() {
      let trained = job.trainer.train(
        words: job.words.map { (Array($0.word.unicodeScalars.map(\.value)), $0.count) })
      let vocabulary = try #require(answer["vocab"] as? [String])
      let merges = try #require(answer["merges"] as? [[String]])
      #expect(trained.tokens.map(text) == vocabulary, "case \(number): \(job.words)")
      let ours = trained.merges.map {
        [text(trained.tokens[Int($0.first)]), text(trained.tokens[Int($0.second)])]
      }
      #expect(ours == merges, "case \(number): \(job.words)")
      if !merges.isEmpty { withMerges += 1 }
    }
    #expect(withMerges > 300)
  }
}
