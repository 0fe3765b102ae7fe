/// The model MidiTok's `tokenizer.train(vocab_size, model)` learns, through Hugging Face
/// `tokenizers`' trainer of the same name.
public enum TrainingModel: String, Sendable, CaseIterable {
  /// Byte-pair encoding (`BpeTrainer`), MidiTok's default.
  case bpe = "BPE"
  /// WordPiece (`WordPieceTrainer`: a BPE training whose vocabulary WordPiece keeps).
  case wordPiece = "WordPiece"
  /// Unigram (`UnigramTrainer`), which `tokenizers` does not train deterministically.
  case unigram = "Unigram"

  /// The model named as MidiTok names it (`"BPE"`) or in lower case (`bpe`, `wordpiece`).
  public init?(name: String) {
    guard let model = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
      return nil
    }
    self = model
  }
}

/// The trainer options MidiTok passes on to `tokenizers` (`**kwargs` of `tokenizer.train`),
/// each `nil` for the trainer's default. Each applies to some models only (``names(for:)``).
public struct TrainingOptions: Sendable, Equatable {
  /// `min_frequency` (BPE, WordPiece).
  public var minFrequency: Int?
  /// `limit_alphabet` (BPE, WordPiece).
  public var limitAlphabet: Int?
  /// `max_token_length` (BPE).
  public var maxTokenLength: Int?
  /// `max_input_chars_per_word` of the WordPiece model (MidiTok: 400 per bar, 100 per beat).
  public var maxInputCharsPerWord: Int?
  /// `shrinking_factor` (Unigram, default 0.75).
  public var shrinkingFactor: Double?
  /// `max_piece_length` (Unigram, default 16).
  public var maxPieceLength: Int?
  /// `n_sub_iterations` (Unigram, default 2).
  public var subIterations: Int?

  /// No options: every trainer default.
  public init() {}

  /// The options' names (as MidiTok's keyword arguments) that `model`'s trainer takes.
  public static func names(for model: TrainingModel) -> [String] {
    switch model {
    case .bpe: return ["min_frequency", "limit_alphabet", "max_token_length"]
    case .wordPiece: return ["min_frequency", "limit_alphabet", "max_input_chars_per_word"]
    case .unigram: return ["shrinking_factor", "max_piece_length", "n_sub_iterations"]
    }
  }

  /// The options set, by name.
  var setNames: [String] {
    var names: [String] = []
    if minFrequency != nil { names.append("min_frequency") }
    if limitAlphabet != nil { names.append("limit_alphabet") }
    if maxTokenLength != nil { names.append("max_token_length") }
    if maxInputCharsPerWord != nil { names.append("max_input_chars_per_word") }
    if shrinkingFactor != nil { names.append("shrinking_factor") }
    if maxPieceLength != nil { names.append("max_piece_length") }
    if subIterations != nil { names.append("n_sub_iterations") }
    return names
  }
}
