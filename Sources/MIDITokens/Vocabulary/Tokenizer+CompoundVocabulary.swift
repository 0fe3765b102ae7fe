extension Tokenizer {
  /// The fields of a CPWord or Octuple token, in order (`vocab_types_idx`).
  var compoundFields: [String] {
    var fields: [String]
    var optional: [(Bool, String)]
    switch tokenization {
    case .cpWord:
      fields = ["Family", "Position", "Pitch"]
      optional = [
        (config.useVelocities, "Velocity"), (config.usingNoteDurationTokens, "Duration"),
        (config.usePrograms, "Program"),
        (config.useChords, "Chord"), (config.useRests, "Rest"), (config.useTempos, "Tempo"),
        (config.useTimeSignatures, "TimeSig"),
      ]
    default:
      fields = ["Pitch", "Position", "Bar"]
      optional = [
        (config.useVelocities, "Velocity"), (config.usingNoteDurationTokens, "Duration"),
        (config.usePrograms, "Program"),
        (config.useTempos, "Tempo"), (config.useTimeSignatures, "TimeSig"),
      ]
    }
    for (used, name) in optional where used { fields.append(name) }
    return fields
  }

  /// The index of a field in a compound token.
  func compoundField(_ name: String) -> Int? { compoundFields.firstIndex(of: name) }

  /// CPWord's and Octuple's vocabularies (`_create_base_vocabulary`), the special tokens
  /// first in each.
  func makeMultiVocabularies() -> [Vocabulary] {
    let maxBeats = timeSignatures.map(\.numerator).max() ?? 0
    let positions = (0..<(config.maxPositionsPerBeat * maxBeats)).map { "Position_\($0)" }
    var pitches = config.pitchRange.map { "Pitch_\($0)" }
    if config.usePitchDrumTokens { pitches += config.drumsPitchRange.map { "PitchDrum_\($0)" } }
    let velocityTokens = velocities.map { "Velocity_\($0)" }
    let durationTokens = durations.map { "Duration_\($0)" }
    let programTokens = config.programs.map { "Program_\($0)" }
    let tempoTokens = tempos.map { "Tempo_" + NumPy.pythonRepr($0) }
    let signatureTokens = timeSignatures.map { "TimeSig_\($0.numerator)/\($0.denominator)" }
    var lists: [[String]]
    if tokenization == .cpWord {
      lists = [
        ["Family_Metric", "Family_Note"], ["Ignore_None", "Bar_None"] + positions, ["Ignore_None"] + pitches,
      ]
      if config.useVelocities { lists.append(["Ignore_None"] + velocityTokens) }
      if config.usingNoteDurationTokens { lists.append(["Ignore_None"] + durationTokens) }
      if config.usePrograms { lists.append(["Ignore_None"] + programTokens) }
      if config.useChords { lists.append(["Ignore_None"] + chordTokens) }
      if config.useRests { lists.append(["Ignore_None"] + rests.map { "Rest_\($0)" }) }
      if config.useTempos { lists.append(["Ignore_None"] + tempoTokens) }
      if config.useTimeSignatures { lists.append(["Ignore_None"] + signatureTokens) }
    } else {
      let bars = (0..<max(config.maxBarEmbedding ?? 0, 0)).map { "Bar_\($0)" }
      lists = [pitches, positions, bars]
      if config.useVelocities { lists.append(velocityTokens) }
      if config.usingNoteDurationTokens { lists.append(durationTokens) }
      if config.usePrograms { lists.append(programTokens) }
      if config.useTempos { lists.append(tempoTokens) }
      if config.useTimeSignatures { lists.append(signatureTokens) }
    }
    return lists.map { list in
      var vocabulary = Vocabulary()
      vocabulary.append(contentsOf: config.specialTokens + list)
      return vocabulary
    }
  }
}
