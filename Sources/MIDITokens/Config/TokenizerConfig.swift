/// MidiTok 3.1's `TokenizerConfig`, as its constructor leaves it (special tokens formatted,
/// sets made, `one_token_stream_for_programs` and `program_changes` off without programs,
/// rests off where durations are not tokenized for every program, …), before a tokenizer
/// adjusts it (``Tokenizer``).
public struct TokenizerConfig: Hashable, Sendable {
  /// The lowest and highest pitch tokenized (both included).
  public var pitchRange: ClosedRange<Int> = 21...109
  /// Positions per beat for ranges of beats, in the file's order: `[(0..<4, 8), (4..<12, 4)]`.
  public var beatResolution: [BeatRange] = [BeatRange(0, 4, 8), BeatRange(4, 12, 4)]
  /// The number of velocity bins.
  public var velocityCount = 32
  /// Removes notes of one pitch at one onset but the first.
  public var removeDuplicatedNotes = false
  /// How ids are split before a trained model encodes them: `bar`, `beat` or `no`.
  public var encodeIDsSplit = "bar"
  /// The special tokens, formatted (`PAD_None`), `PAD_None` among them.
  public var specialTokens = ["PAD_None", "BOS_None", "EOS_None", "MASK_None"]
  /// Whether notes carry a Velocity token.
  public var useVelocities = true
  /// The programs whose notes carry a Duration token (−1: drums).
  public var noteDurationPrograms = PythonIntSet(Array(-1...127))
  /// Chord tokens.
  public var useChords = false
  /// Rest tokens.
  public var useRests = false
  /// Tempo tokens.
  public var useTempos = false
  /// Time signature tokens.
  public var useTimeSignatures = true
  /// Key signature tokens.
  public var useKeySignatures = false
  /// Sustain pedal tokens.
  public var useSustainPedals = false
  /// Pitch bend tokens.
  public var usePitchBends = false
  /// Control change tokens.
  public var useControlChanges = false
  /// The control numbers tokenized.
  public var controlChangeNumbers = PythonIntSet(TokenizerConfig.defaultControlChangeNumbers)
  /// Value levels of continuous controllers.
  public var controlChangeBinCount = 32
  /// Program tokens.
  public var usePrograms = false
  /// Pitch interval tokens.
  public var usePitchIntervals = false
  /// PitchDrum tokens for drum tracks.
  public var usePitchDrumTokens = true
  /// The duration in beats of decoded notes whose program has no Duration tokens.
  public var defaultNoteDuration = 0.5
  /// Rest resolutions, as ``beatResolution``.
  public var beatResolutionRest: [BeatRange] = [BeatRange(0, 1, 8), BeatRange(1, 2, 4), BeatRange(2, 12, 2)]
  /// Chord qualities and their intervals from the root, in the file's order.
  public var chordMaps: [(name: String, intervals: [Int])] = TokenizerConfig.defaultChordMaps
  /// Chord tokens name their root.
  public var chordTokensWithRootNote = false
  /// Note counts of unknown chords (`(3, 6)`: 3 to 5), or `nil`.
  public var chordUnknown: Range<Int>?
  /// The number of tempo bins.
  public var tempoCount = 32
  /// The lowest and highest tempo bins.
  public var tempoRange: (low: Double, high: Double) = (40, 250)
  /// Tempo bins on a logarithmic scale.
  public var logTempos = false
  /// Removes a tempo change equal to the one before.
  public var deleteEqualSuccessiveTempoChanges = false
  /// Numerators per denominator, in the file's order.
  public var timeSignatureRange: [(denominator: Int, numerators: [Int])] = [
    (8, [3, 12, 6]), (4, [5, 6, 3, 2, 1, 4]),
  ]
  /// Removes a time signature equal to the one before (only the first at tick 0 is moved).
  public var deleteEqualSuccessiveTimeSignatureChanges = false
  /// Pedals carry a Duration token instead of PedalOff.
  public var sustainPedalDuration = false
  /// Lowest, highest and number of pitch bend bins.
  public var pitchBendRange: (low: Int, high: Int, count: Int) = (-8192, 8191, 32)
  /// The programs tokenized (−1: drums), in the order of a Python set.
  public var programs = PythonIntSet(Array(-1...127))
  /// All tracks in one token sequence (with programs; MidiTok's default argument is true).
  public var oneTokenStreamForPrograms = true
  /// A Program token only where the program changes.
  public var programChanges = false
  /// The largest pitch interval.
  public var maxPitchInterval = 16
  /// The largest time between two notes, in beats, for an interval token.
  public var pitchIntervalsMaxTimeDistance = 1.0
  /// The pitches of drum tracks (both included).
  public var drumsPitchRange: ClosedRange<Int> = 27...88
  /// REMI: `Bar_0`… tokens instead of `Bar_None`, or `nil`; Octuple: its bar count (60 when
  /// the file does not say).
  public var maxBarEmbedding: Int?
  /// Whether `additional_params` names `max_bar_embedding` (even as `null`).
  public var hasMaxBarEmbedding = false
  /// REMI: a `Bar_End` token at the end of each bar.
  public var useBarEndTokens = false
  /// REMI: bars after the last event up to the last note's end.
  public var addTrailingBars = false
  /// PerTok's additional parameters (`ticks_per_quarter`, microtiming, Position tokens).
  public var perTok = PerTokParameters()
  /// MMM's `base_tokenizer`: the name of the tokenization each track is tokenized with
  /// (`REMI`, `TSD` or `MIDILike`), `nil` where the file does not name it.
  public var baseTokenizer: String?

