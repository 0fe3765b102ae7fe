import JSON

/// A tokenizer MidiTok 3.1 has trained (BPE, Unigram or WordPiece, through Hugging Face
/// `tokenizers`), applied as MidiTok applies it: base ids become characters
/// (`_vocab_base_id_to_byte`), each chunk of a sequence (a bar, or a beat) is one pre-tokenized
/// word of `Tokenizer.encode(…, is_pretokenized=True)`, and trained ids decode back through their
/// characters (`decode_token_ids`).
///
/// ```swift
/// let model = try TrainedTokenizerModel(
///   modelJSON: Array(modelText.utf8), vocabBase: [("PAD_None", 0), …], vocabBaseByteToToken: [("!", "PAD_None"), …])
/// let ids = try model.encode(chunks: barsOfBaseIDs)
/// let base = try model.decode(ids)  // the base ids again (save WordPiece's unknown words)
/// ```
public struct TrainedTokenizerModel: Sendable {
  /// The model of words.
  enum WordModel: Sendable {
    case bpe(BPEModel)
    case unigram(UnigramModel)
    case wordPiece(WordPieceModel)
  }

  let model: WordModel
  /// The pre-tokenizer (`nil`: each piece is one word, MidiTok's `encode_ids_split="no"`).
  let preTokenizer: Metaspace?
  let addedTokens: AddedTokenMatcher
  let base: BaseVocabulary
  /// The fast path's tables.
  let plain: PlainChunks
  /// Trained id → base ids: `decoded[decodedOffsets[id]..<decodedOffsets[id + 1]]`.
  let decoded: [Int32]
  let decodedOffsets: [Int32]
  /// Per trained id: −1 when it decodes, else the index in ``undecodableTokens`` of the base token
  /// its characters name that `_vocab_base` does not have.
  let undecodable: [Int32]
  let undecodableTokens: [[UInt32]]

  /// The size of the trained vocabulary: `len(tokenizer)` of a trained MidiTok tokenizer (the
  /// Hugging Face vocabulary with its added tokens).
  public let vocabularySize: Int

  /// The size of the base vocabulary, `len(tokenizer.vocab)`: MidiTok decodes a list of ids with
  /// the model only when one of them is at least this (see ``idsAreEncoded(_:)``).
  public var baseVocabularySize: Int { base.count }

