/// The time steps of one song under a ``StepGrid``: which step a tick falls in, where each step
/// starts, and how many steps the song needs.
public struct StepMap: Hashable, Sendable {
  /// The grid.
  public let grid: StepGrid
  /// The song's meters.
  public let timeSignatures: TimeSignatureMap
  /// Steps up to the song's end (a bar grid: up to the end of the last bar begun).
  public let songSteps: Int
  /// Bar grid only: the first tick of bars `0...max(1, barCount)` (the last is the end of the
  /// last bar; a song of length 0 still knows its first bar, so that every tick has a step).
  let barStartTicks: [Int]
  /// Bar grid only: the first step of bars `0...max(1, barCount)`.
  let barFirstSteps: [Int]
  /// Bar grid only: the lines of the grid inside a bar.
  let lines: GridLines?

  /// The steps of a song with these meters, ending at `endTick`.
  /// - Throws: ``MatrixError`` when the song needs more than `maximumSteps` steps, or the
  ///   resolution is out of range.
  public init(grid: StepGrid, timeSignatures: TimeSignatureMap, endTick: Int, maximumSteps: Int)
    throws(MatrixError)
  {
    self.grid = grid
    self.timeSignatures = timeSignatures
    let ticksPerQuarter = timeSignatures.ticksPerQuarter
    let endTick = max(0, endTick)
    switch grid {
    case .perQuarter(let resolution):
      guard (1...MatrixOptions.maximumResolution).contains(resolution) else {
        throw .badResolution(resolution)
      }
      let estimate = Double(endTick) * Double(resolution) / Double(ticksPerQuarter)
      guard estimate <= Double(maximumSteps) else {
        throw .tooManySteps(steps: Int(min(estimate, 9e18)), limit: maximumSteps)
      }
      barStartTicks = []
      barFirstSteps = []
      lines = nil
      songSteps = Self.nearestStep(endTick, resolution: resolution, ticksPerQuarter: ticksPerQuarter)
    case .bars(let cellGrid):
      let (numerator, denominator) = cellGrid.cellTicks(ticksPerQuarter: ticksPerQuarter)
      // Every bar adds at most one step more than its exact cells: bound before building.
      let barCount = timeSignatures.barCount(endTick: endTick)
      let estimate = Double(endTick) * Double(denominator) / Double(numerator) + Double(barCount)
      guard estimate <= Double(maximumSteps) else {
        throw .tooManySteps(steps: Int(min(estimate, 9e18)), limit: maximumSteps)
      }
      var starts = [0]
      var firstSteps = [0]
      let knownBars = max(1, barCount)
      starts.reserveCapacity(knownBars + 1)
      firstSteps.reserveCapacity(knownBars + 1)
      for bar in 0..<knownBars {
        let end = timeSignatures.startTick(ofBar: bar + 1)
        let length = end - starts[bar]
        // ceil(length / cell): a bar the grid does not fill rounds up.
        let cells = max(1, (length * denominator).ceilingDivision(by: numerator))
        starts.append(end)
        firstSteps.append(firstSteps[bar] + cells)
      }
      barStartTicks = starts
      barFirstSteps = firstSteps
      lines = GridLines(grid: cellGrid, timeSignatures: timeSignatures)
      songSteps = firstSteps[barCount]
    }
  }

  /// The bar (0-based) whose span holds `tick`, clamped to the bars the map knows.
  private func barIndex(holding tick: Int) -> Int {
    var low = 0
    var high = barStartTicks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if barStartTicks[middle] <= tick { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The step a tick falls in (see ``StepGrid``). Ticks past the song's last bar continue the
  /// last bar's grid.
  public func step(atTick tick: Int) -> Int {
    switch grid {
    case .perQuarter(let resolution):
      return Self.nearestStep(tick, resolution: resolution, ticksPerQuarter: timeSignatures.ticksPerQuarter)
    case .bars:
      guard let lines, let last = barStartTicks.last, let lastStep = barFirstSteps.last,
        barStartTicks.count > 1
      else { return 0 }
      let (numerator, denominator) = lines.grid.cellTicks(ticksPerQuarter: timeSignatures.ticksPerQuarter)
      let tick = max(0, tick)
      if tick >= last {
        // Past the last bar: its grid continues, cell after cell.
        return lastStep + (2 * (tick - last) * denominator + numerator) / (2 * numerator)
      }
      let bar = barIndex(holding: tick)
      let start = barStartTicks[bar]
      let end = barStartTicks[bar + 1]
      let cells = barFirstSteps[bar + 1] - barFirstSteps[bar]
      // The exact cell holding the tick, and its neighbours; line `cells` is the next bar line
      // (the next bar's first step).
      let k0 = ((tick - start) * denominator) / numerator
      var best = 0
      var bestTick = Int.min
      for k in max(0, k0 - 1)...min(cells, k0 + 2) {
        let line = k == cells ? end : min(end, start + lines.offset(ofLine: k))
        let distance = abs(line - tick)
        if bestTick == Int.min || distance < abs(bestTick - tick)
          || (distance == abs(bestTick - tick) && line >= bestTick)
        {
          best = k
          bestTick = line
        }
      }
      return barFirstSteps[bar] + best
    }
  }

  /// `round(tick × resolution / ticksPerQuarter)` with halves rounding up, without overflow.
  static func nearestStep(_ tick: Int, resolution: Int, ticksPerQuarter: Int) -> Int {
    // floor((2 × tick × resolution + ticksPerQuarter) / (2 × ticksPerQuarter))
    let (quotient, remainder) = tick.flooredDivision(by: ticksPerQuarter)
    return quotient * resolution + (2 * remainder * resolution + ticksPerQuarter) / (2 * ticksPerQuarter)
  }

  /// The first tick of a step: `floor(step × ticksPerQuarter / resolution)`, or on a bar grid
  /// the step's line in its bar. Steps past the last bar continue its grid.
  public func startTick(ofStep step: Int) -> Int {
    switch grid {
    case .perQuarter(let resolution):
      let (quotient, remainder) = step.flooredDivision(by: resolution)
      return quotient * timeSignatures.ticksPerQuarter + remainder * timeSignatures.ticksPerQuarter
        / resolution
    case .bars:
      guard let lines, let last = barStartTicks.last, let lastStep = barFirstSteps.last,
        barStartTicks.count > 1
      else { return 0 }
      if step >= lastStep { return last + lines.offset(ofLine: step - lastStep) }
      var low = 0
      var high = barFirstSteps.count - 2
      while low < high {
        let middle = (low + high + 1) / 2
        if barFirstSteps[middle] <= step { low = middle } else { high = middle - 1 }
      }
      return min(barStartTicks[low + 1], barStartTicks[low] + lines.offset(ofLine: step - barFirstSteps[low]))
    }
  }

  /// The first step of each bar that begins before the song's end (bar grid: exactly the
  /// bars' first steps; per quarter: the steps the bar lines round to).
  public func barFirstSteps(barCount: Int) -> [Int] {
    switch grid {
    case .perQuarter:
      return (0..<barCount).map { step(atTick: timeSignatures.startTick(ofBar: $0)) }
    case .bars:
      return Array(barFirstSteps.prefix(min(barCount, barFirstSteps.count - 1)))
    }
  }
}
