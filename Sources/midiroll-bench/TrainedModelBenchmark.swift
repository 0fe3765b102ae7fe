import Foundation
import TokenizerModels

/// MidiTok's trained models (BPE, Unigram, WordPiece) applied to the base ids of the real files:
/// `TrainedTokenizerModel.encode`/`decode` against MidiTok's `encode_token_ids`/`decode_token_ids`
/// and the Hugging Face `tokenizers` model alone, on the same chunks (`Benchmarks/trained_tokens.py`
/// tokenizes the files with MidiTok and times the Python side, on one core).
struct TrainedModelBenchmark: BenchmarkSection {
  var title: String { "trained tokenizer models: base ids/s, midiroll against MidiTok 3.1 and tokenizers" }

  /// The saved tokenizers, in `Samples/tokenizers`.
  static let tokenizers = ["remi-bpe", "remi-unigram", "remi-wordpiece"]

  /// What the script prints.
  private struct PythonSide: Decodable {
    struct Row: Decodable {
      var tool: String
      var passSeconds: [Double]
      var passCPUSeconds: [Double]
    }
    var available: Bool
    var reason: String?
    var versions: String?
    var sequences: Int?
    var baseIDs: Int?
    var trainedIDs: Int?
    var rows: [Row]?
  }

  func run(in context: BenchmarkContext) throws {
    guard context.options.runs(tool: "tokens") else { return }
    guard context.options.python else {
      print("  skipped: the chunks come from MidiTok (--no-python)\n")
      return
    }
    let folder = PythonReader.folder.deletingLastPathComponent().appendingPathComponent(
      "Samples/tokenizers")
    for name in Self.tokenizers {
      let path = folder.appendingPathComponent("\(name).json").path
      let chunksFile = context.scratch.appendingPathComponent("\(name)-chunks.json")
      let python = try Self.runPython(tokenizer: path, chunks: chunksFile.path, context: context)
      guard python.available, let rows = python.rows else {
        print("  \(name) skipped: \(python.reason ?? "MidiTok unavailable") (pip install miditok==3.1.0)\n")
        continue
      }
      let sequences = try JSONDecoder().decode([[[Int]]].self, from: Data(contentsOf: chunksFile))
      let model = try Self.load(path)
      let baseIDs = sequences.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
      let passes = context.options.passes
      let minimum = context.options.minimumSeconds
      let encoded = try time(passes: passes, minimumSeconds: minimum) {
        try sequences.map { try model.encode(chunks: $0) }
      }
      let trainedIDs = encoded.result.reduce(0) { $0 + $1.count }
      let decoded = try time(passes: passes, minimumSeconds: minimum) {
        try encoded.result.map { try model.decode($0) }
      }
      guard trainedIDs == python.trainedIDs, baseIDs == python.baseIDs else {
        throw BenchmarkError.failed(
          "\(name): midiroll gave \(trainedIDs) trained ids for \(baseIDs) base ids, "
            + "tokenizers \(python.trainedIDs ?? 0) for \(python.baseIDs ?? 0)")
      }
      var table = ProcessTable(
        heading: "\(name) (\(model.vocabularySize) ids): \(sequences.count) sequences, \(baseIDs) base ids ↔ "
          + "\(trainedIDs) trained ids, \(context.realFiles.paths.count) real files",
        columns: ["tool", "passes", "best ms", "M base ids/s", "CPU M base ids/s", "midiroll ×"])
      let ours = [
        ("midiroll TrainedTokenizerModel.encode", encoded.seconds, encoded.cpuSeconds),
        ("midiroll TrainedTokenizerModel.decode", decoded.seconds, decoded.cpuSeconds),
      ]
      let theirs = rows.map { ($0.tool, $0.passSeconds, $0.passCPUSeconds) }
      for (tool, seconds, cpu) in ours + theirs {
        let best = seconds.min() ?? .nan
        let baseline = (tool.contains("decode") ? decoded.cpuSeconds : encoded.cpuSeconds).min() ?? .nan
        table.table.append(
          (
            tool,
            [
              "\(seconds.count)", format(best * 1000, 1), format(Double(baseIDs) / best / 1e6, 2),
              format(Double(baseIDs) / (cpu.min() ?? .nan) / 1e6, 2),
              tool.hasPrefix("midiroll") ? "" : format((cpu.min() ?? .nan) / baseline, 1) + "×",
            ]
          ))
      }
      table.notes = [
        "\(python.versions ?? ""); Python on one core (RAYON_NUM_THREADS=1); \"midiroll ×\" = its CPU time "
          + "over midiroll's for the same direction",
        "the same ids as tokenizers, checked by the tests (TokenizerModelsTests)",
      ]
      print(table.text)
      print()
    }
  }

  private static func runPython(tokenizer: String, chunks: String, context: BenchmarkContext) throws
    -> PythonSide
  {
    let output = try midiroll_bench.run(
      "/usr/bin/env",
      [
        "RAYON_NUM_THREADS=1", context.options.pythonExecutable,
        PythonReader.folder.appendingPathComponent("trained_tokens.py").path, "--tokenizer", tokenizer,
        "--chunks", chunks, "--passes", "\(context.options.passes)", "--min-seconds",
        "\(context.options.minimumSeconds)",
      ] + context.realFiles.paths)
    guard let line = output.split(separator: "\n").last else {
      return PythonSide(available: false, reason: "trained_tokens.py failed")
    }
    return try JSONDecoder().decode(PythonSide.self, from: Data(line.utf8))
  }

  private static func load(_ path: String) throws -> TrainedTokenizerModel {
    try TrainedTokenizerModel(tokenizerFile: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
  }
}
