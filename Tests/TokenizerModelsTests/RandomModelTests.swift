import Foundation
import TestSupport
import Testing
import TokenizerModels

/// Small random models with every option this module reproduces, judged by `tokenizers` on
/// random sequences: what MidiTok's own models do not exercise (unknown tokens, prefixes,
/// Unigram's ties, the other prepend schemes, added tokens outside the vocabulary).
@Suite("Random models against tokenizers", .tags(.judge), .tiered, .requires(.python))
struct RandomModelTests {
  @Test("random models and sequences: our ids are tokenizers' ids", arguments: 0..<6)
  func randomModels(batch: Int) throws {
    var random = RandomModels(generator: SplitMix64(seed: 0x5EED_0000 + UInt64(batch)))
    let folder = try SavedTokenizers.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var jobs: [HuggingFaceJudge.EncodingJob] = []
    for index in 0..<40 {
      let tokenizer = random.tokenizer()
      let (data, baseCount) = try random.file(tokenizer: tokenizer)
      let file = folder.appendingPathComponent("model-\(index).json")
      try data.write(to: file)
      let model = try SavedTokenizers.model(path: file.path)
      jobs.append(
        HuggingFaceJudge.EncodingJob(
          model: model, file: file, sequences: random.sequences(80, baseCount: baseCount),
          label: "batch \(batch), model \(index)"))
    }
    let compared = try HuggingFaceJudge.expectSameEncoding(jobs)
    #expect(compared > 40 * 40)
  }
}
