import JSON

extension TokenizerConfig {
  /// Reads the `config` object of a tokenizer file as MidiTok 3.1 loads it
  /// (`TokenizerConfig.from_dict`): a missing name keeps 3.1's default; the constructor's
  /// adjustments and checks follow (``adjustedAsConstructed(at:)``).
  /// - Throws: ``TokensError`` naming the field: a value of the wrong type, one MidiTok
  ///   refuses (its `ValueError`s), or a name midiroll does not know.
  public init(json object: JSONObject, path: JSONPath) throws(TokensError) {
    self.init()
    var reader = FieldReader(object: object, path: path)
    for member in object.members {
      let field = path.appending(member.name)
      let value = member.value
      switch member.name {
      case "pitch_range": pitchRange = try reader.closedRange(value, field)
      case "beat_res": beatResolution = try reader.beatRanges(value, field)
      case "num_velocities", "nb_velocities": velocityCount = try reader.integer(value, field)
      case "remove_duplicated_notes": removeDuplicatedNotes = try reader.bool(value, field)
      case "encode_ids_split":
        let split = try reader.string(value, field)
        guard ["bar", "beat", "no"].contains(split) else {
          throw TokensError.json(
            .invalidValue(value: "\"\(split)\"", expected: "\"bar\", \"beat\" or \"no\""), field)
        }
        encodeIDsSplit = split
      case "special_tokens": specialTokens = try reader.specialTokens(value, field)
      case "use_velocities": useVelocities = try reader.bool(value, field)
      case "use_note_duration_programs":
        noteDurationPrograms = PythonIntSet(try reader.programs(value, field))
      case "use_chords": useChords = try reader.bool(value, field)
      case "use_rests": useRests = try reader.bool(value, field)
      case "use_tempos": useTempos = try reader.bool(value, field)
      case "use_time_signatures": useTimeSignatures = try reader.bool(value, field)
      case "use_key_signatures": useKeySignatures = try reader.bool(value, field)
      case "use_sustain_pedals": useSustainPedals = try reader.bool(value, field)
      case "use_pitch_bends": usePitchBends = try reader.bool(value, field)
      case "use_control_changes": useControlChanges = try reader.bool(value, field)
      case "control_change_numbers": controlChangeNumbers = PythonIntSet(try reader.integers(value, field))
      case "control_change_n_bins": controlChangeBinCount = try reader.integer(value, field)
      case "use_programs": usePrograms = try reader.bool(value, field)
      case "use_pitch_intervals": usePitchIntervals = try reader.bool(value, field)
      case "use_pitchdrum_tokens": usePitchDrumTokens = try reader.bool(value, field)
      case "default_note_duration": defaultNoteDuration = try reader.double(value, field)
      case "beat_res_rest": beatResolutionRest = try reader.beatRanges(value, field)
      case "chord_maps": chordMaps = try reader.chordMaps(value, field)
      case "chord_tokens_with_root_note": chordTokensWithRootNote = try reader.bool(value, field)
      case "chord_unknown": chordUnknown = try reader.optionalRange(value, field)
      case "num_tempos", "nb_tempos": tempoCount = try reader.integer(value, field)
      case "tempo_range":
        let pair = try reader.doubles(value, field, count: 2)
        tempoRange = (pair[0], pair[1])
      case "log_tempos": logTempos = try reader.bool(value, field)
      case "delete_equal_successive_tempo_changes":
        deleteEqualSuccessiveTempoChanges = try reader.bool(value, field)
      case "time_signature_range": timeSignatureRange = try reader.timeSignatureRange(value, field)
      case "delete_equal_successive_time_sig_changes":
        deleteEqualSuccessiveTimeSignatureChanges = try reader.bool(value, field)
      case "sustain_pedal_duration": sustainPedalDuration = try reader.bool(value, field)
      case "pitch_bend_range":
        let triple = try reader.integers(value, field, count: 3)
        pitchBendRange = (triple[0], triple[1], triple[2])
      case "programs": programs = PythonIntSet(try reader.programs(value, field))
      case "one_token_stream_for_programs": oneTokenStreamForPrograms = try reader.bool(value, field)
      case "program_changes": programChanges = try reader.bool(value, field)
      case "max_pitch_interval": maxPitchInterval = try reader.integer(value, field)
      case "pitch_intervals_max_time_dist": pitchIntervalsMaxTimeDistance = try reader.double(value, field)
      case "drums_pitch_range": drumsPitchRange = try reader.closedRange(value, field)
      case "additional_params": try readAdditionalParameters(value, field, &reader)
      case let name where name.hasPrefix("ac_"):
        // Attribute controls: tokens only when the caller asks for them, which files never do.
        if case .bool(true) = value {
          throw TokensError(
            .unsupported(
              path: field, value: "true",
              reason: "attribute control tokens; midiroll tokenizes without them"))
        }
        if case .bool = value { continue }
        _ = try reader.integer(value, field)
      default:
        throw TokensError(
          .unsupported(
            path: field, value: value.summary, reason: "a configuration field MidiTok 3.1 does not have"))
      }
    }
    try adjustAsConstructed(at: path)
  }

