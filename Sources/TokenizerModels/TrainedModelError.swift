import JSON

/// Why a trained model could not be loaded or applied, and where: a JSON path in MidiTok's saved
/// fields (`_model.model.merges[12]`, `_vocab_base.Pitch_60`), or the place of an id in the
/// sequence being encoded or decoded.
///
/// ``description`` is one line, such as
/// `_model.normalizer: not supported: found an object of type "NFKC" (expected null)`.
public struct TrainedModelError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// The file or the `_model` text is not JSON, or a value has the wrong JSON type: the JSON
    /// reader's error (for the `_model` text, its path is inside it).
    case json(JSONError)
    /// A member the format requires is missing from an object.
    case missingField(String, expected: String)
    /// A value the format does not allow: what was found and what was expected.
    case invalidValue(found: String, expected: String)
    /// A setting that would change the ids in a way this module does not reproduce (another model
    /// type, a normalizer, dropout, a newer format): what was found and what is supported.
    case unsupported(found: String, expected: String)
    /// The model's parts contradict each other (a merge naming a token missing from the
    /// vocabulary, two tokens with one id, …).
    case inconsistent(String)
    /// Encoding: a base id that `_vocab_base` does not have.
    case baseIDNotInVocabulary(Int)
    /// Encoding: text the model cannot tokenize (a character a Unigram model without `unk_id`
    /// does not know, an unknown token missing from the vocabulary); the model's own message.
    case untokenizable(String)
    /// Decoding: an id the trained vocabulary does not have.
    case idNotInVocabulary(Int)
    /// Decoding: an id whose bytes name a base token that `_vocab_base` does not have.
    case undecodable(id: Int, token: String)
  }

  /// Where the fault is.
  public enum Location: Sendable, Hashable {
    /// A value of MidiTok's saved fields; paths inside the Hugging Face JSON start with `_model`.
    case path(JSONPath)
    /// Encoding: the base id at `index` of chunk `chunk`.
    case baseID(chunk: Int, index: Int)
    /// Decoding: the id at `index` of the list.
    case id(index: Int)
  }

  /// What went wrong.
  public let kind: Kind
  /// Where.
  public let location: Location

  /// Creates an error.
  public init(_ kind: Kind, at location: Location) {
    self.kind = kind
    self.location = location
  }

  /// Creates an error at a JSON path.
  init(_ kind: Kind, path: JSONPath) {
    self.init(kind, at: .path(path))
  }

  /// One line: the place, then what is wrong.
  public var description: String {
    let place: String
    switch location {
    case .path(let path): place = path.description
    case .baseID(let chunk, let index): place = "chunk \(chunk), base id \(index)"
    case .id(let index): place = "id \(index)"
    }
    return place + ": " + message
  }

  /// A short sentence for the kind, without the place.
  public var message: String {
    switch kind {
    case .json(let error):
      guard let line = error.line, let column = error.column else { return error.kind.message }
      let text = location == .path(error.path) ? "" : " of the _model text"
      return "(line \(line), column \(column)\(text)) " + error.kind.message
    case .missingField(let name, let expected): return "missing \"\(name)\" (expected \(expected))"
    case .invalidValue(let found, let expected): return "\(found) is not allowed here (expected \(expected))"
    case .unsupported(let found, let expected): return "not supported: found \(found) (expected \(expected))"
    case .inconsistent(let message): return message
    case .baseIDNotInVocabulary(let id): return "\(id) is not an id of the base vocabulary (_vocab_base)"
    case .untokenizable(let message): return message
    case .idNotInVocabulary(let id): return "\(id) is not an id of the trained vocabulary"
    case .undecodable(let id, let token):
      return "\(id) decodes to the base token \"\(token)\", which _vocab_base does not have"
    }
  }
}

extension TrainedModelError {
  /// A JSON reader's error inside the `_model` text, with its path under `_model`.
  init(modelJSON error: JSONError) {
    self.init(.json(error), path: JSONPath.model(error.path))
  }
}

extension JSONPath {
  /// `path` inside the `_model` text, as a path of the saved file.
  static func model(_ path: JSONPath = JSONPath()) -> JSONPath {
    JSONPath([.name("_model")] + path.components)
  }
}
