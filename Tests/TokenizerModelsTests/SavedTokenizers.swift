import Foundation
import TestSupport
import TokenizerModels

/// The tokenizers MidiTok 3.1 trained and saved in `Tests/Fixtures/tokenizers`
/// (`make-trained.py`), and the judge script that runs MidiTok and `tokenizers` on them.
enum SavedTokenizers {
  /// The folder of the saved tokenizers and the scripts.
  static let folder = RealFiles.packageRoot.appendingPathComponent("Tests/Fixtures/tokenizers")

  /// The saved tokenizers' names (`remi-bpe`, …).
  static let names = [
    "remi-bpe", "remi-unigram", "remi-wordpiece", "remi-wordpiece-beat", "tsd-bpe-nosplit",
    "remi-programs-unigram",
  ]

  /// The path of a saved tokenizer.
  static func path(_ name: String) -> String { folder.appendingPathComponent("\(name).json").path }

  /// MidiTok's saved fields of a tokenizer file.
  struct Fields {
    var model: [UInt8]
    var vocabBase: [String: Int]
    var byteToToken: [String: String]
    var object: [String: Any]
  }

  /// Reads the fields MidiTok saves for a trained tokenizer.
  static func fields(path: String) throws -> Fields {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let model = object["_model"] as? String,
      let vocabBase = object["_vocab_base"] as? [String: Int],
      let bytes = object["_vocab_base_byte_to_token"] as? [String: String]
    else { throw JudgeFailure(description: "\(path): not a trained MidiTok tokenizer") }
    return Fields(model: Array(model.utf8), vocabBase: vocabBase, byteToToken: bytes, object: object)
  }

  /// The model of a saved tokenizer.
  static func model(_ name: String) throws -> TrainedTokenizerModel {
    let fields = try fields(path: path(name))
    return try TrainedTokenizerModel(
      modelJSON: fields.model, vocabBase: fields.vocabBase, vocabBaseByteToToken: fields.byteToToken)
  }

  /// Writes `fields` as a tokenizer file with `model` as its `_model` (for the judge).
  static func write(_ fields: Fields, model: String, to url: URL) throws {
    var object = fields.object
    object["_model"] = model
    try JSONSerialization.data(withJSONObject: object).write(to: url)
  }

  /// Runs `judge.py` with arguments; its JSON output file is read back.
  static func judge(_ arguments: [String], output: URL) throws -> Any {
    guard let python = Python.executable else {
      throw JudgeFailure(description: "no Python virtual environment: run `make deps`")
    }
    let result = try Subprocess.run(python, [folder.appendingPathComponent("judge.py").path] + arguments)
    guard result.status == 0 else {
      throw JudgeFailure(description: "judge.py \(arguments.prefix(2)) failed: \(result.output.suffix(2000))")
    }
    return try JSONSerialization.jsonObject(with: Data(contentsOf: output))
  }

  /// A fresh temporary folder.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tokenizer-models-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// Why the judge gave no answer.
struct JudgeFailure: Error, CustomStringConvertible {
  var description: String
}
