extension TokenizerConfig {
  /// What a tokenizer does to its configuration before making its vocabulary
  /// (`_tweak_config_before_creating_voc`), then the rule of `MusicTokenizer.__init__` that
  /// CC64 tokens replace sustain pedal tokens.
  mutating func adjust(for tokenization: Tokenization) {
    switch tokenization {
    case .remi, .tsd, .midiLike:
      break
    case .structured:
      useChords = false
      useRests = false
      useTempos = false
      useTimeSignatures = false
      useSustainPedals = false
      usePitchBends = false
      useControlChanges = false
      usePitchIntervals = false
      programChanges = false
      useKeySignatures = false
    case .cpWord:
      durationsForAllProgramsOrNone()
      useSustainPedals = false
      usePitchBends = false
      useControlChanges = false
      usePitchIntervals = false
      useKeySignatures = false
      programChanges = false
    case .octuple:
      useChords = false
      useRests = false
      useSustainPedals = false
      usePitchBends = false
      useControlChanges = false
      usePitchIntervals = false
      useKeySignatures = false
      deleteEqualSuccessiveTempoChanges = true
      programChanges = false
      durationsForAllProgramsOrNone()
      if !hasMaxBarEmbedding { maxBarEmbedding = 60 }
    }
    if useControlChanges && controlChangeNumbers.contains(64) && useSustainPedals {
      useSustainPedals = false
      sustainPedalDuration = false
    }
  }

  /// CPWord and Octuple: "Durations are enabled for all programs or none".
  private mutating func durationsForAllProgramsOrNone() {
    if !noteDurationPrograms.isEmpty && programs.contains(where: { !noteDurationPrograms.contains($0) }) {
      noteDurationPrograms = programs
    }
  }
}
