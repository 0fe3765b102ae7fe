import PianoRoll

/// The bars a drawing shows: a ``BarRange`` (one type for bars everywhere; people write them
/// 1-based, `5...12`, `5-12`, `5...`).
public typealias BarSelection = BarRange

extension BarRange {
  /// The bars to draw in a song of `barCount` bars: the range cut at the song's end, or `nil`
  /// when it starts after the end. A song without bars has one empty bar to draw.
  public func clamped(toBarCount barCount: Int) -> ClosedRange<Int>? {
    let count = max(1, barCount)
    guard first < count else { return nil }
    return first...min(last ?? (count - 1), count - 1)
  }
}
