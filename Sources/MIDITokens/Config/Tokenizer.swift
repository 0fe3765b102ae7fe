import JSON
import TokenizerModels

/// A MidiTok 3.1 tokenizer as its constructor makes it from a tokenizer file: the adjusted
/// configuration, the vocabulary (rebuilt as MidiTok builds it, or a trained tokenizer's
/// own), and every bin MidiTok quantizes to, computed with NumPy's arithmetic.
public struct Tokenizer: Sendable {
  /// The tokenization.
  public let tokenization: Tokenization
  /// The tokenization's rules (``Tokenization/rules``), looked up once.
  let rules: any TokenizationRules
  /// The configuration after the tokenizer's adjustments.
  public let config: TokenizerConfig
  /// The vocabulary; for CPWord and Octuple, one per token field.
  public private(set) var vocabularies: [Vocabulary] = []
  /// A trained tokenizer's model (BPE, Unigram or WordPiece), `nil` when untrained.
  public let trainedModel: TrainedTokenizerModel?

  /// The time signatures of the vocabulary (`self.time_signatures`), in MidiTok's order;
  /// 4/4 alone without time signature tokens.
  let timeSignatures: [(numerator: Int, denominator: Int)]
  /// Ticks per beat per denominator of `time_signature_range` (`_tpb_per_ts`).
  let ticksPerBeatOfDenominator: [(denominator: Int, ticksPerBeat: Int)]
  /// The ticks per quarter of decoded songs (`time_division`).
  public let timeDivision: Int
  /// Duration (and TimeShift) values, and rest values.
  let durations: [TimeValue]
  let rests: [TimeValue]
  /// Velocity bins.
  let velocities: [Int]
  /// Tempo bins in quarters per minute, and in microseconds per quarter sorted.
  let tempos: [Double]
  let temposMSPQ: [Double]
  /// The bin nearest 120 (`default_tempo`).
  let defaultTempo: Double
  /// Pitch bend bins.
  let pitchBends: [Int]
  /// Control values per control number, numbers sorted.
  let controlChangeValues: [(number: Int, values: [Int])]
  /// The resolution of the first beat range holding beat 0 (`_first_beat_res`).
  let firstBeatResolution: Int
  /// Whether the tokenizer writes NoteOn and NoteOff (MIDILike).
  let noteOnOff: Bool
  /// The ids of the tokens a song can produce (one vocabulary), found once.
  private(set) var tokenIDs: TokenIDs?
  /// Each velocity's bin (`np_get_closest(velocities, v)`), found once.
  private(set) var velocityBins: [UInt8] = []
  /// Each duration's bin up to the longest, per ticks per beat (`np_get_closest` over the
  /// Duration values' ticks), found once.
  private(set) var durationBins: [(ticksPerBeat: Int, bins: [Int32])] = []