  /// Loads MidiTok's saved fields; `modelJSON` is the `_model` string's content.
  ///
  /// The two other fields are JSON objects given as their members in the file's order: where a
  /// token or an id comes twice the later wins, as in MidiTok's dictionaries, and characters are
  /// kept as code points (a `[String: …]` dictionary would merge canonically equivalent
  /// characters, which MidiTok's `chr(id + 33)` gives from base id 735 on).
  /// - Parameters:
  ///   - modelJSON: The Hugging Face tokenizer JSON (`Tokenizer.to_str()`), as UTF-8.
  ///   - vocabBase: `_vocab_base`'s members: base token, base id.
  ///   - vocabBaseByteToToken: `_vocab_base_byte_to_token`'s members: character(s), base token.
  /// - Throws: ``TrainedModelError`` naming the JSON path of anything this module does not
  ///   reproduce exactly (another model, a normalizer, dropout, a newer format) or that MidiTok
  ///   would fail to load.
  public init(
    modelJSON: [UInt8], vocabBase: [(token: String, id: Int)],
    vocabBaseByteToToken: [(byte: String, token: String)]
  ) throws(TrainedModelError) {
    let description = try HFTokenizerJSON(parsing: modelJSON)
    let fields = description.model
    switch fields.type {
    case "BPE": model = .bpe(try BPEModel(fields))
    case "Unigram": model = .unigram(try UnigramModel(fields))
    case "WordPiece": model = .wordPiece(try WordPieceModel(fields))
    case .some(let other):
      throw TrainedModelError(
        .unsupported(found: "the model \"\(other)\"", expected: "\"BPE\", \"Unigram\" or \"WordPiece\""),
        path: fields.path("type"))
    case .none:
      throw TrainedModelError(
        .missingField("type", expected: "\"BPE\", \"Unigram\" or \"WordPiece\""), path: fields.objectPath)
    }
    preTokenizer = description.preTokenizer
    base = try BaseVocabulary(vocabBase: vocabBase, byteToToken: vocabBaseByteToToken)

    // Added tokens take the model's id of their text, or the next ids after the model's
    // (`AddedVocabulary::add_tokens`); the later of two entries for one text wins.
    let modelTokens = model.tokens
    var nextID = Int32(modelTokens.count)
    var addedIDs = ScalarTrie()
    var added: [Int32: (content: [UInt32], normalized: Bool)] = [:]
    var addedOrder: [Int32] = []
    for token in description.addedTokens where !token.content.isEmpty {
      let id: Int32
      if let known = addedIDs.id(of: token.content) ?? model.id(of: token.content) {
        id = known
      } else {
        id = nextID
        nextID += 1
      }
      addedIDs.insert(token.content, id: id)
      if added[id] == nil { addedOrder.append(id) }
      added[id] = (token.content, token.normalized)
    }
    addedTokens = AddedTokenMatcher(addedOrder.map { (added[$0]!.content, $0, added[$0]!.normalized) })
    plain = PlainChunks(base: base, model: model, preTokenizer: preTokenizer, addedTokens: addedTokens)

    // `len(tokenizer)`: the distinct texts of the model's vocabulary and of the added tokens.
    var distinct = model.distinctTokenCount
    for id in addedOrder where model.id(of: added[id]!.content) == nil { distinct += 1 }
    vocabularySize = distinct

    // Decoding: `id_to_token` (added tokens first), then MidiTok's `_vocab_learned_bytes_to_tokens`.
    let strip = model.strippedAffixes
    let replacement = preTokenizer?.replacement
    var decoded: [Int32] = []
    var offsets: [Int32] = [0]
    var undecodable: [Int32] = []
    var undecodableTokens: [[UInt32]] = []
    for id in 0..<Int(nextID) {
      var text = added[Int32(id)]?.content ?? (id < modelTokens.count ? modelTokens[id] : [])
      if let prefix = strip.prefix, !prefix.isEmpty, text.starts(with: prefix) {
        text.removeFirst(prefix.count)
      }
      if let suffix = strip.suffix, !suffix.isEmpty, text.count >= suffix.count,
        text[(text.count - suffix.count)...].elementsEqual(suffix)
      {
        text.removeLast(suffix.count)
      }
      if let replacement, text.first == replacement { text.removeFirst() }
      var missing: [UInt32]?
      for scalar in text {
        guard let token = base.tokenOfCharacter[scalar] else {
          throw TrainedModelError(
            .inconsistent(
              "the trained token \(Self.quoted(modelTokens, added, id)) has the character U+\(String(scalar, radix: 16, uppercase: true)), which no base token has"
            ),
            path: JSONPath([.name("_vocab_base_byte_to_token")]))
        }
        if let baseID = base.ids[token] {
          decoded.append(Int32(baseID))
        } else if missing == nil {
          missing = token
        }
      }
      offsets.append(Int32(decoded.count))
      if let missing {
        undecodable.append(Int32(undecodableTokens.count))
        undecodableTokens.append(missing)
      } else {
        undecodable.append(-1)
      }
    }
    self.decoded = decoded
    decodedOffsets = offsets
    self.undecodable = undecodable
    self.undecodableTokens = undecodableTokens
  }

  private static func quoted(
    _ tokens: [[UInt32]], _ added: [Int32: (content: [UInt32], normalized: Bool)], _ id: Int
  )
    -> String
  {
    let text = added[Int32(id)]?.content ?? (id < tokens.count ? tokens[id] : [])
    return "\"" + BaseVocabulary.text(text) + "\" (id \(id))"
  }

  /// Whether MidiTok takes `ids` as trained ids, to decode with the model: one of them is at least
  /// ``baseVocabularySize`` (`_are_ids_encoded`). Otherwise MidiTok reads them as base ids as they
  /// are — even a Unigram model's ids, which do not keep the base ids.
  public func idsAreEncoded(_ ids: [Int]) -> Bool {
    ids.contains { $0 >= base.count }
  }
}

extension TrainedTokenizerModel.WordModel {
  /// Id → token of the model (`id_to_token`).
  var tokens: [[UInt32]] {
    switch self {
    case .bpe(let model): return model.tokens
    case .unigram(let model): return model.tokens
    case .wordPiece(let model): return model.tokens
    }
  }

  /// The model's id of a token (`token_to_id`).
  func id(of token: [UInt32]) -> Int32? {
    switch self {
    case .bpe(let model): return model.vocabulary.id(of: token)
    case .unigram(let model): return model.vocabulary.id(of: token)
    case .wordPiece(let model): return model.vocabulary.id(of: token)
    }
  }

  /// The number of distinct tokens (`len(model.get_vocab())`).
  var distinctTokenCount: Int {
    switch self {
    case .bpe(let model): return model.tokens.count
    case .unigram(let model): return model.vocabulary.ids.lazy.filter { $0 >= 0 }.count
    case .wordPiece(let model): return model.tokens.count
    }
  }

  /// What MidiTok strips from a trained token before reading its characters: the model's
  /// `continuing_subword_prefix` and `end_of_word_suffix` where it has them.
  var strippedAffixes: (prefix: [UInt32]?, suffix: [UInt32]?) {
    switch self {
    case .bpe(let model): return (model.prefix, model.suffix)
    case .unigram: return (nil, nil)
    case .wordPiece(let model): return (BaseVocabulary.scalars(model.prefix), nil)
    }
  }
}
