import PianoRoll

extension PianoRollJSON {
  /// How much a piano-roll JSON document says; its `"profile"` names it. Both read back to the
  /// same song, one schema covers both, and the reader takes objects and rows in either.
  public enum Profile: String, Sendable, CaseIterable {
    /// Every field: the ticks and the derived views (note names, positions, durations as
    /// positions, seconds, BPM, key names, the top-level summaries), one note or event a line.
    case full
    /// Only what the song needs, without padding: notes as rows of 6 integers `[tick,
    /// durationTicks, pitch, velocity, channel, off]`, events as rows `[tick, "type", fields…]`
    /// (``PianoRollJSON/eventRows``), the order within a tick in the tracks' `onOrders`,
    /// `offOrders` and `eventOrders`.
    case compact
  }
}
