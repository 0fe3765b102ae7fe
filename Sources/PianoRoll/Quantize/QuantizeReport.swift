/// What quantizing a song did.
public struct QuantizeReport: Hashable, Sendable, CustomStringConvertible {
  /// The notes looked at (every note of the song).
  public var notes = 0
  /// Notes whose start or length changed.
  public var moved = 0
  /// Notes cut short because the next note of their pitch and channel (in their track) started
  /// before they ended; each one is kept, possibly 0 ticks long.
  public var collisions = 0
  /// Notes made one grid cell long because they were shorter (``Quantizer/minimumDuration``).
  public var lengthened = 0
  /// Non-note events moved (``Quantizer/movesAllEvents``).
  public var eventsMoved = 0

  /// An empty report.
  public init() {}

  /// One line, e.g. `quantized 312 notes: 280 moved, 3 collisions`.
  public var description: String {
    var text =
      "quantized \(notes) note\(notes == 1 ? "" : "s"): \(moved) moved, "
      + "\(collisions) collision\(collisions == 1 ? "" : "s")"
    if lengthened > 0 { text += ", \(lengthened) lengthened" }
    if eventsMoved > 0 { text += ", \(eventsMoved) other event\(eventsMoved == 1 ? "" : "s") moved" }
    return text
  }
}
