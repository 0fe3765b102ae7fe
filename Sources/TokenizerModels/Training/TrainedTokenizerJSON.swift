import JSON

/// The Hugging Face tokenizer JSON (`Tokenizer.to_str()`, `tokenizers` 0.23) of a tokenizer
/// MidiTok has just trained, byte for byte as `tokenizers` writes it: no normalizer or
/// post-processor, MidiTok's Metaspace pre-tokenizer and decoder when it splits ids (else none),
/// the special tokens as added tokens (in id order), and the model.
///
/// ```swift
/// let text = TrainedTokenizerJSON(specialTokens: [[0x21]], metaspace: true).bpe(trained)
/// ```
public struct TrainedTokenizerJSON: Sendable {
  /// The special tokens' contents (added tokens, `normalized` false, `special` true).
  public var specialTokens: [[UInt32]]
  /// Whether the tokenizer has MidiTok's Metaspace pre-tokenizer and decoder.
  public var metaspace: Bool

  /// A writer of tokenizers with these special tokens and pre-tokenizer.
  public init(specialTokens: [[UInt32]], metaspace: Bool) {
    self.specialTokens = specialTokens
    self.metaspace = metaspace
  }

  /// A BPE model's tokenizer: `{"type":"BPE",…,"vocab":{…},"merges":[[a,b],…]}`.
  public func bpe(_ model: TrainedBPE) -> [UInt8] {
    document(ids: vocabularyIDs(model.tokens)) { writer in
      writer.raw("{\"type\":\"BPE\",\"dropout\":null,\"unk_token\":null,\"continuing_subword_prefix\":")
      Self.optionalString(model.continuingSubwordPrefix, to: &writer)
      writer.raw(",\"end_of_word_suffix\":")
      Self.optionalString(model.endOfWordSuffix, to: &writer)
      writer.raw(",\"fuse_unk\":false,\"byte_fallback\":false,\"ignore_merges\":false,\"vocab\":")
      Self.vocabulary(model.tokens, to: &writer)
      writer.raw(",\"merges\":[")
      for (index, merge) in model.merges.enumerated() {
        if index > 0 { writer.rawByte(UInt8(ascii: ",")) }
        writer.rawByte(UInt8(ascii: "["))
        writer.rawString(Self.text(model.tokens[Int(merge.first)]))
        writer.rawByte(UInt8(ascii: ","))
        writer.rawString(Self.text(model.tokens[Int(merge.second)]))
        writer.rawByte(UInt8(ascii: "]"))
      }
      writer.raw("]}")
    }
  }

  /// A WordPiece model's tokenizer (the vocabulary of a BPE training, as `WordPieceTrainer`
  /// keeps it): `{"type":"WordPiece","unk_token":…,"continuing_subword_prefix":…,…}`.
  public func wordPiece(_ model: TrainedBPE, unknownToken: [UInt32], maxInputCharsPerWord: Int) -> [UInt8] {
    document(ids: vocabularyIDs(model.tokens)) { writer in
      writer.raw("{\"type\":\"WordPiece\",\"unk_token\":")
      writer.rawString(Self.text(unknownToken))
      writer.raw(",\"continuing_subword_prefix\":")
      writer.rawString(Self.text(model.continuingSubwordPrefix ?? Array("##".unicodeScalars.map(\.value))))
      writer.raw(",\"max_input_chars_per_word\":")
      writer.rawInteger(maxInputCharsPerWord)
      writer.raw(",\"vocab\":")
      Self.vocabulary(model.tokens, to: &writer)
      writer.rawByte(UInt8(ascii: "}"))
    }
  }

  /// A Unigram model's tokenizer: `{"type":"Unigram","unk_id":…,"vocab":[[piece,score],…],…}`.
  public func unigram(pieces: [(piece: [UInt32], score: Double)], unknownID: Int?) -> [UInt8] {
    document(ids: vocabularyIDs(pieces.map(\.piece))) { writer in
      writer.raw("{\"type\":\"Unigram\",\"unk_id\":")
      if let unknownID { writer.rawInteger(unknownID) } else { writer.raw("null") }
      writer.raw(",\"vocab\":[")
      for (index, entry) in pieces.enumerated() {
        if index > 0 { writer.rawByte(UInt8(ascii: ",")) }
        writer.rawByte(UInt8(ascii: "["))
        writer.rawString(Self.text(entry.piece))
        writer.rawByte(UInt8(ascii: ","))
        Self.float(entry.score, to: &writer)
        writer.rawByte(UInt8(ascii: "]"))
      }
      writer.raw("],\"byte_fallback\":false}")
    }
  }

