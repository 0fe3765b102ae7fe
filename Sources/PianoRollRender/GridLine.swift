/// A vertical line of the grid: a bar line, a beat line or a subdivision line of the zoom level.
public struct GridLine: Hashable, Sendable {
  /// What the line marks, strongest first.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The start (or end) of a bar.
    case bar
    /// A beat of the bar's time signature.
    case beat
    /// A step of the zoom level between beats.
    case subdivision
  }

  /// What the line marks.
  public var kind: Kind
  /// The line's horizontal place in pixels.
  public var x: Double
  /// The tick it marks (not always whole: triplet steps fall between ticks).
  public var tick: Double
  /// Where the line starts, in pixels from the top.
  public var top: Double
  /// Where the line ends, in pixels from the top.
  public var bottom: Double
}
