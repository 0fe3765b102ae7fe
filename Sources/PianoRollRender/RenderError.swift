/// Why a piano roll cannot be drawn as asked.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bars asked for start after the song's last bar.
  case barsAfterEnd(BarSelection, barCount: Int)
  /// The rows asked for hold no key (an empty scale fold).
  case noRows

  /// One line for people.
  public var description: String {
    switch self {
    case .barsAfterEnd(let bars, let barCount):
      return "bars \(bars) start after the end of the song, which has \(barCount) bar(s)"
    case .noRows:
      return "no key rows to draw (the selected keys and the scale have no pitch in common)"
    }
  }
}
