import JSON

/// What a Hugging Face `tokenizers` JSON (`Tokenizer.to_str()`, MidiTok's `_model`) says that
/// decides ids: the added tokens, the pre-tokenizer and the model. Everything else must be
/// absent (`null`): a normalizer, a post-processor, truncation or padding would change the ids,
/// and are refused rather than approximated.
struct HFTokenizerJSON {
  /// One entry of `added_tokens`.
  struct AddedToken {
    /// The text matched in the input.
    var content: [UInt32]
    /// Whether it is matched after normalization (a second pass; there is no normalizer).
    var normalized: Bool
    /// Its path, for messages.
    var path: JSONPath
  }

  /// The `model` object's members, read before its `type` is known to be checked.
  struct ModelFields {
    var type: String?
    var names: [String: JSONPath] = [:]
    /// `vocab` as an object (BPE, WordPiece): token, id, path.
    var vocabObject: [(token: String, id: Int)]?
    /// `vocab` as a list of pairs (Unigram): token, score.
    var vocabList: [(token: String, score: Double)]?
    /// `merges` (BPE): pairs, from `["a", "b"]` or the legacy `"a b"`.
    var merges: [(String, String)]?
    var dropout: Double?
    var unkToken: String?
    var continuingSubwordPrefix: String?
    var endOfWordSuffix: String?
    var fuseUnk = false
    var byteFallback = false
    var ignoreMerges = false
    var unkID: Int?
    var maxInputCharsPerWord: Int?
  }

  var addedTokens: [AddedToken] = []
  var preTokenizer: Metaspace?
  var model = ModelFields()

  /// Reads the JSON text.
  init(parsing bytes: [UInt8]) throws(TrainedModelError) {
    let parsed: Result<HFTokenizerJSON, TrainedModelError> = JSONReader.read(bytes) { reader in
      do throws(TrainedModelError) {
        var result = HFTokenizerJSON()
        try result.read(&reader)
        return .success(result)
      } catch {
        return .failure(error)
      }
    }
    self = try parsed.get()
  }

  private init() {}

  private mutating func read(_ reader: inout JSONReader) throws(TrainedModelError) {
    try reader.modelBeginDocument()
    let top = reader.modelPath
    try reader.modelBeginObject()
    var sawVersion = false
    var sawModel = false
    while let name = try reader.modelNextName() {
      switch name {
      case "version":
        try reader.modelRequireString("1.0", found: "version", expected: "\"1.0\"")
        sawVersion = true
      case "truncation", "padding", "normalizer", "post_processor":
        try reader.modelRequireNull()
      case "added_tokens":
        try readAddedTokens(&reader)
      case "pre_tokenizer":
        preTokenizer = try Self.readMetaspace(&reader)
      case "decoder":
        // Decoding text does not touch ids; only what MidiTok writes is accepted.
        _ = try Self.readMetaspace(&reader)
      case "model":
        try readModel(&reader)
        sawModel = true
      default:
        try reader.modelRefuseName(name, in: "a tokenizer")
      }
    }
    try reader.modelFinishDocument()
    if !sawVersion {
      throw TrainedModelError(.missingField("version", expected: "\"1.0\""), path: top)
    }
    if !sawModel {
      throw TrainedModelError(
        .missingField("model", expected: "a BPE, Unigram or WordPiece model"), path: top)
    }
  }

  private mutating func readAddedTokens(_ reader: inout JSONReader) throws(TrainedModelError) {
    try reader.modelBeginArray()
    while try reader.modelNextElement() {
      let at = reader.modelPath
      try reader.modelBeginObject()
      var content: String?
      var normalized: Bool?
      var seen: Set<String> = []
      while let name = try reader.modelNextName() {
        seen.insert(name)
        switch name {
        case "id": _ = try reader.modelInteger("an id")
        case "content": content = try reader.modelString("the token's text")
        case "normalized": normalized = try reader.modelBool()
        case "special": _ = try reader.modelBool()
        case "single_word", "lstrip", "rstrip":
          let flag = reader.modelPath
          if try reader.modelBool() {
            throw TrainedModelError(.unsupported(found: "true", expected: "false"), path: flag)
          }
        default:
          try reader.modelRefuseName(name, in: "an added token")
        }
      }
      for required in ["id", "content", "single_word", "lstrip", "rstrip", "normalized", "special"]
      where !seen.contains(required) {
        throw TrainedModelError(.missingField(required, expected: "a value"), path: at)
      }
      addedTokens.append(
        AddedToken(
          content: BaseVocabulary.scalars(content ?? ""), normalized: normalized ?? false, path: at))
    }
  }

