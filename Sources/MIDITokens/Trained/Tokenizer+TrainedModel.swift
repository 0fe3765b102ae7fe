import TokenizerModels

extension Tokenizer {
  /// Tokenizes a song as MidiTok 3.1's `tokenizer(score)` does (`encode` with `encode_ids=True`):
  /// the base ids of ``encode(_:keepingTimes:)``, then, for a trained tokenizer, each sequence
  /// split per bar, per beat or not at all (`encode_ids_split`) and its chunks encoded by the
  /// model (`encode_token_ids`).
  /// - Throws: ``TokensError`` where MidiTok itself fails on the song.
  public func tokenize(_ score: Score) throws(TokensError) -> TokenSequences {
    guard let trainedModel else { return try encode(score) }
    var tokens = try encode(score, keepingTimes: true)
    let ticks: [Int]?
    switch config.encodeIDsSplit {
    case "bar": ticks = tokens.barTicks
    case "beat": ticks = tokens.beatTicks
    default: ticks = nil
    }
    for index in tokens.sequences.indices {
      let chunks = Self.chunks(of: tokens.sequences[index], times: tokens.times[index], splitAt: ticks)
      do {
        tokens.sequences[index] = try trainedModel.encode(chunks: chunks).map {
          Int32(truncatingIfNeeded: $0)
        }
      } catch {
        throw TokensError(.trainedModel(error))
      }
    }
    tokens.times = []
    tokens.idsAreEncoded = true
    return tokens
  }

  /// A sequence's base ids cut where MidiTok's `TokSequence._split_per_ticks` cuts them: before
  /// the first token at or after each tick but the first, stopping at the first tick no token
  /// reaches (so bars without tokens give empty chunks, and the last chunk runs to the end);
  /// `nil` ticks (`encode_ids_split="no"`): one chunk.
  static func chunks(of ids: [Int32], times: [Int32], splitAt ticks: [Int]?) -> [[Int]] {
    guard let ticks else { return [ids.map(Int.init)] }
    var bounds = [0]
    var position = 0
    for tick in ticks.dropFirst() {
      while position < times.count && Int(times[position]) < tick { position += 1 }
      if position == times.count { break }
      bounds.append(position)
    }
    bounds.append(ids.count)
    return (1..<bounds.count).map { ids[bounds[$0 - 1]..<bounds[$0]].map(Int.init) }
  }

  /// The model of a trained tokenizer file, `nil` for an untrained one.
  /// - Throws: ``TokensError``: a model ``TrainedTokenizerModel`` refuses (with its JSON path),
  ///   or trained parts for a tokenization with several vocabularies, which MidiTok cannot train.
  static func trainedModel(of file: TokenizerFile) throws(TokensError) -> TrainedTokenizerModel? {
    guard let parts = file.trained else { return nil }
    guard !file.tokenization.isMultiVocabulary else {
      throw TokensError(
        .unsupported(
          path: JSONPathShorthand.top.appending("_model"), value: "a trained model",
          reason: "MidiTok trains no tokenizer with several vocabularies (\(file.tokenization.rawValue))"))
    }
    do {
      return try TrainedTokenizerModel(
        modelJSON: Array(parts.model.utf8), vocabBase: parts.vocabBase,
        vocabBaseByteToToken: parts.byteToToken)
    } catch {
      throw TokensError(.trainedModel(error))
    }
  }
}
