import JSON

/// PerTok (Lemonaide's Performance Tokenizer, MidiTok 3.1's `pertok.py`): songs at their own
/// resolution (`ticks_per_quarter`), a Bar token per bar, a TimeShift (or Position) token
/// before each timed token, to the nearest of the values of all `beat_res` ranges (overlapping
/// ones allowed), and a MicroTiming token after it for what the TimeShift missed.
struct PerTokRules: TimeTokenRules {
  func validate(_ config: TokenizerConfig, at path: JSONPath) throws(TokensError) {
    let parameters = path.appending("additional_params")
    func missing(_ name: String, _ expected: String) -> TokensError {
      TokensError.json(.missingName(name, expected: expected), parameters)
    }
    func refuse(_ name: String, _ value: String, _ expected: String) -> TokensError {
      TokensError.json(.invalidValue(value: value, expected: expected), parameters.appending(name))
    }
    let perTok = config.perTok
    // `_tweak_config_before_creating_voc` reads these three whatever the options (KeyError).
    guard let ticksPerQuarter = perTok.ticksPerQuarter else {
      throw missing("ticks_per_quarter", "PerTok's resolution in ticks per quarter")
    }
    guard let useMicrotiming = perTok.useMicrotiming else {
      throw missing("use_microtiming", "whether PerTok writes MicroTiming tokens")
    }
    guard let shift = perTok.maxMicrotimingShift else {
      throw missing(
        "max_microtiming_shift", "the farthest MicroTiming in quarters (read even without microtiming)")
    }
    guard (1...100_000).contains(ticksPerQuarter) else {
      throw refuse("ticks_per_quarter", "\(ticksPerQuarter)", "a resolution of 1 to 100000 ticks per quarter")
    }
    guard shift.isFinite, abs(shift * Double(ticksPerQuarter)) < 1e9 else {
      throw refuse("max_microtiming_shift", "\(shift)", "a finite shift in quarters")
    }
    if useMicrotiming {
      guard let bins = perTok.microtimingBinCount else {
        throw missing("num_microtiming_bins", "the number of MicroTiming bins (MidiTok's ValueError)")
      }
      guard (0...100_000).contains(bins) else {
        throw refuse("num_microtiming_bins", "\(bins)", "0 to 100000 bins")
      }
    }
    guard !Self.durations(of: config).isEmpty else {
      throw TokensError.json(
        .invalidValue(
          value: "no value past 0", expected: "ranges of PerTok durations (MidiTok's min() of none)"),
        path.appending("beat_res"))
    }
  }

  func timeValues(of config: TokenizerConfig) -> [TimeValue]? { Self.durations(of: config) }

  func fixedResolution(of config: TokenizerConfig) -> Int? { config.perTok.ticksPerQuarter }

  /// PerTok's `_create_durations_tuples`: every range in the file's order, each beat and
  /// subdivision but the first, as `(beat, ticks past the beat, ticks per quarter)`; ranges
  /// that overlap give a value twice.
  static func durations(of config: TokenizerConfig) -> [TimeValue] {
    let ticksPerQuarter = config.perTok.ticksPerQuarter ?? 0
    var values: [TimeValue] = []
    for range in config.beatResolution {
      for beat in range.start..<range.end {
        for subdivision in 0..<range.resolution where !(beat == 0 && subdivision == 0) {
          values.append(TimeValue(beat, ticksPerQuarter / range.resolution * subdivision, ticksPerQuarter))
        }
      }
    }
    return values
  }

  func vocabularies(of tokenizer: Tokenizer) -> [Vocabulary] {
    let tables = PerTokTables(tokenizer: tokenizer)
    return tokenizer.oneVocabulary { vocabulary in
      vocabulary.append("Bar_None")
      tokenizer.appendNoteTokens(to: &vocabulary)
      if tables.usePositions {
        vocabulary.append(contentsOf: tables.positions.map { "Position_\($0)" })
      } else {
        vocabulary.append(contentsOf: tokenizer.durations.map { "TimeShift_\($0)" })
      }
      // `any(use_note_duration_programs)`: Duration tokens the notes' already added.
      if tokenizer.config.noteDurationPrograms.contains(where: { $0 != 0 }) {
        vocabulary.append(contentsOf: tokenizer.durations.map { "Duration_\($0)" })
      }
      vocabulary.append(contentsOf: tables.microtimings.map { "MicroTiming_\($0)" })
      tokenizer.appendAdditionalTokens(to: &vocabulary)
    }
  }

  func encode(_ score: Score, by tokenizer: Tokenizer, to receiver: any TokenSequenceReceiver)
    throws(TokensError)
  {
    try tokenizer.checkPerTokSections(of: score)
    try tokenizer.encodeEvents(of: score, rules: self, to: receiver)
  }

  func timeEvents(
    _ items: some Sequence<TrackItem>, notes: inout NoteTokens, global: [TokenEvent], ticksPerQuarter: Int,
    by tokenizer: Tokenizer, into output: inout TokenOutput
  ) throws(TokensError) {
    try tokenizer.perTokTimeEvents(items, notes: &notes, into: &output)
  }

  func decode(_ sequences: [[String]], by tokenizer: Tokenizer) throws(TokensError) -> Score {
    try tokenizer.decodePerTok(Tokenizer.split(sequences: sequences))
  }
}

/// What PerTok computes once from its configuration: its resolution, the ticks of its time
/// values, the smallest time shift, the Position and MicroTiming values.
struct PerTokTables {
  let ticksPerQuarter: Int
  /// Each Duration and TimeShift value's ticks (`beat × tpq + ticks`), in `durations`' order.
  let ticks: [Int]
  /// `int(min(ticks) × 0.5)`: shorter gaps get no time token.
  let minTimeShift: Int
  let usePositions: Bool
  /// `_create_position_tok_locations`: 0, then the values' ticks sorted, each once.
  let positions: [Int]
  let useMicrotiming: Bool
  /// `np.linspace(-shift, shift, bins + 1, dtype=np.intc)` (NumPy 2 floors).
  let microtimings: [Int]

  init(tokenizer: Tokenizer) {
    let perTok = tokenizer.config.perTok
    let resolution = perTok.ticksPerQuarter ?? 0
    ticksPerQuarter = resolution
    ticks = tokenizer.durations.map { $0.beat * $0.resolution + $0.position }
    minTimeShift = Int((Double(ticks.min() ?? 0) * 0.5).rounded(.towardZero))
    usePositions = perTok.usePositionTokens
    positions = [0] + Set(tokenizer.durations.map { $0.beat * resolution + $0.position }).sorted()
    useMicrotiming = perTok.useMicrotiming ?? false
    if useMicrotiming {
      let shift = (perTok.maxMicrotimingShift ?? 0) * Double(ticksPerQuarter)
      microtimings = NumPy.linspace(-shift, shift, (perTok.microtimingBinCount ?? 0) + 1).map {
        Int($0.rounded(.down))
      }
    } else {
      microtimings = []
    }
  }

  /// The index of the first value nearest `target` (Python's `min` with a key; NumPy's
  /// `argmin`).
  static func nearest(_ values: [Int], to target: Double) -> Int {
    var best = 0
    var bestDistance = Double.infinity
    for (index, value) in values.enumerated() {
      let distance = abs(Double(value) - target)
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return best
  }
}
