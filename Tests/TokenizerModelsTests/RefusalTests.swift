import Foundation
import JSON
import Testing
import TokenizerModels

/// What this module does not reproduce exactly is refused, with the JSON path of the setting:
/// never an approximation of the ids.
@Suite("Refused models")
struct RefusalTests {
  /// The error loading `remi-bpe` (or `name`) with its `_model` changed by `change`.
  static func error(
    _ name: String = "remi-bpe", vocabBase: ((inout [String: Any]) -> Void)? = nil,
    _ change: (inout [String: Any]) -> Void
  ) throws -> TrainedModelError? {
    var file = try SavedTokenizers.object(name)
    let text = try #require(file["_model"] as? String)
    var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    change(&object)
    file["_model"] = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    if let vocabBase, var base = file["_vocab_base"] as? [String: Any] {
      vocabBase(&base)
      file["_vocab_base"] = base
    }
    let bytes = [UInt8](try JSONSerialization.data(withJSONObject: file))
    do {
      _ = try TrainedTokenizerModel(tokenizerFile: bytes)
      return nil
    } catch {
      return error
    }
  }

  static func model(_ object: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
    var model = object["model"] as! [String: Any]
    change(&model)
    object["model"] = model
  }

  /// A change to `remi-bpe`'s `_model` that this module must refuse, named by the path it must report.
  enum Change: String, CaseIterable, Sendable {
    case version = "_model.version"
    case normalizer = "_model.normalizer"
    case postProcessor = "_model.post_processor"
    case truncation = "_model.truncation"
    case padding = "_model.padding"
    case preTokenizer = "_model.pre_tokenizer.type"
    case decoder = "_model.decoder.type"
    case unknownField = "_model.tokenizer_v2"
    case lstrip = "_model.added_tokens[1].lstrip"
    case modelType = "_model.model.type"
    case dropout = "_model.model.dropout"
    case byteFallback = "_model.model.byte_fallback"
    case unigramField = "_model.model.unk_id"
    case merge = "_model.model.merges[3]"

    func apply(_ object: inout [String: Any]) {
      switch self {
      case .version: object["version"] = "2.0"
      case .normalizer: object["normalizer"] = ["type": "NFKC"]
      case .postProcessor: object["post_processor"] = ["type": "ByteLevel"]
      case .truncation: object["truncation"] = ["max_length": 4]
      case .padding: object["padding"] = ["strategy": "BatchLongest"]
      case .preTokenizer: object["pre_tokenizer"] = ["type": "ByteLevel"]
      case .decoder: object["decoder"] = ["type": "WordPiece"]
      case .unknownField: object["tokenizer_v2"] = true
      case .lstrip:
        var tokens = object["added_tokens"] as! [[String: Any]]
        tokens[1]["lstrip"] = true
        object["added_tokens"] = tokens
      case .modelType: RefusalTests.model(&object) { $0["type"] = "WordLevel" }
      case .dropout: RefusalTests.model(&object) { $0["dropout"] = 0.1 }
      case .byteFallback: RefusalTests.model(&object) { $0["byte_fallback"] = true }
      case .unigramField: RefusalTests.model(&object) { $0["unk_id"] = 0 }
      case .merge:
        RefusalTests.model(&object) { model in
          var merges = model["merges"] as! [[String]]
          merges[3] = ["never", "seen"]
          model["merges"] = merges
        }
      }
    }
  }

  @Test("a setting that would change the ids is refused at its path", arguments: Change.allCases)
  func refused(change: Change) throws {
    let error = try #require(try Self.error { change.apply(&$0) })
    guard case .path(let at) = error.location else {
      Issue.record("\(error) has no path")
      return
    }
    #expect(at.description == change.rawValue, "\(error)")
    #expect(!error.description.contains("\n"))
  }

  @Test("malformed JSON in _model is an error with its line and column")
  func malformed() {
    #expect {
      _ = try TrainedTokenizerModel(
        modelJSON: Array("{\"version\": \"1.0\",\n \"model\": [}".utf8), vocabBase: [],
        vocabBaseByteToToken: [])
    } throws: { error in
      guard let error = error as? TrainedModelError, case .json(let json) = error.kind else { return false }
      return json.line == 2 && error.description.hasPrefix("_model.model")
    }
  }

  @Test("an untrained tokenizer's file is refused, naming the missing field")
  func untrained() throws {
    var file = try SavedTokenizers.object("remi-bpe")
    file["_model"] = nil
    #expect(
      throws: TrainedModelError(
        .missingField(
          "_model",
          expected: "a trained tokenizer's field (MidiTok's `save` writes it once the tokenizer is trained)"),
        at: .path(JSONPath()))
    ) {
      _ = try TrainedTokenizerModel(tokenizerFile: [UInt8](try JSONSerialization.data(withJSONObject: file)))
    }
  }

  @Test("a base token without a character is refused, as MidiTok fails to load it")
  func baseTokenWithoutCharacter() throws {
    let error = try #require(try Self.error(vocabBase: { $0["Pitch_200"] = 999 }) { _ in })
    #expect(error.location == .path(JSONPath([.name("_vocab_base_byte_to_token")])), "\(error)")
  }

  @Test("Unigram: an unk_id beyond the vocabulary is refused")
  func unknownIDOutOfRange() throws {
    let error = try #require(
      try Self.error("remi-unigram") { object in Self.model(&object) { $0["unk_id"] = 5000 } })
    #expect(
      error.location == .path(JSONPath([.name("_model"), .name("model"), .name("unk_id")])), "\(error)")
  }

  @Test("encoding a base id outside _vocab_base names the chunk and the place")
  func unknownBaseID() throws {
    let model = try SavedTokenizers.model("remi-bpe")
    #expect(throws: TrainedModelError(.baseIDNotInVocabulary(357), at: .baseID(chunk: 1, index: 2))) {
      try model.encode(chunks: [[4, 5], [6, 7, 357]])
    }
    #expect(throws: TrainedModelError(.baseIDNotInVocabulary(-1), at: .baseID(chunk: 0, index: 0))) {
      try model.encode(chunks: [[-1]])
    }
  }

  @Test("decoding an id outside the trained vocabulary names its place")
  func unknownTrainedID() throws {
    let model = try SavedTokenizers.model("remi-unigram")
    #expect(throws: TrainedModelError(.idNotInVocabulary(1000), at: .id(index: 1))) {
      try model.decode([5, 1000])
    }
    #expect(model.contains(id: 999) && !model.contains(id: 1000) && !model.contains(id: -1))
  }
}
