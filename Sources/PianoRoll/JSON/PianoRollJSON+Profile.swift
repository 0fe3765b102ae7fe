extension PianoRollJSON {
  /// How much a piano-roll JSON document says; its `"profile"` names it. Both read back to the
  /// same song, and one schema covers both.
  public enum Profile: String, Sendable, CaseIterable {
    /// Every field: the ticks and the derived views (note names, positions, durations as
    /// positions, seconds, BPM, key names, the top-level summaries), one note or event a line.
    case full
    /// The same format without derived fields and without padding: only what the song needs,
    /// and a note's `offVelocity` and `channel` only when not 0.
    case compact
  }
}
