import JSON

/// The file MidiTok 3.1's `tokenizer.save(path)` writes (`to_dict`): `config`, `tokenization`,
/// the versions, and for a trained tokenizer `_vocab_base`, `_model` and
/// `_vocab_base_byte_to_token`.
public struct TokenizerFile: Sendable {
  /// The tokenization.
  public var tokenization: Tokenization
  /// The configuration, as MidiTok's constructor leaves it.
  public var config: TokenizerConfig
  /// The MidiTok version that wrote the file.
  public var miditokVersion: String
  /// A trained tokenizer's parts, `nil` when untrained.
  public var trained: TrainedParts?

  /// What a trained tokenizer adds to the file. The two objects are kept as their members in
  /// the file's order, their texts as written: MidiTok's characters `chr(id + 33)` include
  /// canonically equivalent ones, which a `[String: …]` dictionary would merge.
  public struct TrainedParts: Sendable {
    /// `_vocab_base`'s members: base token, base id (the later of two members wins).
    public var vocabBase: [(token: String, id: Int)]
    /// The Hugging Face `tokenizers` model, a JSON document as a string.
    public var model: String
    /// `_vocab_base_byte_to_token`'s members: the character(s) of a base token, the token.
    public var byteToToken: [(byte: String, token: String)]
  }

  /// Reads a tokenizer file's bytes.
  /// - Throws: ``TokensError``: JSON that is not a tokenizer file (with its JSON path), a
  ///   tokenization midiroll does not reproduce (MMM, PerTok, BEAT, MuMIDI) or does not know,
  ///   a version other than 3.x, a field or value midiroll does not reproduce.
  public init(bytes: [UInt8]) throws(TokensError) {
    let document = try JSONValue.document(bytes)
    try self.init(json: document)
  }

  /// Reads a tokenizer file's JSON document.
  public init(json document: JSONValue) throws(TokensError) {
    let top = JSONPath()
    guard case .object(let object) = document else {
      throw TokensError.json(
        .wrongType(expected: "a MidiTok tokenizer file (an object)", found: document.summary), top)
    }
    guard let name = object["tokenization"] else {
      throw TokensError.json(
        .missingName("tokenization", expected: "a MidiTok tokenization such as \"REMI\""), top)
    }
    guard case .string(let className) = name else {
      throw TokensError.json(
        .wrongType(expected: "a tokenization name", found: name.summary), top.appending("tokenization"))
    }
    guard let tokenization = Tokenization(rawValue: className) else {
      let reason =
        Tokenization.refused[className]
        ?? "not a MidiTok 3.1 tokenization midiroll reproduces ("
        + Tokenization.allCases.map(\.rawValue).joined(separator: ", ") + ")"
      throw TokensError(
        .unsupported(path: top.appending("tokenization"), value: "\"\(className)\"", reason: reason))
    }
    var version = "3.1.0"
    if let value = object["miditok_version"] {
      guard case .string(let text) = value else {
        throw TokensError.json(
          .wrongType(expected: "a version string", found: value.summary), top.appending("miditok_version"))
      }
      let major = text.split(separator: ".").first.flatMap { Int($0) }
      guard major == 3 else {
        throw TokensError(
          .unsupported(
            path: top.appending("miditok_version"), value: "\"\(text)\"",
            reason: "midiroll reproduces MidiTok 3.1; files of MidiTok 3.x are read as 3.1 reads them"))
      }
      version = text
    }
    guard let configValue = object["config"] else {
      throw TokensError.json(.missingName("config", expected: "the tokenizer's configuration"), top)
    }
    guard case .object(let configObject) = configValue else {
      throw TokensError.json(
        .wrongType(expected: "an object", found: configValue.summary), top.appending("config"))
    }
    var config = try TokenizerConfig(json: configObject, path: top.appending("config"))
    config.adjust(for: tokenization)
    var vocabBase: [(token: String, id: Int)]?
    var model: String?
    var byteToToken: [(byte: String, token: String)]?
    for member in object.members {
      let path = top.appending(member.name)
      switch member.name {
      case "config", "tokenization", "miditok_version", "symusic_version", "hf_tokenizers_version", "has_bpe":
        continue
      case "_vocab_base":
        guard case .object(let vocabulary) = member.value else {
          throw TokensError.json(
            .wrongType(expected: "an object of token ids", found: member.value.summary), path)
        }
        var ids: [(token: String, id: Int)] = []
        for entry in vocabulary.members {
          guard case .integer(let id) = entry.value, id >= 0 else {
            throw TokensError.json(
              .wrongType(expected: "a token id", found: entry.value.summary), path.appending(entry.name))
          }
          ids.append((entry.name, id))
        }
        vocabBase = ids
      case "_model":
        guard case .string(let text) = member.value else {
          throw TokensError.json(
            .wrongType(expected: "a tokenizers JSON string", found: member.value.summary), path)
        }
        model = text
      case "_vocab_base_byte_to_token":
        guard case .object(let table) = member.value else {
          throw TokensError.json(.wrongType(expected: "an object", found: member.value.summary), path)
        }
        var map: [(byte: String, token: String)] = []
        for entry in table.members {
          guard case .string(let token) = entry.value else {
            throw TokensError.json(
              .wrongType(expected: "a token", found: entry.value.summary), path.appending(entry.name))
          }
          map.append((entry.name, token))
        }
        byteToToken = map
      default:
        throw TokensError(
          .unsupported(
            path: path, value: member.value.summary, reason: "not a field of MidiTok 3.1's tokenizer file"))
      }
    }
    switch (vocabBase, model, byteToToken) {
    case (nil, nil, nil):
      trained = nil
    case (let vocabBase?, let model?, let byteToToken?):
      trained = TrainedParts(vocabBase: vocabBase, model: model, byteToToken: byteToToken)
    default:
      let missing = vocabBase == nil ? "_vocab_base" : model == nil ? "_model" : "_vocab_base_byte_to_token"
      throw TokensError.json(.missingName(missing, expected: "the three parts of a trained tokenizer"), top)
    }
    self.tokenization = tokenization
    self.config = config
    self.miditokVersion = version
  }
}
