import JSON
import TokenizerModels

/// The ids of a tokens file (MidiTok's `save_tokens`: `{"ids": …}`), checked against a
/// tokenizer: the nesting its i/o format has (a list per track unless one stream, a list per
/// token for CPWord and Octuple), every id in its vocabulary.
public struct TokenIDList: Hashable, Sendable {
  /// One sequence per track (or one), each token ``width`` ids in a row.
  public var sequences: [[Int]]
  /// Ids per token.
  public var width: Int

  /// Ids already checked: one sequence per track (or one), each token `width` ids in a row.
  public init(sequences: [[Int]], width: Int) {
    self.sequences = sequences
    self.width = width
  }

  /// Reads the `ids` of a tokens document.
  /// - Throws: ``TokensError`` with the JSON path: not MidiTok's tokens JSON, an empty
  ///   sequence list, the wrong nesting, a token of the wrong width, an id outside the
  ///   vocabulary.
  public init(bytes: [UInt8], tokenizer: Tokenizer) throws(TokensError) {
    let document = try JSONValue.document(bytes)
    try self.init(json: document, tokenizer: tokenizer)
  }

  /// Reads the `ids` of a tokens document already parsed.
  public init(json document: JSONValue, tokenizer: Tokenizer) throws(TokensError) {
    let top = JSONPath()
    guard case .object(let object) = document else {
      throw TokensError.json(
        .wrongType(expected: "MidiTok's tokens JSON, an object with \"ids\"", found: document.summary), top)
    }
    guard let ids = object["ids"] else {
      throw TokensError.json(.missingName("ids", expected: "the token ids (MidiTok's save_tokens)"), top)
    }
    // A trained tokenizer ignores the flag, as MidiTok's `load_tokens` and `decode` do: a
    // sequence holds trained ids when one of them is past the base vocabulary.
    let model = tokenizer.trainedModel
    if model == nil {
      var encoded = false
      if case .array(let flags)? = object["ids_encoded"], flags.contains(.bool(true)) { encoded = true }
      if case .bool(true)? = object["ids_encoded"] { encoded = true }
      if encoded {
        throw TokensError(
          .unsupported(
            path: top.appending("ids_encoded"), value: "true",
            reason: "ids encoded by a trained model; decode them with the trained tokenizer"))
      }
    }
    let path = top.appending("ids")
    guard case .array(let outer) = ids else {
      throw TokensError.json(.wrongType(expected: "a list of ids", found: ids.summary), path)
    }
    guard !outer.isEmpty else {
      throw TokensError.json(
        .invalidValue(value: "an empty list", expected: "at least one token (MidiTok decodes no empty list)"),
        path)
    }
    width = tokenizer.vocabularies.count
    let multi = tokenizer.tokenization.isMultiVocabulary
    // The nesting as MidiTok's `_convert_sequence_to_tokseq` counts it: up to three levels of
    // the first elements, an empty first sequence counting as one level more when that makes
    // it one short of the expected depth; one level short is a single track when not one stream.
    let tokenDepth = multi ? 2 : 1
    let expected = tokenizer.oneTokenStream ? tokenDepth : tokenDepth + 1
    var depth = 1
    if case .array(let first)? = outer.first {
      depth += 1
      if case .array? = first.first {
        depth += 1
      } else if first.isEmpty && depth == expected - 1 {
        depth += 1
      }
    }
    let tracks: [(JSONValue, JSONPath)]
    if depth == expected && !tokenizer.oneTokenStream {
      tracks = outer.enumerated().map { ($1, path.appending($0)) }
    } else if depth == expected || (!tokenizer.oneTokenStream && depth == expected - 1) {
      tracks = [(ids, path)]
    } else {
      let shape =
        tokenizer.oneTokenStream
        ? (multi ? "a list of tokens, each a list of ids" : "a list of ids")
        : (multi ? "a list per track of tokens, each a list of ids" : "a list of ids per track")
      throw TokensError.json(.wrongType(expected: shape, found: "\(depth) levels of lists"), path)
    }
    // Trained ids reach the model's vocabulary size; base ids the base vocabulary's.
    let size = max(tokenizer.vocabularies[0].count, tokenizer.vocabularySize)
    var sequences: [[Int]] = []
    for (value, trackPath) in tracks {
      guard case .array(let tokens) = value else {
        throw TokensError.json(.wrongType(expected: "a list of tokens", found: value.summary), trackPath)
      }
      var sequence: [Int] = []
      sequence.reserveCapacity(tokens.count * width)
      for (index, token) in tokens.enumerated() {
        // Paths are made only for an error: a path of four steps allocates.
        func tokenPath() -> JSONPath { trackPath.appending(index) }
        if multi {
          guard case .array(let fields) = token else {
            throw TokensError.json(
              .wrongType(expected: "a token: a list of \(width) ids", found: token.summary), tokenPath())
          }
          // MuMIDI's tokens hold one id or more of the vocabularies in order, the rest −1.
          let short = tokenizer.tokenization.hasShortTokens
          guard fields.count == width || (short && (1..<width).contains(fields.count)) else {
            throw TokensError.json(
              .invalidValue(
                value: "a token of \(fields.count) ids",
                expected: short ? "1 to \(width) ids, one per vocabulary" : "\(width) ids, one per vocabulary"
              ),
              tokenPath())
          }
          for (field, value) in fields.enumerated() {
            sequence.append(
              try Self.id(value, tokenPath().appending(field), size: tokenizer.vocabularies[field].count))
          }
          sequence.append(contentsOf: repeatElement(-1, count: width - fields.count))
        } else {
          sequence.append(try Self.id(token, tokenPath(), size: size))
        }
      }
      if let model, model.idsAreEncoded(sequence) {
        sequence = try Self.baseIDs(of: sequence, model: model, path: trackPath)
      }
      sequences.append(sequence)
    }
    self.sequences = sequences
  }

  /// The base ids of a sequence of trained ids (MidiTok's `decode_token_ids`), errors at the
  /// ids' JSON paths.
  private static func baseIDs(of ids: [Int], model: TrainedTokenizerModel, path: JSONPath) throws(TokensError)
    -> [Int]
  {
    do {
      return try model.decode(ids)
    } catch {
      guard case .id(let index) = error.location else { throw TokensError(.trainedModel(error)) }
      if case .idNotInVocabulary(let id) = error.kind {
        let expected = "an id of the trained vocabulary, 0…\(model.vocabularySize - 1)"
        throw TokensError.json(.outOfRange(value: "\(id)", expected: expected), path.appending(index))
      }
      throw TokensError(.trainedModel(TrainedModelError(error.kind, at: .path(path.appending(index)))))
    }
  }

  private static func id(_ value: JSONValue, _ path: @autoclosure () -> JSONPath, size: Int)
    throws(TokensError) -> Int
  {
    guard case .integer(let id) = value else {
      throw TokensError.json(.wrongType(expected: "a token id", found: value.summary), path())
    }
    guard id >= 0 && id < size else {
      throw TokensError.json(
        .outOfRange(value: "\(id)", expected: "an id of the vocabulary, 0…\(size - 1)"), path())
    }
    return id
  }
}
