/// What merging or splitting a song's tracks did.
public struct TrackLayoutReport: Hashable, Sendable, CustomStringConvertible {
  /// The layout, as people write it (``TrackLayout/description``).
  public var layout: String
  /// Tracks before.
  public var tracksBefore: Int
  /// Tracks after.
  public var tracksAfter: Int

  /// One line, e.g. `split by channel: 3 tracks became 5`.
  public var description: String {
    "\(layout): \(tracksBefore) track\(tracksBefore == 1 ? "" : "s") became \(tracksAfter)"
  }
}
