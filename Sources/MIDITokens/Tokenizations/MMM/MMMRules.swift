import JSON

/// MMM (Multitrack Music Machine, MidiTok 3.1's `MMM`): each track is tokenized by a base
/// tokenization (REMI, TSD or MIDI-Like, `additional_params.base_tokenizer`) with its Program
/// first, between `Track_Start` and `Track_End`, and the tracks' sequences are joined into one.
/// The base's vocabulary, time tokens, event order and decoding are the base's own rules.
struct MMMRules: TokenizationRules {
  /// The tokenizations MMM takes as its base (`MMM_COMPATIBLE_TOKENIZERS`).
  static let baseTokenizations: [Tokenization] = [.remi, .tsd, .midiLike]
  /// The special tokens MMM adds, in order.
  static let trackTokens = ["Track_Start", "Track_End"]

  /// The base tokenization's rules; `nil` until ``specialized(for:)`` finds them (or when the
  /// configuration names none MMM takes, which ``validate(_:at:)`` refuses).
  let base: (any TimeTokenRules)?

  /// MMM's rules before a configuration names the base.
  init() { base = nil }

  private init(base: (any TimeTokenRules)?) { self.base = base }

  /// The base tokenization a configuration names, if MMM takes it.
  static func baseTokenization(of config: TokenizerConfig) -> Tokenization? {
    guard let name = config.baseTokenizer, let tokenization = Tokenization(rawValue: name),
      baseTokenizations.contains(tokenization)
    else { return nil }
    return tokenization
  }

  func specialized(for config: TokenizerConfig) -> any TokenizationRules {
    MMMRules(base: Self.baseTokenization(of: config)?.rules as? any TimeTokenRules)
  }

  var usesNoteOnOff: Bool { base?.usesNoteOnOff ?? false }
  var joinsTrackSequences: Bool { true }

  /// `_tweak_config_before_creating_voc`: no control changes, a Program token first in each
  /// track's sequence, tracks tokenized apart, `Track_Start` and `Track_End` among the special
  /// tokens; then the base tokenizer's own adjustments (MidiTok makes it from this
  /// configuration).
  func adjust(_ config: inout TokenizerConfig) {
    config.useControlChanges = false
    config.usePrograms = true
    config.programChanges = true
    config.oneTokenStreamForPrograms = false
    for token in Self.trackTokens where !config.specialTokens.contains(token) {
      config.specialTokens.append(token)
    }
    if let base = Self.baseTokenization(of: config) { base.rules.adjust(&config) }
  }

  /// MidiTok's `ValueError`s: no `base_tokenizer`, or one MMM does not take.
  func validate(_ config: TokenizerConfig, at path: JSONPath) throws(TokensError) {
    let parameters = path.appending("additional_params")
    let names = Self.baseTokenizations.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    guard let name = config.baseTokenizer else {
      throw TokensError.json(
        .missingName("base_tokenizer", expected: "MMM's base tokenizer: \(names)"), parameters)
    }
    guard Self.baseTokenization(of: config) != nil else {
      throw TokensError.json(
        .invalidValue(value: "\"\(name)\"", expected: "one of \(names)"),
        parameters.appending("base_tokenizer"))
    }
  }

  /// The base's vocabulary (`_create_base_vocabulary`), after the special tokens.
  func vocabularies(of tokenizer: Tokenizer) -> [Vocabulary] {
    base?.vocabularies(of: tokenizer) ?? []
  }

  func encode(_ score: Score, by tokenizer: Tokenizer, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  {
    guard let base else { throw TokensError(.encodingFails("MMM has no base tokenizer")) }
    try tokenizer.encodeMMM(score, base: base, to: receiver)
  }

  /// `_tokens_to_score`: the sequence split per track (`split_tokseq_per_track`), the base's
  /// decoding of the tracks.
  func decode(_ sequences: [[String]], by tokenizer: Tokenizer) throws(TokensError) -> Score {
    guard let base else { throw TokensError(.decodingFails("MMM has no base tokenizer")) }
    return try base.decode(sequences.flatMap(Self.tracks(of:)), by: tokenizer)
  }

  /// `split_tokseq_per_track` without the track tokens, quirks kept: the tokens before the
  /// first `Track_Start` are dropped, each track but the last ends one token before the next
  /// `Track_Start` (whatever that token is), and the last keeps everything to the end, its
  /// `Track_End` included. A sequence without `Track_Start` is one track.
  static func tracks(of tokens: [String]) -> [[String]] {
    let starts = tokens.indices.filter { tokens[$0] == trackTokens[0] }
    guard !starts.isEmpty else { return [tokens] }
    return starts.indices.map { index in
      let start = starts[index] + 1
      let end = index + 1 < starts.count ? starts[index + 1] - 1 : tokens.count
      return start < end ? Array(tokens[start..<end]) : []
    }
  }
}