  private mutating func readAdditionalParameters(
    _ value: JSONValue, _ path: JSONPath, _ reader: inout FieldReader
  )
    throws(TokensError)
  {
    guard case .object(let object) = value else {
      throw TokensError.json(.wrongType(expected: "an object", found: value.summary), path)
    }
    for member in object.members {
      let field = path.appending(member.name)
      switch member.name {
      case "max_bar_embedding":
        hasMaxBarEmbedding = true
        if case .null = member.value {
          maxBarEmbedding = nil
        } else {
          maxBarEmbedding = try reader.integer(member.value, field)
        }
      case "use_bar_end_tokens": useBarEndTokens = try reader.bool(member.value, field)
      case "add_trailing_bars": addTrailingBars = try reader.bool(member.value, field)
      case "ticks_per_quarter": perTok.ticksPerQuarter = try reader.integer(member.value, field)
      case "use_microtiming": perTok.useMicrotiming = try reader.bool(member.value, field)
      case "max_microtiming_shift": perTok.maxMicrotimingShift = try reader.double(member.value, field)
      case "num_microtiming_bins": perTok.microtimingBinCount = try reader.integer(member.value, field)
      case "use_position_toks": perTok.usePositionTokens = try reader.bool(member.value, field)
      case "base_tokenizer": baseTokenizer = try reader.string(member.value, field)
      // MMM's docstring asks for it; MidiTok 3.1 never reads it.
      case "density_bins_max": continue
      default:
        throw TokensError(
          .unsupported(
            path: field, value: member.value.summary,
            reason: "an additional parameter midiroll does not reproduce"))
      }
    }
  }

