import Foundation
import TestSupport
import Testing
import TokenizerModels

/// The Unigram trainer against `tokenizers`' own `UnigramTrainer` on random words over small
/// alphabets, each begun by "▁" as Metaspace begins them: the same pieces with the same scores, and
/// as many tokens when `tokenizers`' Viterbi encoder cuts the words with either vocabulary.
@Suite("Unigram training judged by tokenizers", .tags(.judge), .tiered, .requires(.python))
struct UnigramTrainerJudgeTests {
  /// One random training.
  struct Case {
    /// The distinct words, sorted, with their counts.
    var words: [(word: String, count: Int)]
    /// The vocabulary size and options.
    var trainer: UnigramTrainer
  }

  /// A random training: 1–80 words of "▁" and 1–14 letters from an alphabet of 2–6, counts 1–6,
  /// a vocabulary size 1–60 past the required characters, and each option set now and then. (At
  /// exactly the required characters, `tokenizers` can loop forever: "<UNK>" and the characters
  /// are never pruned, and they outnumber 1.1 times a vocabulary size under 10; the trainer stops.)
  static func randomCase(_ generator: inout SplitMix64) -> Case {
    let letters = Array("abcdef".unicodeScalars.map(\.value).prefix(generator.int(in: 2...6)))
    var counts: [String: Int] = [:]
    for _ in 0..<generator.int(in: 1...80) {
      let scalars = [0x2581] + (0..<generator.int(in: 1...14)).map { _ in generator.pick(letters) }
      let word = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
      counts[word, default: 0] += generator.int(in: 1...6)
    }
    let words = counts.sorted { $0.key < $1.key }.map { (word: $0.key, count: $0.value) }
    let alphabet: [UInt32] = generator.chance(0.3) ? [0x78, 0x79, 0x61] : []
    let required = Set(words.flatMap { $0.word.unicodeScalars.map(\.value) }).union(alphabet).count
    var trainer = UnigramTrainer(vocabularySize: required + generator.int(in: 1...60))
    trainer.initialAlphabet = alphabet
    if generator.chance(0.3) { trainer.specialTokens = [[0x3C, 0x73, 0x3E], [0x3C, 0x2F, 0x73, 0x3E]] }
    if generator.chance(0.3) {
      trainer.unknownToken = generator.chance(0.5) ? [0x3C, 0x75, 0x6E, 0x6B, 0x3E] : [0x3C, 0x73, 0x3E]
    }
    if generator.chance(0.3) { trainer.maxPieceLength = generator.int(in: 1...5) }
    if generator.chance(0.3) { trainer.shrinkingFactor = generator.pick([0.5, 0.6, 0.9]) }
    if generator.chance(0.2) { trainer.subIterations = generator.int(in: 1...3) }
    return Case(words: words, trainer: trainer)
  }

  /// A piece's text.
  static func text(_ scalars: [UInt32]) -> String {
    String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
  }

  @Test("24 random trainings: tokenizers' pieces and scores (not their order) and as many Viterbi tokens")
  func randomTrainings() throws {
    var generator = SplitMix64(seed: 0x0419_6A4D)
    let cases = (0..<24).map { _ in Self.randomCase(&generator) }
    let folder = try SavedTokenizers.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let results = try cases.map { job in
      try job.trainer.train(words: job.words.map { (Array($0.word.unicodeScalars.map(\.value)), $0.count) })
    }
    let jobs: [[String: Any]] = zip(cases, results).map { job, result in
      var entry: [String: Any] = [
        "words": job.words.map { [$0.word, $0.count] as [Any] }, "vocab_size": job.trainer.vocabularySize,
        "special_tokens": job.trainer.specialTokens.map(Self.text),
        "initial_alphabet": job.trainer.initialAlphabet.map { Self.text([$0]) },
        "max_piece_length": job.trainer.maxPieceLength, "shrinking_factor": job.trainer.shrinkingFactor,
        "n_sub_iterations": job.trainer.subIterations,
        "ours": [
          "vocab": result.pieces.map { [Self.text($0.piece), $0.score] as [Any] },
          "unk_id": result.unknownID.map { $0 as Any } ?? NSNull(),
        ] as [String: Any],
      ]
      if let unknown = job.trainer.unknownToken { entry["unk_token"] = Self.text(unknown) }
      return entry
    }
    let input = folder.appendingPathComponent("train.json")
    let output = folder.appendingPathComponent("trained.json")
    try JSONSerialization.data(withJSONObject: jobs).write(to: input)
    let answers = try #require(
      try SavedTokenizers.judge(["train-unigram", input.path, output.path], output: output)
        as? [[String: Any]])
    try #require(answers.count == cases.count)
    var pruned = 0
    for (number, (job, (result, answer))) in zip(cases, zip(results, answers)).enumerated() {
      let label = "case \(number): \(job.words)"
      #expect(answer["error"] == nil, "\(label): \(answer["error"] ?? "")")
      let vocabulary = try #require(answer["vocab"] as? [[Any]], "\(label)").map { entry in
        (piece: try #require(entry.first as? String), score: try #require(entry.last as? Double))
      }
      #expect(result.unknownID == answer["unk_id"] as? Int, "\(label)")
      let ours = Dictionary(result.pieces.map { (Self.text($0.piece), $0.score) }) { first, _ in first }
      let theirs = Dictionary(vocabulary.map { ($0.piece, $0.score) }) { first, _ in first }
      #expect(ours.count == result.pieces.count && theirs.count == vocabulary.count, "\(label)")
      #expect(Set(ours.keys) == Set(theirs.keys), "\(label)")
      // Required characters missing from the model are scored min_score + 0.0001 k in the order of
      // tokenizers' hash set: where a character's score differs, the scores are compared as a multiset.
      for (piece, score) in theirs {
        guard let our = ours[piece] else { continue }
        #expect(
          abs(our - score) <= 1e-9 || piece.unicodeScalars.count == 1,
          "\(label): \(piece) scored \(our), tokenizers \(score)")
      }
      let sortedOurs = result.pieces.map(\.score).sorted()
      let sortedTheirs = vocabulary.map(\.score).sorted()
      #expect(
        sortedOurs.count == sortedTheirs.count
          && zip(sortedOurs, sortedTheirs).allSatisfy { abs($0 - $1) <= 1e-9 },
        "\(label)")
      #expect(answer["our_tokens"] as? Int == answer["tokens"] as? Int, "\(label)")
      #expect(answer["our_weighted_tokens"] as? Int == answer["weighted_tokens"] as? Int, "\(label)")
      if result.pieces.count == job.trainer.vocabularySize { pruned += 1 }
    }
    // Many trainings (11 here) fill the vocabulary size rather than stop short of it.
    #expect(pruned > 8)
  }
}
