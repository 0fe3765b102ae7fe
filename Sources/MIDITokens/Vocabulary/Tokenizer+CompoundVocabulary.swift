extension Tokenizer {
  /// The tokens CPWord's and Octuple's vocabularies are made of, one list per field kind.
  struct CompoundTokenLists {
    let positions: [String]
    let pitches: [String]
    let velocities: [String]
    let durations: [String]
    let programs: [String]
    let tempos: [String]
    let timeSignatures: [String]
  }

  /// The token lists of CPWord's and Octuple's fields.
  var compoundTokenLists: CompoundTokenLists {
    var pitches = config.pitchRange.map { "Pitch_\($0)" }
    if config.usePitchDrumTokens { pitches += config.drumsPitchRange.map { "PitchDrum_\($0)" } }
    return CompoundTokenLists(
      positions: positionTokens, pitches: pitches, velocities: velocities.map { "Velocity_\($0)" },
      durations: durations.map { "Duration_\($0)" }, programs: config.programs.map { "Program_\($0)" },
      tempos: tempos.map { "Tempo_" + NumPy.pythonRepr($0) },
      timeSignatures: timeSignatures.map { "TimeSig_\($0.numerator)/\($0.denominator)" })
  }

  /// One vocabulary per field of a compound token, the special tokens first in each.
  func compoundVocabularies(_ lists: [[String]]) -> [Vocabulary] {
    lists.map { list in
      var vocabulary = Vocabulary()
      vocabulary.append(contentsOf: config.specialTokens + list)
      return vocabulary
    }
  }
}
