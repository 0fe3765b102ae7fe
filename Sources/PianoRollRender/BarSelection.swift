/// The bars a drawing shows: a first bar and an optional last one, 0-based like ``Position``.
///
/// People write bars 1-based: `5...12` is the fifth to the twelfth bar (``init(parsing:)``).
public struct BarSelection: Hashable, Sendable, CustomStringConvertible {
  /// The first bar shown, 0-based.
  public var first: Int
  /// The last bar shown, 0-based and inclusive; `nil` for the end of the song.
  public var last: Int?

  /// Creates a selection of 0-based bars.
  /// - Precondition: `first >= 0` and `last`, if given, is at least `first`.
  public init(first: Int, last: Int? = nil) {
    precondition(first >= 0 && (last ?? first) >= first, "bars run forward from bar 0")
    self.first = first
    self.last = last
  }

  /// Reads 1-based bars: `5...12` (or `5..12`), `5...` (to the end), `...12` (from the start),
  /// or `5` (that bar alone); `nil` for anything else, bar 0, or a range that runs backwards.
  public init?(parsing text: String) {
    let separator = text.firstRange(of: "...") ?? text.firstRange(of: "..")
    let lowText = separator.map { String(text[..<$0.lowerBound]) } ?? text
    let highText = separator.map { String(text[$0.upperBound...]) } ?? text
    let low = lowText.isEmpty ? 1 : Int(lowText)
    let high = highText.isEmpty ? nil : Int(highText)
    guard let low, low >= 1, highText.isEmpty || (high.map { $0 >= low } ?? false),
      !(lowText.isEmpty && highText.isEmpty)
    else { return nil }
    self.init(first: low - 1, last: high.map { $0 - 1 })
  }

  /// The bars to draw in a song of `barCount` bars: the selection cut at the song's end, or
  /// `nil` when it starts after the end. A song without bars has one empty bar to draw.
  public func clamped(toBarCount barCount: Int) -> ClosedRange<Int>? {
    let count = max(1, barCount)
    guard first < count else { return nil }
    return first...min(last ?? (count - 1), count - 1)
  }

  /// The bars as people write them, 1-based: `5...12`, `5...`.
  public var description: String {
    "\(first + 1)..." + (last.map { String($0 + 1) } ?? "")
  }
}