  /// The tokenizer of a tokenizer file.
  /// - Throws: ``TokensError`` where MidiTok itself cannot make the tokenizer, or where its
  ///   bins could not be searched as NumPy searches them (durations not in increasing order).
  public init(file: TokenizerFile) throws(TokensError) {
    tokenization = file.tokenization
    rules = file.tokenization.rules.specialized(for: file.config)
    config = file.config
    trainedModel = try Self.trainedModel(of: file)
    noteOnOff = rules.usesNoteOnOff
    let top = JSONPathShorthand.config

    timeSignatures =
      config.useTimeSignatures
      ? config.timeSignatureRange.flatMap { range in range.numerators.map { ($0, range.denominator) } }
      : [(4, 4)]
    let maxDenominator = timeSignatures.map(\.denominator).max() ?? 4
    let positions = config.maxPositionsPerBeat
    ticksPerBeatOfDenominator = config.timeSignatureRange.map {
      ($0.denominator, positions * (maxDenominator / $0.denominator))
    }
    guard let division = ticksPerBeatOfDenominator.first(where: { $0.denominator == 4 })?.ticksPerBeat else {
      throw TokensError(
        .unsupported(
          path: top.appending("time_signature_range"), value: "no denominator 4",
          reason: "MidiTok cannot make this tokenizer (its time division is the ticks per beat of 4)"))
    }
    timeDivision = division

    try rules.validate(config, at: top)
    let ownTimeValues = rules.timeValues(of: config)
    durations = ownTimeValues ?? TimeValue.values(of: config.beatResolution)
    rests = config.useRests ? TimeValue.values(of: config.beatResolutionRest) : []
    // NumPy 2's `linspace(..., dtype=int)` rounds down.
    velocities =
      config.useVelocities
      ? NumPy.linspace(0, 127, config.velocityCount + 1).dropFirst().map { Int($0.rounded(.down)) } : []
    firstBeatResolution =
      (config.beatResolution.first { $0.start == 0 || $0.end == 0 } ?? config.beatResolution[0]).resolution
    if config.useTempos {
      let bins =
        config.logTempos
        ? NumPy.geomspace(config.tempoRange.low, config.tempoRange.high, config.tempoCount)
        : NumPy.linspace(config.tempoRange.low, config.tempoRange.high, config.tempoCount)
      tempos = bins.map(NumPy.roundTwoDecimals)
      temposMSPQ = tempos.map { 60_000_000 / $0 }.sorted()
      var best = 0
      for (index, tempo) in tempos.enumerated() where abs(tempo - 120) < abs(tempos[best] - 120) {
        best = index
      }
      defaultTempo = tempos.isEmpty ? 120 : tempos[best]
    } else {
      tempos = [0]
      temposMSPQ = [0]
      defaultTempo = 120
    }
    pitchBends =
      config.usePitchBends
      ? NumPy.linspace(
        Double(config.pitchBendRange.low), Double(config.pitchBendRange.high), config.pitchBendRange.count
      )
      .map { Int($0.rounded(.down)) } : [0]
    if config.useControlChanges {
      let continuous = NumPy.linspace(0, 127, config.controlChangeBinCount).map {
        Int($0.rounded(.toNearestOrEven))
      }
      controlChangeValues = config.controlChangeNumbers.sorted().map { number in
        if TokenizerConfig.continuousControls.contains(number) { return (number, continuous) }
        if TokenizerConfig.switchControls.contains(number) { return (number, [0, 127]) }
        return (number, Array(0...127))
      }
    } else {
      controlChangeValues = []
    }
    for tpb in Set(ticksPerBeatOfDenominator.map(\.ticksPerBeat)) where ownTimeValues == nil {
      guard NumPy.isSorted(durations.map { Double($0.ticks(ticksPerBeat: tpb)) }) else {
        throw TokensError(
          .unsupported(
            path: top.appending("beat_res"), value: "ranges out of order",
            reason: "their durations are not in increasing order, which NumPy's search in MidiTok assumes"))
      }
    }
    if let trained = file.trained {
      let ids = trained.vocabBase.reduce(into: [:]) { $0[$1.token] = $1.id }
      guard let vocabulary = Vocabulary(ids: ids) else {
        throw TokensError.json(
          .invalidValue(value: "ids", expected: "the ids 0 to count - 1, each once"),
          JSONPathShorthand.top.appending("_vocab_base"))
      }
      vocabularies = [vocabulary]
    } else {
      vocabularies = rules.vocabularies(of: self)
    }
    try rules.check(self)
    guard !vocabularies.isEmpty else {
      throw TokensError(
        .unsupported(
          path: JSONPathShorthand.top.appending("tokenization"), value: tokenization.rawValue,
          reason: "not reproduced by midiroll yet"))
    }
    if vocabularies.count == 1 { tokenIDs = TokenIDs(tokenizer: self, vocabulary: vocabularies[0]) }
    if !velocities.isEmpty {
      let bins = velocities.map(Double.init)
      velocityBins = (0..<128).map {
        UInt8(clamping: velocities[NumPy.closestIndex(in: bins, to: Double($0))])
      }
    }
    for tpb in Set(ticksPerBeatOfDenominator.map(\.ticksPerBeat)).sorted() where ownTimeValues == nil {
      let ticks = durations.map { Double($0.ticks(ticksPerBeat: tpb)) }
      let longest = max(Int(ticks.max() ?? 0), 0)
      durationBins.append(
        (tpb, (0...longest).map { Int32(ticks[NumPy.closestIndex(in: ticks, to: Double($0))]) }))
    }
  }

  /// The bin of a duration at a number of ticks per beat: past the longest, the longest.
  @inline(__always)
  func durationBin(_ duration: Int32, table: [Int32]) -> Int32 {
    if duration < 0 { return table[0] }
    return Int(duration) < table.count ? table[Int(duration)] : table[table.count - 1]
  }

  /// Whether all tracks make one token sequence (`one_token_stream`): in one stream of
  /// programs, or joined one after another (MMM).
  public var oneTokenStream: Bool {
    rules.joinsTrackSequences || (config.usePrograms && config.oneTokenStreamForPrograms)
  }

  /// The number of ids (`len(tokenizer)`: a trained tokenizer's model's; for CPWord and
  /// Octuple the sum of the vocabularies').
  public var vocabularySize: Int { trainedModel?.vocabularySize ?? vocabularies.reduce(0) { $0 + $1.count } }

  /// Ids per token: the number of vocabularies of CPWord, Octuple and MuMIDI, else 1.
  public var tokenWidth: Int { vocabularies.count > 1 ? vocabularies.count : 1 }

  /// One more than the largest id a token field can hold (what a packed dataset's id type must
  /// hold): the trained model's vocabulary, or the largest vocabulary.
  public var idLimit: Int { trainedModel?.vocabularySize ?? vocabularies.map(\.count).max() ?? 0 }

  /// The ticks per beat a denominator has in a song resampled to `ticksPerQuarter`
  /// (`compute_ticks_per_beat`).
  static func ticksPerBeat(denominator: Int, ticksPerQuarter: Int) -> Int {
    denominator == 4 ? ticksPerQuarter : Int(Double(ticksPerQuarter) * (4 / Double(denominator)))
  }
}

/// Paths in a tokenizer file, for messages.
enum JSONPathShorthand {
  static let top = JSONPath()
  static let config = JSONPath().appending("config")
}

extension TokenizerConfig {
  /// MidiTok's `CONTINUOUS_CONTROL_CHANGE_NUMBERS`.
  static let continuousControls: Set<Int> = [
    1, 2, 4, 5, 7, 8, 10, 11, 64, 67, 71, 72, 73, 74, 75, 76, 77, 78, 91, 92, 93, 94, 95,
  ]
  /// MidiTok's `SWITCH_CONTROL_CHANGE_NUMBERS`.
  static let switchControls: Set<Int> = [65, 66, 68, 69, 122]
  /// MidiTok's `DEDUPLICABLE_CONTROL_CHANGE_NUMBERS`.
  static let deduplicableControls: Set<Int> = [
    1, 2, 4, 5, 7, 8, 10, 11, 64, 65, 66, 67, 68, 69, 71, 72, 73, 74, 75, 76, 77, 78, 91, 92, 93, 94, 95,
  ]
}
