import Foundation
import TestSupport
import Testing
import TokenizerModels

/// Characters are code points, as in Python: MidiTok's `chr(id + 33)` gives canonically equivalent
/// characters from base id 735 on (U+0300 and U+0340; ";" and U+037E at 26 and 861), which a Swift
/// `String` would take for one.
@Suite("Canonically equivalent characters stay apart", .tags(.judge), .tiered, .requires(.python))
struct CodePointTests {
  /// Base tokens `T_0`… standing for these characters.
  static let characters = ["\u{300}", "\u{340}", ";", "\u{37E}", "a"]

  /// A BPE tokenizer file over them, written by hand (a `[String: …]` dictionary would merge them).
  static func file() -> String {
    func quoted(_ text: String) -> String {
      "\"" + text.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined() + "\""
    }
    let vocabulary = characters + ["▁", "▁\u{340}", "▁\u{340}a", "\u{37E}a"]
    let merges = [("▁", "\u{340}"), ("▁\u{340}", "a"), ("\u{37E}", "a")]
    let model = """
      {"version": "1.0", "truncation": null, "padding": null, "added_tokens": [], "normalizer": null,
      "pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": true},
      "post_processor": null, "decoder": null, "model": {"type": "BPE", "dropout": null, "unk_token": null,
      "continuing_subword_prefix": "", "end_of_word_suffix": "", "fuse_unk": false, "byte_fallback": false,
      "ignore_merges": false,
      "vocab": {\(vocabulary.enumerated().map { "\(quoted($0.element)): \($0.offset)" }.joined(separator: ", "))},
      "merges": [\(merges.map { "[\(quoted($0.0)), \(quoted($0.1))]" }.joined(separator: ", "))]}}
      """
    let escaped = model.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
      of: "\"", with: "\\\""
    )
    .replacingOccurrences(of: "\n", with: " ")
    return """
      {"_vocab_base": {\(characters.indices.map { "\"T_\($0)\": \($0)" }.joined(separator: ", "))},
       "_model": "\(escaped)",
       "_vocab_base_byte_to_token": {\(characters.enumerated().map { "\(quoted($0.element)): \"T_\($0.offset)\"" }.joined(separator: ", "))}}
      """
  }

  @Test("equivalent characters keep their own ids, as tokenizers and MidiTok keep them")
  func distinct() throws {
    let folder = try SavedTokenizers.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("code-points.json")
    try Data(Self.file().utf8).write(to: url)
    let model = try SavedTokenizers.model(path: url.path)
    #expect(model.baseVocabularySize == 5 && model.vocabularySize == 9)
    // "▁" + U+0340 + "a" merges; "▁" + U+0300 + "a" does not.
    #expect(try model.encode(chunks: [[1, 4]]) == [7])
    #expect(try model.encode(chunks: [[0, 4]]) == [5, 0, 4])
    #expect(try model.encode(chunks: [[3, 4], [2, 4]]) == [5, 8, 5, 2, 4])
    #expect(try model.decode([7, 8, 0, 1, 2, 3]) == [1, 4, 3, 4, 0, 1, 2, 3])
    var generator = SplitMix64(seed: 0xC0DE)
    let sequences: [[[Int]]] = (0..<200).map { _ in
      (0..<generator.int(in: 1...4)).map { _ in
        (0..<generator.int(in: 0...8)).map { _ in generator.int(in: 0...4) }
      }
    }
    try HuggingFaceJudge.expectSameEncoding([
      HuggingFaceJudge.EncodingJob(model: model, file: url, sequences: sequences, label: "code points")
    ])
  }
}