  /// Token → id (the first id of a token listed twice).
  private func vocabularyIDs(_ tokens: [[UInt32]]) -> [[UInt32]: Int] {
    var ids: [[UInt32]: Int] = [:]
    for (id, token) in tokens.enumerated() where ids[token] == nil { ids[token] = id }
    return ids
  }

  /// The document around the model: version, added tokens (those of the vocabulary, by id),
  /// pre-tokenizer, decoder.
  private func document(ids: [[UInt32]: Int], model: (inout JSONWriter) -> Void) -> [UInt8] {
    JSONWriter.bytes(initialCapacity: 1 << 16) { writer in
      writer.raw("{\"version\":\"1.0\",\"truncation\":null,\"padding\":null,\"added_tokens\":[")
      let added = specialTokens.compactMap { token in ids[token].map { (id: $0, token: token) } }
      var seen = Set<Int>()
      for (index, entry) in added.sorted(by: { $0.id < $1.id }).enumerated()
      where seen.insert(entry.id).inserted {
        if index > 0 { writer.rawByte(UInt8(ascii: ",")) }
        writer.raw("{\"id\":", integer: entry.id)
        writer.raw(",\"content\":")
        writer.rawString(Self.text(entry.token))
        writer.raw(
          ",\"single_word\":false,\"lstrip\":false,\"rstrip\":false,\"normalized\":false,\"special\":true}")
      }
      writer.raw("],\"normalizer\":null,\"pre_tokenizer\":")
      Self.metaspace(metaspace, to: &writer)
      writer.raw(",\"post_processor\":null,\"decoder\":")
      Self.metaspace(metaspace, to: &writer)
      writer.raw(",\"model\":")
      model(&writer)
      writer.rawByte(UInt8(ascii: "}"))
    }
  }

  /// MidiTok's Metaspace, or `null`.
  private static func metaspace(_ present: Bool, to writer: inout JSONWriter) {
    if present {
      writer.raw(
        "{\"type\":\"Metaspace\",\"replacement\":\"\u{2581}\",\"prepend_scheme\":\"always\",\"split\":true}")
    } else {
      writer.raw("null")
    }
  }

  /// `{"token":id,…}` in id order.
  private static func vocabulary(_ tokens: [[UInt32]], to writer: inout JSONWriter) {
    writer.rawByte(UInt8(ascii: "{"))
    for (id, token) in tokens.enumerated() {
      if id > 0 { writer.rawByte(UInt8(ascii: ",")) }
      writer.rawString(text(token))
      writer.raw(":", integer: id)
    }
    writer.rawByte(UInt8(ascii: "}"))
  }

  /// A string or `null`.
  private static func optionalString(_ scalars: [UInt32]?, to writer: inout JSONWriter) {
    if let scalars { writer.rawString(text(scalars)) } else { writer.raw("null") }
  }

  /// A number as `serde_json` writes an `f64` (Rust's `ryu`): the shortest digits, `0.0` for
  /// zero, an exponent without `+` or leading zeros.
  private static func float(_ value: Double, to writer: inout JSONWriter) {
    var text = value.description
    if let e = text.firstIndex(of: "e") {
      let exponent = text[text.index(after: e)...]
      let negative = exponent.hasPrefix("-")
      let digits = exponent.drop { $0 == "-" || $0 == "+" || $0 == "0" }
      text = text[..<e] + "e" + (negative ? "-" : "") + digits
    }
    Array(text.utf8).withUnsafeBufferPointer { writer.raw($0) }
  }

  /// A text of scalars (kept as they are: a `String` stores scalars unchanged).
  static func text(_ scalars: [UInt32]) -> String {
    String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
  }
}