  /// What `TokenizerConfig.__init__` does after storing the arguments: its checks
  /// (`ValueError`s) and adjustments.
  mutating func adjustAsConstructed(at path: JSONPath) throws(TokensError) {
    func refuse(_ field: String, _ value: String, _ expected: String) -> TokensError {
      TokensError.json(.invalidValue(value: value, expected: expected), path.appending(field))
    }
    guard pitchRange.lowerBound >= 0, pitchRange.upperBound <= 127,
      pitchRange.lowerBound < pitchRange.upperBound
    else { throw refuse("pitch_range", "\(pitchRange)", "two pitches 0…127, the first lower") }
    guard drumsPitchRange.lowerBound >= 0, drumsPitchRange.upperBound <= 127,
      drumsPitchRange.lowerBound < drumsPitchRange.upperBound
    else { throw refuse("drums_pitch_range", "\(drumsPitchRange)", "two pitches 0…127, the first lower") }
    guard (1...127).contains(velocityCount) else {
      throw refuse("num_velocities", "\(velocityCount)", "a count 1…127")
    }
    guard maxPitchInterval == 0 || (0...127).contains(maxPitchInterval) else {
      throw refuse("max_pitch_interval", "\(maxPitchInterval)", "0…127")
    }
    if useControlChanges {
      guard (2...128).contains(controlChangeBinCount) else {
        throw refuse("control_change_n_bins", "\(controlChangeBinCount)", "2…128")
      }
      for number in controlChangeNumbers where !(0...127).contains(number) {
        throw refuse("control_change_numbers", "\(number)", "controller numbers 0…127")
      }
    }
    if useTimeSignatures {
      for (denominator, _) in timeSignatureRange
      where denominator <= 0 || denominator & (denominator - 1) != 0 {
        throw refuse("time_signature_range", "\(denominator)", "denominators that are powers of 2")
      }
    }
    // Values MidiTok would turn into infinities or empty bins (and fail on, or loop): refused.
    guard defaultNoteDuration.isFinite, (0...1000).contains(defaultNoteDuration) else {
      throw refuse("default_note_duration", "\(defaultNoteDuration)", "a duration in beats, 0…1000")
    }
    guard pitchIntervalsMaxTimeDistance.isFinite, (0...1000).contains(pitchIntervalsMaxTimeDistance) else {
      throw refuse(
        "pitch_intervals_max_time_dist", "\(pitchIntervalsMaxTimeDistance)", "a time in beats, 0…1000")
    }
    if useTempos {
      guard tempoCount >= 1 && tempoCount <= 10_000 else {
        throw refuse("num_tempos", "\(tempoCount)", "1…10000 bins")
      }
      guard tempoRange.low > 0, tempoRange.high.isFinite, tempoRange.low <= tempoRange.high,
        tempoRange.high < 1e7
      else {
        throw refuse(
          "tempo_range", "\([tempoRange.low, tempoRange.high])", "two tempos above 0, the first lower")
      }
    }
    if usePitchBends {
      guard (1...16384).contains(pitchBendRange.count), pitchBendRange.low <= pitchBendRange.high,
        pitchBendRange.low >= -8192, pitchBendRange.high <= 8191
      else {
        throw refuse(
          "pitch_bend_range", "\([pitchBendRange.low, pitchBendRange.high, pitchBendRange.count])",
          "a low and a high bend within -8192…8191 and 1 or more bins")
      }
    }
    for range in beatResolution + (useRests ? beatResolutionRest : [])
    where range.end > 1000 || range.resolution > 1000 {
      throw refuse(
        "beat_res", "\(range.start)_\(range.end): \(range.resolution)", "beats and resolutions up to 1000")
    }
    if !specialTokens.contains("PAD_None") { specialTokens.append("PAD_None") }
    oneTokenStreamForPrograms = oneTokenStreamForPrograms && usePrograms
    programChanges = programChanges && usePrograms
    if useRests && noteDurationPrograms.count < 129 {
      if !usePrograms || programs.contains(where: { !noteDurationPrograms.contains($0) }) { useRests = false }
    }
    if useRests {
      let restMax = beatResolutionRest.map(\.resolution).max() ?? 0
      guard restMax <= maxPositionsPerBeat else {
        throw refuse(
          "beat_res_rest", "\(restMax)", "resolutions no finer than beat_res's \(maxPositionsPerBeat)")
      }
    }
    sustainPedalDuration = sustainPedalDuration && useSustainPedals
  }
}

/// Reads typed values of a configuration, refusing a wrong type with the value's path.
private struct FieldReader {
  let object: JSONObject
  let path: JSONPath

