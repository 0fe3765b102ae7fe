extension Tokenizer {
  /// The tokens of a field of CPWord's and Octuple's compound tokens (its vocabulary's, but
  /// for the special tokens and the tokenization's own).
  func fieldTokens(_ field: String) -> [String] {
    switch field {
    case "Position": return positionTokens
    case "Pitch":
      let pitches = config.pitchRange.map { "Pitch_\($0)" }
      return pitches + (config.usePitchDrumTokens ? config.drumsPitchRange.map { "PitchDrum_\($0)" } : [])
    case "Velocity": return velocities.map { "Velocity_\($0)" }
    case "Duration": return durations.map { "Duration_\($0)" }
    case "Program": return config.programs.map { "Program_\($0)" }
    case "Chord": return chordTokens
    case "Rest": return rests.map { "Rest_\($0)" }
    case "Tempo": return tempos.map { "Tempo_" + NumPy.pythonRepr($0) }
    case "TimeSig": return timeSignatures.map { "TimeSig_\($0.numerator)/\($0.denominator)" }
    default: return []
    }
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
