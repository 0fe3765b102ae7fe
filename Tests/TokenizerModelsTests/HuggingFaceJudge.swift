import Foundation
import Testing
import TokenizerModels

/// Hugging Face `tokenizers` and MidiTok, run by `judge.py` on lists of sequences, compared with
/// this module's answers: the same ids, or an error on both sides.
enum HuggingFaceJudge {
  /// One model and the sequences to encode with it.
  struct EncodingJob {
    /// The model under test.
    var model: TrainedTokenizerModel
    /// The tokenizer file it was loaded from.
    var file: URL
    /// Sequences, each a list of chunks of base ids.
    var sequences: [[[Int]]]
    /// What the messages call it.
    var label: String
  }

  /// Encodes each job's sequences with its file's `_model` in `tokenizers` (one Python process for
  /// all), and expects the model to give the same ids, or to throw where `tokenizers` raises.
  /// - Returns: the number of sequences compared that gave ids.
  @discardableResult
  static func expectSameEncoding(_ jobs: [EncodingJob], sourceLocation: SourceLocation = #_sourceLocation)
    throws
    -> Int
  {
    let folder = try SavedTokenizers.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var arguments = ["encode"]
    for (index, job) in jobs.enumerated() {
      let input = folder.appendingPathComponent("in-\(index).json")
      try JSONSerialization.data(withJSONObject: job.sequences).write(to: input)
      arguments += [job.file.path, input.path, folder.appendingPathComponent("out-\(index).json").path]
    }
    _ = try SavedTokenizers.judge(arguments, output: folder.appendingPathComponent("out-0.json"))
    var withIDs = 0
    for (index, job) in jobs.enumerated() {
      let output = folder.appendingPathComponent("out-\(index).json")
      let answers = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [Any],
        sourceLocation: sourceLocation)
      #expect(answers.count == job.sequences.count, sourceLocation: sourceLocation)
      for (number, (sequence, answer)) in zip(job.sequences, answers).enumerated() {
        let ours = Result { () throws(TrainedModelError) in try job.model.encode(chunks: sequence) }
        if answer is [Int] { withIDs += 1 }
        expect(ours, answer, "\(job.label) #\(number): \(sequence)", sourceLocation: sourceLocation)
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
      expect(ours, answer, "\(label) #\(index): \(ids)", sourceLocation: sourceLocation)
    }
  }

  /// Expects our ids where the judge answered ids, and an error where it answered one.
  private static func expect(
    _ ours: Result<[Int], TrainedModelError>, _ answer: Any, _ label: String, sourceLocation: SourceLocation
  ) {
    if let ids = answer as? [Int] {
      #expect((try? ours.get()) == ids, "\(label) → \(ids), ours \(ours)", sourceLocation: sourceLocation)
    } else {
      #expect(
        (try? ours.get()) == nil, "\(label): the judge says \(answer), ours \(ours)",
        sourceLocation: sourceLocation)
    }
  }
}