  /// A Metaspace pre-tokenizer or decoder, or `nil` for `null`.
  private static func readMetaspace(_ reader: inout JSONReader) throws(TrainedModelError) -> Metaspace? {
    if try reader.modelNull() { return nil }
    let at = reader.modelPath
    try reader.modelBeginObject()
    var type: String?
    var replacement: UInt32?
    var addPrefixSpace: Bool?
    var scheme = Metaspace.PrependScheme.always
    var split = true
    while let name = try reader.modelNextName() {
      switch name {
      case "type":
        try reader.modelRequireString("Metaspace", found: "the type", expected: "\"Metaspace\" or null")
        type = "Metaspace"
      case "replacement":
        let valueAt = reader.modelPath
        let value = try reader.modelString("one character")
        guard value.unicodeScalars.count == 1, let scalar = value.unicodeScalars.first else {
          throw TrainedModelError(
            .invalidValue(found: "\"\(value)\"", expected: "one character"), path: valueAt)
        }
        replacement = scalar.value
      case "add_prefix_space":
        addPrefixSpace = try reader.modelNull() ? nil : try reader.modelBool()
      case "prepend_scheme":
        let valueAt = reader.modelPath
        switch try reader.modelString("\"always\", \"first\" or \"never\"") {
        case "always": scheme = .always
        case "first": scheme = .first
        case "never": scheme = .never
        case let other:
          throw TrainedModelError(
            .invalidValue(found: "\"\(other)\"", expected: "\"always\", \"first\" or \"never\""),
            path: valueAt)
        }
      case "split":
        split = try reader.modelNull() ? true : try reader.modelBool()
      case "str_rep":
        _ = try reader.modelString("a string")
      default:
        try reader.modelRefuseName(name, in: "a Metaspace pre-tokenizer")
      }
    }
    guard type != nil else {
      throw TrainedModelError(.missingField("type", expected: "\"Metaspace\""), path: at)
    }
    guard let replacement else {
      throw TrainedModelError(.missingField("replacement", expected: "one character"), path: at)
    }
    if addPrefixSpace == false {
      guard scheme == .never else {
        throw TrainedModelError(
          .inconsistent("add_prefix_space does not match declared prepend_scheme"), path: at)
      }
    }
    return Metaspace(replacement: replacement, prependScheme: scheme, split: split)
  }

  private mutating func readModel(_ reader: inout JSONReader) throws(TrainedModelError) {
    try reader.modelBeginObject()
    while let name = try reader.modelNextName() {
      model.names[name] = reader.modelPath
      switch name {
      case "type":
        model.type = try reader.modelString("\"BPE\", \"Unigram\" or \"WordPiece\"")
      case "vocab":
        switch try reader.modelKind() {
        case .object:
          var entries: [(token: String, id: Int)] = []
          try reader.modelBeginObject()
          while let token = try reader.modelNextName() {
            let id = try reader.modelInteger("an id 0…4294967295")
            guard (0...Int(UInt32.max)).contains(id) else {
              throw TrainedModelError(
                .invalidValue(found: String(id), expected: "an id 0…4294967295"), path: reader.modelPath)
            }
            entries.append((token, id))
          }
          model.vocabObject = entries
        default:
          var entries: [(token: String, score: Double)] = []
          try reader.modelBeginArray()
          while try reader.modelNextElement() {
            try reader.modelBeginPair()
            let token = try reader.modelString("a token")
            try reader.modelSecondOfPair()
            entries.append((token, try reader.modelDouble("a score")))
            try reader.modelEndPair()
          }
          model.vocabList = entries
        }
      case "merges":
        var merges: [(String, String)] = []
        var legacy: Bool?
        try reader.modelBeginArray()
        while try reader.modelNextElement() {
          let at = reader.modelPath
          if try reader.modelKind() == .string {
            guard legacy != false else { throw Self.mixedMerges(at) }
            legacy = true
            let line = try reader.modelString("a merge")
            if line.hasPrefix("#version") { continue }
            let parts = line.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 2 else {
              throw TrainedModelError(
                .invalidValue(found: "\"\(line)\"", expected: "two tokens separated by one space"), path: at)
            }
            merges.append((String(parts[0]), String(parts[1])))
          } else {
            guard legacy != true else { throw Self.mixedMerges(at) }
            legacy = false
            try reader.modelBeginPair()
            let first = try reader.modelString("a token")
            try reader.modelSecondOfPair()
            merges.append((first, try reader.modelString("a token")))
            try reader.modelEndPair()
          }
        }
        model.merges = merges
      case "dropout":
        model.dropout = try reader.modelNull() ? nil : try reader.modelDouble("a probability")
      case "unk_token":
        model.unkToken = try reader.modelOptionalString("a token")
      case "continuing_subword_prefix":
        model.continuingSubwordPrefix = try reader.modelOptionalString("a prefix")
      case "end_of_word_suffix":
        model.endOfWordSuffix = try reader.modelOptionalString("a suffix")
      case "fuse_unk":
        model.fuseUnk = try reader.modelNull() ? false : try reader.modelBool()
      case "byte_fallback":
        model.byteFallback = try reader.modelNull() ? false : try reader.modelBool()
      case "ignore_merges":
        model.ignoreMerges = try reader.modelNull() ? false : try reader.modelBool()
      case "unk_id":
        model.unkID = try reader.modelNull() ? nil : try reader.modelInteger("an index of the vocabulary")
      case "max_input_chars_per_word":
        model.maxInputCharsPerWord = try reader.modelInteger("a number of characters")
      default:
        try reader.modelRefuseName(name, in: "a model")
      }
    }
  }

  private static func mixedMerges(_ at: JSONPath) -> TrainedModelError {
    TrainedModelError(.inconsistent("merges mix pairs and \"a b\" strings"), path: at)
  }
}

extension HFTokenizerJSON.ModelFields {
  /// The path of the `model` object.
  var objectPath: JSONPath { .model(JSONPath([.name("model")])) }

  /// The path of the member `name` of the model.
  func path(_ name: String) -> JSONPath { names[name] ?? objectPath.appending(name) }

  /// Refuses `byte_fallback: true` (a byte's `<0xAB>` token in place of the unknown token).
  func refuseByteFallback() throws(TrainedModelError) {
    if byteFallback {
      throw TrainedModelError(.unsupported(found: "true", expected: "false"), path: path("byte_fallback"))
    }
  }

  /// Refuses a member that the model type does not have.
  func allow(_ allowed: Set<String>, model: String) throws(TrainedModelError) {
    for (name, path) in names where !allowed.contains(name) {
      throw TrainedModelError(
        .unsupported(found: "the field \"\(name)\"", expected: "only the fields of a \(model) model"),
        path: path)
    }
  }
}
