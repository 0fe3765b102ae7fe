/// Where a grid's lines fall in a song, in ticks, through every meter change.
///
/// The lines restart at every bar line (``TimeSignatureMap/startTick(ofBar:)``): line `k` of a
/// bar lies `k` cells after the bar's start, and the last cell of a bar that the grid does not
/// fill (a 5/8 bar on a `1/4` grid, a bar cut short by a meter change) ends early, at the next
/// bar line. So a grid is always measured in the meter's own bars.
///
/// **Exact lines.** A cell is not always a whole number of ticks (`1/16t` at 100 ticks per
/// quarter is 16⅔ ticks). Each line is computed exactly, as a fraction, from its bar's start and
/// only then rounded to the nearest tick (halves later), so rounding never accumulates along a
/// bar.
///
/// **Swing.** With swing `s` (0–100 %), every second line of a bar (odd `k`) is delayed by
/// `s/100 × cell/3`. At 100 % an off-beat line moves from half way between its neighbours to
/// two thirds of the way: `1/8` at 100 % swing puts every off-beat eighth on the eighth-note
/// triplet position (two thirds of the beat), the classic shuffle; 50 % is half way there.
///
/// SMPTE songs count bars with the model's fallback resolution
/// (``SMF/Division/ticksPerQuarterForPositions``), as their ``TimeSignatureMap`` does.
public struct GridLines: Hashable, Sendable {
  /// The grid.
  public let grid: Grid
  /// How much every second line is delayed, 0–100 (%).
  public let swing: Int
  /// The meters that place the bar lines.
  public let timeSignatures: TimeSignatureMap
  /// A cell is `cellNumerator / cellDenominator` ticks.
  let cellNumerator: Int
  let cellDenominator: Int

  /// The lines of `grid` in a song with these meters.
  /// - Parameter swing: Delay of every second line, in percent; clamped to 0…100.
  public init(grid: Grid, timeSignatures: TimeSignatureMap, swing: Int = 0) {
    self.grid = grid
    self.swing = min(100, max(0, swing))
    self.timeSignatures = timeSignatures
    (cellNumerator, cellDenominator) = grid.cellTicks(ticksPerQuarter: timeSignatures.ticksPerQuarter)
  }

  /// The length of a cell in ticks (not always whole).
  public var cellTicks: Double { Double(cellNumerator) / Double(cellDenominator) }

  /// Ticks from its bar's start to line `k` of the bar: `k` cells, plus the swing delay for odd
  /// `k`, rounded to the nearest tick (halves up). Not limited to the bar's length.
  public func offset(ofLine k: Int) -> Int {
    // k × cell (+ s/300 × cell when k is odd), as a fraction over 300 × cellDenominator.
    let numerator = cellNumerator * (300 * k + (k % 2 == 1 ? swing : 0))
    let denominator = 300 * cellDenominator
    return (2 * numerator + denominator).flooredDivision(by: 2 * denominator).quotient
  }

  /// The start and end tick of the bar holding `tick`.
  func bar(holding tick: Int) -> (start: Int, end: Int) {
    let bar = timeSignatures.position(atTick: tick).bar
    return (timeSignatures.startTick(ofBar: bar), timeSignatures.startTick(ofBar: bar + 1))
  }

  /// The lines of the bar holding `tick` that lie near it (as ticks), in order, ending with
  /// the next bar line.
  private func candidates(near tick: Int) -> [Int] {
    let (start, end) = bar(holding: tick)
    // The cell the tick falls in, before swing; swing moves lines later by at most a third.
    let ticks = tick - start
    let k = ticks * cellDenominator / cellNumerator
    // The first line that rounds to a later tick (after k + 2 only when a cell is under a tick).
    let next = ((2 * ticks + 1) * cellDenominator).ceilingDivision(by: 2 * cellNumerator)
    var lines: [Int] = []
    lines.reserveCapacity(7)
    for line in max(0, k - 1)...(k + 2) {
      let at = start + offset(ofLine: line)
      if at < end { lines.append(at) }
    }
    for line in max(k + 3, next)...max(k + 3, next + 1) where next > k + 2 {
      let at = start + offset(ofLine: line)
      if at < end { lines.append(at) }
    }
    lines.append(end)
    return lines
  }

  /// The line nearest `tick`; between two lines at the same distance, the later one.
  /// - Precondition: `tick >= 0`.
  public func nearestLine(toTick tick: Int) -> Int {
    var best = Int.max
    for line in candidates(near: tick) where abs(line - tick) <= abs(best - tick) {
      if abs(line - tick) < abs(best - tick) || line > best { best = line }
    }
    return best
  }

  /// The first line after `tick` (strictly later).
  /// - Precondition: `tick >= 0`.
  public func line(after tick: Int) -> Int {
    candidates(near: tick).first { $0 > tick }!
  }

  /// The first line at or after `tick`.
  /// - Precondition: `tick >= 0`.
  public func line(atOrAfter tick: Int) -> Int {
    candidates(near: tick).first { $0 >= tick }!
  }

  /// Every line from `start` up to and including `end`, in order (to draw the grid).
  /// - Complexity: O(*n*) in the number of lines, each found in O(log *m*) meter changes.
  public func lines(from start: Int, through end: Int) -> [Int] {
    var result: [Int] = []
    guard start <= end else { return result }
    var tick = line(atOrAfter: max(0, start))
    while tick <= end {
      result.append(tick)
      tick = line(after: tick)
    }
    return result
  }
}
