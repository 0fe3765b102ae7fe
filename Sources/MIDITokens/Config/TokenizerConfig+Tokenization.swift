extension TokenizerConfig {
  /// What a tokenizer does to its configuration before making its vocabulary
  /// (`_tweak_config_before_creating_voc`, the tokenization's rules), then the rule of
  /// `MusicTokenizer.__init__` that CC64 tokens replace sustain pedal tokens.
  mutating func adjust(for tokenization: Tokenization) {
    tokenization.rules.adjust(&self)
    if useControlChanges && controlChangeNumbers.contains(64) && useSustainPedals {
      useSustainPedals = false
      sustainPedalDuration = false
    }
  }

  /// CPWord and Octuple: "Durations are enabled for all programs or none".
  mutating func durationsForAllProgramsOrNone() {
    if !noteDurationPrograms.isEmpty && programs.contains(where: { !noteDurationPrograms.contains($0) }) {
      noteDurationPrograms = programs
    }
  }
}
