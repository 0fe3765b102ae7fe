import Foundation
import TestSupport
import TokenizerModels

/// The tokenizers MidiTok 3.1 trained and saved (`Samples/tokenizers/make-tokenizers.py`): the
/// REMI ones in `Samples/tokenizers`, the other settings in `Tests/Fixtures/tokenizers`, with the
/// judge script that runs MidiTok and `tokenizers` on them.
enum SavedTokenizers {
  /// The folder of the test settings and the judge script.
  static let folder = RealFiles.packageRoot.appendingPathComponent("Tests/Fixtures/tokenizers")
  /// The folder of the samples' trained tokenizers.
  static let samples = RealFiles.packageRoot.appendingPathComponent("Samples/tokenizers")
  /// The tokenizers kept in ``samples``.
  static let sampleNames = ["remi-bpe", "remi-unigram", "remi-wordpiece"]

  /// The saved tokenizers' names (`remi-bpe`, …).
  static let names = [
    "remi-bpe", "remi-unigram", "remi-wordpiece", "remi-wordpiece-beat", "tsd-bpe-nosplit",
    "remi-programs-unigram",
  ]

  /// The path of a saved tokenizer.
  static func path(_ name: String) -> String {
    (sampleNames.contains(name) ? samples : folder).appendingPathComponent("\(name).json").path
  }

  /// The model of a saved tokenizer.
  static func model(_ name: String) throws -> TrainedTokenizerModel {
    try model(path: path(name))
  }

  /// The model of a tokenizer file.
  static func model(path: String) throws -> TrainedTokenizerModel {
    try TrainedTokenizerModel(tokenizerFile: try RealFiles.bytes(path))
  }

  /// A saved tokenizer's top-level object.
  static func object(_ name: String) throws -> [String: Any] {
    guard
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path(name))))
        as? [String: Any]
    else { throw JudgeFailure(description: "\(name): not a JSON object") }
    return object
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
