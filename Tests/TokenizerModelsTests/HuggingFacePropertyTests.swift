import Foundation
import TestSupport
import Testing
import TokenizerModels

/// Property tests with the judges themselves: many random sequences of base ids, encoded here and
/// by `tokenizers` from the same `_model`; many random lists of trained ids, decoded here and by
/// MidiTok.
@Suite("Random sequences against tokenizers and MidiTok", .tags(.judge), .tiered, .requires(.python))
struct HuggingFacePropertyTests {
  @Test("random chunks: our ids are tokenizers' ids", arguments: SavedTokenizers.names)
  func encodeRandom(name: String) throws {
    let model = try SavedTokenizers.model(name)
    var random = RandomChunks(model: model, seed: fnv1a(name))
    var sequences = (0..<400).map { _ in random.sequence() }
    // Long chunks: WordPiece's character limit (400, 100 per beat), Unigram's longer lattices.
    sequences += (0..<20).map { _ in [random.chunk(length: 450)] }
    let compared = try HuggingFaceJudge.expectSameEncoding([
      HuggingFaceJudge.EncodingJob(
        model: model, file: URL(fileURLWithPath: SavedTokenizers.path(name)), sequences: sequences,
        label: name)
    ])
    #expect(compared > 400)
  }

  @Test("random ids: our base ids are MidiTok's", arguments: SavedTokenizers.names)
  func decodeRandom(name: String) throws {
    let model = try SavedTokenizers.model(name)
    var generator = SplitMix64(seed: fnv1a(name) ^ 0xD0C0DE)
    var lists: [[Int]] = (0..<300).map { _ in
      (0..<generator.int(in: 0...40)).map { _ in generator.int(in: 0...(model.vocabularySize - 1)) }
    }
    // Ids outside the vocabulary: MidiTok raises, so must we.
    lists += [[model.vocabularySize], [0, model.vocabularySize + 7], [-1]]
    try HuggingFaceJudge.expectSameDecoding(
      model, file: URL(fileURLWithPath: SavedTokenizers.path(name)), lists: lists, label: name)
  }
}
