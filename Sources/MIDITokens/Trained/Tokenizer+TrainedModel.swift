import TokenizerModels

extension Tokenizer {
  /// Tokenizes a song as MidiTok 3.1's `tokenizer(score)` does (`encode` with `encode_ids=True`):
  /// the base ids of ``encode(_:keepingTimes:)``, then, for a trained tokenizer, each sequence
  /// split per bar, per beat or not at all (`encode_ids_split`) and its chunks encoded by the
  /// model (`encode_token_ids`).
  /// - Throws: ``TokensError`` where MidiTok itself fails on the song.
  public func tokenize(_ score: consuming Score) throws(TokensError) -> TokenSequences {
    let collected = CollectedTokenSequences(keepingTimes: false)
    try tokenize(consume score, to: collected)
    return TokenSequences(
      sequences: collected.sequences, times: [], isOneStream: oneTokenStream, width: collected.width,
      barTicks: [], beatTicks: [], idsAreEncoded: trainedModel != nil)
  }

  /// Tokenizes a song as ``tokenize(_:)`` does, handing each sequence to `receiver` as it is
  /// made (through the trained model, for a trained tokenizer).
  func tokenize(_ score: consuming Score, to receiver: some TokenSequenceReceiver) throws(TokensError) {
    if let trainedModel {
      _ = try encode(
        consume score, to: TrainedModelEncoding(tokenizer: self, model: trainedModel, next: receiver))
    } else {
      _ = try encode(consume score, to: receiver)
    }
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

/// A receiver that encodes each sequence's base ids with a trained model, chunk by chunk as
/// they come (MidiTok's chunks, ``IDChunkSplitter``; an empty chunk encodes to nothing), and
/// hands the trained ids of each chunk on to the next receiver.
final class TrainedModelEncoding<Next: TokenSequenceReceiver>: TokenSequenceReceiver {
  let takesPieces = true
  let needsTimes = true
  private let tokenizer: Tokenizer
  private let next: Next
  private var encoder: TrainedChunkEncoder
  /// Where chunks end.
  private var splitter = IDChunkSplitter()
  /// The base ids of the chunk being gathered.
  private var chunk: [Int] = []

  init(tokenizer: Tokenizer, model: TrainedTokenizerModel, next: Next) {
    self.tokenizer = tokenizer
    encoder = TrainedChunkEncoder(model: model)
    self.next = next
  }

  func begin(score: Score, width: Int) throws(TokensError) {
    splitter = IDChunkSplitter(score: score, split: tokenizer.config.encodeIDsSplit)
    try next.begin(score: score, width: width)
  }

  func beginSequence() throws(TokensError) {
    splitter.beginSequence()
    encoder.chunkIndex = 0
    chunk.removeAll(keepingCapacity: true)
    try next.beginSequence()
  }

  /// A part (MMM's track) is encoded as MidiTok encodes each track's sequence: its chunks
  /// of their own, the first one the first of a sequence.
  func beginPart() throws(TokensError) {
    try encode(&chunk)
    splitter.beginSequence()
    encoder.chunkIndex = 0
  }

  func receive(_ ids: UnsafeBufferPointer<Int32>, times: UnsafeBufferPointer<Int32>) throws(TokensError) {
    try splitter.split(ids, times: times, into: &chunk) { (chunk: inout [Int]) throws(TokensError) in
      try encode(&chunk)
    }
  }

  func endSequence() throws(TokensError) {
    try encode(&chunk)
    try next.endSequence()
  }

  /// Encodes a chunk gathered, empties it and hands its trained ids on.
  private func encode(_ chunk: inout [Int]) throws(TokensError) {
    let encoded: [Int32]
    do {
      encoded = try encoder.encode(chunk)
    } catch {
      throw TokensError(.trainedModel(error))
    }
    chunk.removeAll(keepingCapacity: true)
    guard !encoded.isEmpty else { return }
    try encoded.withUnsafeBufferPointer { encoded throws(TokensError) in
      try next.receive(encoded, times: UnsafeBufferPointer(start: nil, count: 0))
    }
  }
}
