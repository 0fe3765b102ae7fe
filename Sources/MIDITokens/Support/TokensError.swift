import JSON
import SMF
import TokenizerModels

/// Why a file could not be turned into tokens, or tokens into a song, or a tokenizer file
/// read: one line (``description``) with the place (byte offset, JSON path) and what was
/// expected.
public struct TokensError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// The MIDI file cannot be read.
    case unreadableMIDI(SMFError)
    /// The MIDI file counts time in SMPTE frames; symusic (and so MidiTok) reads ticks per
    /// quarter only.
    case smpteDivision
    /// symusic refuses the file (or would read outside its bytes): why.
    case symusicRefuses(String)
    /// A JSON document (tokenizer file or tokens) is malformed or holds a value of the wrong
    /// type, a value outside what MidiTok allows, or misses a name.
    case json(JSONError)
    /// The tokenizer file asks for something midiroll does not reproduce exactly: the field,
    /// its value, and why.
    case unsupported(path: JSONPath, value: String, reason: String)
    /// MidiTok itself fails on this file (it raises `KeyError`): the token it cannot find
    /// in its vocabulary.
    case notInVocabulary(token: String)
    /// The song spans more beats than midiroll tokenizes (``Tokenizer/maximumBeats``, or
    /// ``Tokenizer/maximumBeatsAcrossSequences`` summed over its sequences): its beats, in the
    /// tokenizer's time, and its sequences.
    case songTooLong(beats: Int, sequences: Int)
    /// MidiTok's decoding raises on these tokens: why.
    case decodingFails(String)
    /// MidiTok's encoding raises on this song (other than a missing token): why.
    case encodingFails(String)
    /// A trained tokenizer's model cannot be loaded, or refuses ids (with the JSON path of the
    /// tokenizer file's field or of the id in the tokens).
    case trainedModel(TrainedModelError)
    /// Chunks were asked for that cannot be made: a length below what the notes of one onset
    /// need (the length, the tick, the tokens they take alone), or a BOS or EOS token the
    /// tokenizer does not have (its name, and the length 0).
    case chunkImpossible(maxSequenceLength: Int, tick: Int, needed: Int, missingToken: String?)
    /// An augmentation (``ScoreAugmentation``) pushes notes past what a song holds: why.
    case augmentationOutOfRange(String)
    /// Training settings MidiTok refuses or skips (a vocabulary size not above the base one, a
    /// tokenizer with several vocabularies, an option the trainer does not have): why.
    case trainingRefused(String)
  }

  /// What went wrong.
  public let kind: Kind

  /// Creates an error.
  public init(_ kind: Kind) {
    self.kind = kind
  }

  /// An error at a JSON path.
  static func json(_ kind: JSONError.Kind, _ path: JSONPath) -> TokensError {
    TokensError(.json(JSONError(kind, path: path)))
  }

  /// One line.
  public var description: String {
    switch kind {
    case .unreadableMIDI(let error):
      return error.description
    case .smpteDivision:
      return "the file counts time in SMPTE frames; MidiTok (symusic) tokenizes ticks per quarter only"
    case .symusicRefuses(let reason):
      return "symusic, which MidiTok reads with, refuses this file: \(reason)"
    case .json(let error):
      return error.description
    case .unsupported(let path, let value, let reason):
      return "\(path): \(value) is not supported (\(reason))"
    case .notInVocabulary(let token):
      return "MidiTok fails on this file: the token \(token) is not in the tokenizer's vocabulary"
    case .songTooLong(let beats, let sequences):
      let span = sequences == 1 ? "\(beats) beats" : "\(beats) beats in each of its \(sequences) sequences"
      return
        "the song spans \(span): midiroll tokenizes at most \(Tokenizer.maximumBeats) beats, "
        + "\(Tokenizer.maximumBeatsAcrossSequences) summed over the sequences (its tokens would not fit in memory)"
    case .decodingFails(let reason):
      return "MidiTok cannot decode these tokens: \(reason)"
    case .encodingFails(let reason):
      return "MidiTok fails on this song: \(reason)"
    case .trainedModel(let error):
      return error.description
    case .augmentationOutOfRange(let reason), .trainingRefused(let reason):
      return reason
    case .chunkImpossible(let length, let tick, let needed, let missing):
      if let missing { return "the tokenizer has no \(missing) token to begin or end chunks with" }
      return
        "max_seq_len \(length) is too short: the notes at tick \(tick) alone take \(needed) tokens"
    }
  }
}
