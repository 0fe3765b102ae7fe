import JSON

/// The rules of one tokenization, all in one place: how it adjusts its configuration, its
/// vocabularies, how it tokenizes a song and how it decodes tokens. Each tokenization has one
/// conforming value type, in a folder of its own under `Tokenizations/`, registered once in
/// ``Tokenization/rules`` (the registry). A ``Tokenizer`` looks its rules up once, when it is
/// made; the rules are called once per song (never per token), and each tokenization's hot
/// loops are its own functions, specialized for it.
protocol TokenizationRules: Sendable {
  /// Whether a token is a list of ids, one per vocabulary (CPWord, Octuple).
  var isMultiVocabulary: Bool { get }
  /// Whether notes are NoteOn and NoteOff tokens (MIDI-Like), not Pitch tokens.
  var usesNoteOnOff: Bool { get }
  /// Whether the tracks' sequences are joined into one (MMM: `one_token_stream` though
  /// `config.one_token_stream_for_programs` is false).
  var joinsTrackSequences: Bool { get }
  /// The rules for one configuration: themselves, or rules that hold what the configuration
  /// names (MMM's base tokenization).
  func specialized(for config: TokenizerConfig) -> any TokenizationRules
  /// Whether a token may hold fewer ids than there are vocabularies (MuMIDI's Bar, Position,
  /// Program and Chord tokens): midiroll keeps every token at full width, −1 for the ids it
  /// does not have, and writes MidiTok's shorter lists.
  var hasShortTokens: Bool { get }
  /// What the tokenizer does to its configuration before making its vocabulary
  /// (`_tweak_config_before_creating_voc`).
  func adjust(_ config: inout TokenizerConfig)
  /// Refuses a configuration the tokenization's constructor raises on (PerTok's additional
  /// parameters), before anything is made from it; `path` is the `config` object's.
  func validate(_ config: TokenizerConfig, at path: JSONPath) throws(TokensError)
  /// The values of Duration and TimeShift tokens when the tokenization makes its own
  /// (`_create_durations_tuples` overridden: PerTok's, in ticks), `nil` for MidiTok's.
  func timeValues(of config: TokenizerConfig) -> [TimeValue]?
  /// The resolution songs are resampled to when the tokenization fixes it (PerTok's
  /// `_resample_score`): their time signatures are then kept as read (resampled, not filtered)
  /// and durations are not put into bins (`_adjust_durations` does nothing); `nil`:
  /// `preprocess_score`'s resolution and bins.
  func fixedResolution(of config: TokenizerConfig) -> Int?
  /// Refuses a tokenizer MidiTok cannot make, once its vocabularies are made.
  func check(_ tokenizer: Tokenizer) throws(TokensError)
  /// The vocabularies MidiTok builds (`__create_vocabulary`): the special tokens, then the
  /// base vocabulary (`_create_base_vocabulary`); one vocabulary, or one per token field.
  func vocabularies(of tokenizer: Tokenizer) -> [Vocabulary]
  /// What the tokenization does to a preprocessed song before its span is checked (Octuple
  /// clips its bars).
  func prepared(_ score: Score, by tokenizer: Tokenizer) -> Score
  /// `_score_to_tokens`: the ids of a prepared song, handed to `receiver` sequence by
  /// sequence (``TokenSequenceReceiver/begin(score:width:)`` first).
  func encode(_ score: Score, by tokenizer: Tokenizer, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  /// `_tokens_to_score`: the song of each sequence's tokens (one token a string, or a CPWord or
  /// Octuple token ``Tokenizer/vocabularies``' count strings in a row).
  func decode(_ sequences: [[String]], by tokenizer: Tokenizer) throws(TokensError) -> Score
}

extension TokenizationRules {
  var isMultiVocabulary: Bool { false }
  var usesNoteOnOff: Bool { false }
  var joinsTrackSequences: Bool { false }
  func specialized(for config: TokenizerConfig) -> any TokenizationRules { self }
  var hasShortTokens: Bool { false }
  func adjust(_ config: inout TokenizerConfig) {}
  func validate(_ config: TokenizerConfig, at path: JSONPath) throws(TokensError) {}
  func timeValues(of config: TokenizerConfig) -> [TimeValue]? { nil }
  func fixedResolution(of config: TokenizerConfig) -> Int? { nil }
  func check(_ tokenizer: Tokenizer) throws(TokensError) {}
  func prepared(_ score: Score, by tokenizer: Tokenizer) -> Score { score }
}

/// A tokenization whose tokens are one vocabulary's events with time tokens among them (REMI,
/// TSD, MIDI-Like): the shared `_score_to_tokens` (``Tokenizer/encodeEvents(of:rules:to:)``)
/// sorts each sequence's events, and the tokenization adds its time tokens.
protocol TimeTokenRules: TokenizationRules {
  /// `_add_time_events` over a sequence's items sorted by ``Tokenizer/sortEvents(_:)``, each
  /// final event's id written to `output`, the notes' tokens made by `notes`; `global` are the
  /// song's global events (``Tokenizer/globalEvents(of:)``).
  func timeEvents(
    _ items: some Sequence<TrackItem>, notes: inout NoteTokens, global: [TokenEvent], ticksPerQuarter: Int,
    by tokenizer: Tokenizer, into output: inout TokenOutput
  ) throws(TokensError)
}

extension TimeTokenRules {
  func encode(_ score: Score, by tokenizer: Tokenizer, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  {
    try tokenizer.encodeEvents(of: score, rules: self, to: receiver)
  }
}

/// A tokenization of TimeShift tokens (TSD, MIDI-Like): notes and TimeShift values in one
/// vocabulary, TimeShifts (and Rests) to each new tick.
protocol TimeShiftRules: TimeTokenRules {}

extension TimeShiftRules {
  func vocabularies(of tokenizer: Tokenizer) -> [Vocabulary] {
    tokenizer.oneVocabulary { vocabulary in
      tokenizer.appendNoteTokens(to: &vocabulary)
      vocabulary.append(contentsOf: tokenizer.durations.map { "TimeShift_\($0)" })
      tokenizer.appendAdditionalTokens(to: &vocabulary)
    }
  }

  func timeEvents(
    _ items: some Sequence<TrackItem>, notes: inout NoteTokens, global: [TokenEvent], ticksPerQuarter: Int,
    by tokenizer: Tokenizer, into output: inout TokenOutput
  ) throws(TokensError) {
    try tokenizer.timeShiftEvents(items, notes: &notes, ticksPerQuarter: ticksPerQuarter, into: &output)
  }
}

/// A tokenization whose token is a compound of one token per field, each field with its own
/// vocabulary (CPWord, Octuple): the shared `_score_to_tokens`
/// (``Tokenizer/encodeCompound(_:rules:to:)``) makes REMI's events, and the tokenization makes
/// its compounds of them.
protocol CompoundTokenRules: TokenizationRules {
  /// The fields of a token, in order (`vocab_types_idx`).
  func fields(of config: TokenizerConfig) -> [String]
  /// `_add_time_events`: the compounds of a sequence's sorted events.
  func compoundTokens(
    _ events: [TokenEvent], ticksPerQuarter: Int, by tokenizer: Tokenizer,
    into result: inout Tokenizer.CompoundRows
  ) throws(TokensError)
}

extension CompoundTokenRules {
  var isMultiVocabulary: Bool { true }

  func encode(_ score: Score, by tokenizer: Tokenizer, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  {
    try tokenizer.encodeCompound(score, rules: self, to: receiver)
  }
}
