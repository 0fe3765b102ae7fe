import Foundation
import Testing
import TokenizerModels

/// Hugging Face `tokenizers` and MidiTok, run by `judge.py` on lists of sequences, compared with
/// this module's answers: the same ids, or an error on both sides.
enum HuggingFaceJudge {
  /// Encodes `sequences` (each a list of chunks of base ids) with the tokenizer file's `_model`
  /// in `tokenizers`, and expects `model` to give the same ids, or to throw where it raises.
  /// - Returns: the number of sequences compared that gave ids.
  @discardableResult
  static func expectSameEncoding(
    _ model: TrainedTokenizerModel, file: URL, sequences: [[[Int]]], label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Int {
    let folder = try SavedTokenizers.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.json")
    let output = folder.appendingPathComponent("out.json")
    try JSONSerialization.data(withJSONObject: sequences).write(to: input)
    let answers = try #require(
      try SavedTokenizers.judge(["encode", file.path, input.path, output.path], output: output) as? [Any],
      sourceLocation: sourceLocation)
    #expect(answers.count == sequences.count, sourceLocation: sourceLocation)
    var withIDs = 0
    for (index, (sequence, answer)) in zip(sequences, answers).enumerated() {
      let ours = Result { () throws(TrainedModelError) in try model.encode(chunks: sequence) }
      if let ids = answer as? [Int] {
        withIDs += 1
        #expect(
          (try? ours.get()) == ids, "\(label) #\(index): \(sequence) → \(ids), ours \(ours)",
          sourceLocation: sourceLocation)
      } else {
        #expect(
          (try? ours.get()) == nil, "\(label) #\(index): tokenizers says \(answer), ours \(ours)",
          sourceLocation: sourceLocation)
      }
    }
    return withIDs
  }

  /// Decodes `lists` of trained ids with MidiTok's `decode_token_ids` and expects `model` to give
  /// the same base ids, or to throw where MidiTok raises.
  static func expectSameDecoding(
    _ model: TrainedTokenizerModel, file: URL, lists: [[Int]], label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let folder = try SavedTokenizers.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.json")
    let output = folder.appendingPathComponent("out.json")
    try JSONSerialization.data(withJSONObject: lists).write(to: input)
    let answers = try #require(
      try SavedTokenizers.judge(["decode", file.path, input.path, output.path], output: output) as? [Any],
      sourceLocation: sourceLocation)
    #expect(answers.count == lists.count, sourceLocation: sourceLocation)
    for (index, (ids, answer)) in zip(lists, answers).enumerated() {
      let ours = Result { () throws(TrainedModelError) in try model.decode(ids) }
      if let base = answer as? [Int] {
        #expect((try? ours.get()) == base, "\(label) #\(index): \(ids) → \(base), ours \(ours)", sourceLocation: sourceLocation)
      } else {
        #expect((try? ours.get()) == nil, "\(label) #\(index): MidiTok says \(answer), ours \(ours)", sourceLocation: sourceLocation)
      }
    }
  }
}