  func bool(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> Bool {
    guard case .bool(let flag) = value else {
      throw TokensError.json(.wrongType(expected: "true or false", found: value.summary), path)
    }
    return flag
  }

  func integer(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> Int {
    guard case .integer(let number) = value else {
      throw TokensError.json(.wrongType(expected: "an integer", found: value.summary), path)
    }
    return number
  }

  func double(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> Double {
    switch value {
    case .integer(let number): return Double(number)
    case .number(let number): return number.double()
    default: throw TokensError.json(.wrongType(expected: "a number", found: value.summary), path)
    }
  }

  func string(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> String {
    guard case .string(let text) = value else {
      throw TokensError.json(.wrongType(expected: "a string", found: value.summary), path)
    }
    return text
  }

  func array(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> [JSONValue] {
    guard case .array(let elements) = value else {
      throw TokensError.json(.wrongType(expected: "an array", found: value.summary), path)
    }
    return elements
  }

  func integers(_ value: JSONValue, _ path: JSONPath, count: Int? = nil) throws(TokensError) -> [Int] {
    let elements = try array(value, path)
    if let count, elements.count != count {
      throw TokensError.json(
        .wrongType(expected: "an array of \(count) integers", found: value.summary), path)
    }
    var result: [Int] = []
    for (index, element) in elements.enumerated() {
      result.append(try integer(element, path.appending(index)))
    }
    return result
  }

  func doubles(_ value: JSONValue, _ path: JSONPath, count: Int) throws(TokensError) -> [Double] {
    let elements = try array(value, path)
    guard elements.count == count else {
      throw TokensError.json(.wrongType(expected: "an array of \(count) numbers", found: value.summary), path)
    }
    var result: [Double] = []
    for (index, element) in elements.enumerated() {
      result.append(try double(element, path.appending(index)))
    }
    return result
  }

  func closedRange(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> ClosedRange<Int> {
    let pair = try integers(value, path, count: 2)
    guard pair[0] <= pair[1] else {
      throw TokensError.json(.invalidValue(value: "\(pair)", expected: "a low value then a high one"), path)
    }
    return pair[0]...pair[1]
  }

  func optionalRange(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> Range<Int>? {
    if case .null = value { return nil }
    let pair = try integers(value, path, count: 2)
    guard pair[0] <= pair[1] else {
      throw TokensError.json(.invalidValue(value: "\(pair)", expected: "a low count then a high one"), path)
    }
    return pair[0]..<pair[1]
  }

  /// Programs: −1 (drums) to 127.
  func programs(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> [Int] {
    let values = try integers(value, path)
    for (index, program) in values.enumerated() where !(-1...127).contains(program) {
      throw TokensError.json(
        .outOfRange(value: "\(program)", expected: "a program −1…127"), path.appending(index))
    }
    return values
  }

  /// `{"0_4": 8, "4_12": 4}`.
  func beatRanges(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> [BeatRange] {
    guard case .object(let ranges) = value, !ranges.members.isEmpty else {
      throw TokensError.json(
        .wrongType(expected: "an object such as {\"0_4\": 8}", found: value.summary), path)
    }
    var result: [BeatRange] = []
    for member in ranges.members {
      let parts = member.name.split(separator: "_", omittingEmptySubsequences: false)
      guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]), start >= 0, start < end
      else {
        throw TokensError.json(
          .invalidValue(value: "\"\(member.name)\"", expected: "a beat range such as \"0_4\""),
          path.appending(member.name))
      }
      let resolution = try integer(member.value, path.appending(member.name))
      guard resolution > 0 else {
        throw TokensError.json(
          .outOfRange(value: "\(resolution)", expected: "positions per beat, 1 or more"),
          path.appending(member.name))
      }
      // Python's dict: a range named again keeps its first place and takes the later value.
      if let same = result.firstIndex(where: { $0.start == start && $0.end == end }) {
        result[same].resolution = resolution
      } else {
        result.append(BeatRange(start, end, resolution))
      }
    }
    return result
  }

  /// `{"8": [3, 12, 6], "4": [5, 6, 3, 2, 1, 4]}`.
  func timeSignatureRange(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> [(
    denominator: Int, numerators: [Int]
  )] {
    guard case .object(let ranges) = value else {
      throw TokensError.json(
        .wrongType(expected: "an object such as {\"4\": [3, 4]}", found: value.summary), path)
    }
    var result: [(denominator: Int, numerators: [Int])] = []
    for member in ranges.members {
      guard let denominator = Int(member.name), String(denominator) == member.name else {
        throw TokensError.json(
          .invalidValue(value: "\"\(member.name)\"", expected: "a denominator such as \"4\""),
          path.appending(member.name))
      }
      let numerators = try integers(member.value, path.appending(member.name))
      for (index, numerator) in numerators.enumerated() where numerator <= 0 || numerator > 255 {
        throw TokensError.json(
          .outOfRange(value: "\(numerator)", expected: "a numerator 1…255"),
          path.appending(member.name).appending(index))
      }
      result.append((denominator, numerators))
    }
    return result
  }

  /// MidiTok's `_format_special_token`: `PAD` → `PAD_None`, `A_B_C` → `A-B_C`, each once.
  func specialTokens(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> [String] {
    let elements = try array(value, path)
    var result: [String] = []
    for (index, element) in elements.enumerated() {
      let token = try string(element, path.appending(index))
      var parts = token.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
      if parts.count == 1 {
        parts.append("None")
      } else if parts.count > 2 {
        parts = [parts.dropLast().joined(separator: "-"), parts.last!]
      }
      let formatted = parts.joined(separator: "_")
      if !result.contains(formatted) { result.append(formatted) }
    }
    return result
  }

  /// `{"maj": [0, 4, 7], …}`.
  func chordMaps(_ value: JSONValue, _ path: JSONPath) throws(TokensError) -> [(
    name: String, intervals: [Int]
  )] {
    guard case .object(let maps) = value else {
      throw TokensError.json(.wrongType(expected: "an object of chord qualities", found: value.summary), path)
    }
    var result: [(name: String, intervals: [Int])] = []
    for member in maps.members {
      result.append((member.name, try integers(member.value, path.appending(member.name))))
    }
    return result
  }
}