  /// Creates the default configuration of MidiTok 3.1.
  public init() {}

  /// The largest position count per beat (`max_num_pos_per_beat`).
  public var maxPositionsPerBeat: Int { beatResolution.map(\.resolution).max() ?? 0 }

  /// Whether some program has Duration tokens (`using_note_duration_tokens`).
  public var usingNoteDurationTokens: Bool { !noteDurationPrograms.isEmpty }

  /// MidiTok's `DEFAULT_CONTROL_CHANGE_NUMBERS`.
  public static let defaultControlChangeNumbers = [
    0, 1, 2, 4, 5, 6, 7, 8, 10, 11, 32, 33, 34, 36, 37, 38, 39, 40, 42, 43, 64, 65, 66, 67, 68, 69, 70, 71,
    72, 73,
    74, 75, 76, 77, 78, 84, 88, 91, 92, 93, 94, 95, 96, 97, 100, 101, 120, 121, 122, 123, 124, 125, 126, 127,
  ]

  /// MidiTok's `CHORD_MAPS`.
  public static let defaultChordMaps: [(name: String, intervals: [Int])] = [
    ("min", [0, 3, 7]), ("maj", [0, 4, 7]), ("dim", [0, 3, 6]), ("aug", [0, 4, 8]), ("sus2", [0, 2, 7]),
    ("sus4", [0, 5, 7]), ("7dom", [0, 4, 7, 10]), ("7min", [0, 3, 7, 10]), ("7maj", [0, 4, 7, 11]),
    ("7halfdim", [0, 3, 6, 10]), ("7dim", [0, 3, 6, 9]), ("7aug", [0, 4, 8, 11]),
    ("9maj", [0, 4, 7, 10, 14]),
    ("9min", [0, 4, 7, 10, 13]),
  ]

  /// Configurations are equal when every field is.
  public static func == (lhs: TokenizerConfig, rhs: TokenizerConfig) -> Bool {
    lhs.fingerprint == rhs.fingerprint
  }

  /// Hashes every field.
  public func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }

  private var fingerprint: String { String(describing: self) }
}

/// A range of beats and its positions per beat: `"0_4": 8` is beats 0 to 4 at 8 positions.
public struct BeatRange: Hashable, Sendable {
  /// The first beat.
  public var start: Int
  /// The beat after the last.
  public var end: Int
  /// Positions per beat.
  public var resolution: Int

  /// Creates a range.
  public init(_ start: Int, _ end: Int, _ resolution: Int) {
    self.start = start
    self.end = end
    self.resolution = resolution
  }
}

/// PerTok's additional parameters, each `nil` where the file does not name it (MidiTok reads
/// them from `additional_params` and raises `KeyError` for a missing one it needs).
public struct PerTokParameters: Hashable, Sendable {
  /// `ticks_per_quarter`: the resolution songs are tokenized and decoded at.
  public var ticksPerQuarter: Int?
  /// `use_microtiming`: MicroTiming tokens after Pitch and the other timed tokens.
  public var useMicrotiming: Bool?
  /// `max_microtiming_shift`: the farthest MicroTiming, in quarters.
  public var maxMicrotimingShift: Double?
  /// `num_microtiming_bins`: MicroTiming values are this many bins (one more value).
  public var microtimingBinCount: Int?
  /// `use_position_toks`: Position tokens in the bar instead of TimeShift tokens.
  public var usePositionTokens = false

  /// No parameter named.
  public init() {}
}
