import PianoRoll

extension PianoRollLayout {
  /// Adds the bar lines at every bar start (and the end of the last bar), a beat line at every
  /// beat of each bar's meter, and a subdivision line at every line of the zoom grid that is
  /// not on a beat.
  ///
  /// The zoom grid's lines are the quantizer's (``GridLines``): they restart at every bar line,
  /// so a bar cut short by a meter change restarts the grid. Beat and subdivision lines closer
  /// than ``RenderOptions/minimumLineSpacing`` are left out.
  mutating func addGrid(_ meters: TimeSignatureMap) {
    let quarter = Double(ticksPerQuarter)
    let pixelsPerTick = beatWidth / quarter
    var bars: [GridLine] = []
    var beats: [GridLine] = []
    var beatTicks = Set<Int>()
    let barTop = headerTop
    for bar in self.bars {
      let start = meters.startTick(ofBar: bar)
      let end = meters.startTick(ofBar: bar + 1)
      let meter = meters.timeSignature(ofBar: bar)
      let beat = max(1, ticksPerQuarter * 4 / meter.denominator)
      beatTicks.insert(start)
      bars.append(
        GridLine(
          kind: .bar, x: x(atTick: Double(start)), tick: Double(start), top: barTop, bottom: gridBottom))
      for tick in stride(from: start + beat, to: end, by: beat) {
        beatTicks.insert(tick)
        if Double(beat) * pixelsPerTick >= options.minimumLineSpacing {
          beats.append(
            GridLine(
              kind: .beat, x: x(atTick: Double(tick)), tick: Double(tick), top: gridTop, bottom: gridBottom))
        }
      }
    }
    beatTicks.insert(endTick)
    var subdivisions: [GridLine] = []
    let lines = GridLines(grid: options.zoom, timeSignatures: meters)
    if lines.cellTicks * pixelsPerTick >= options.minimumLineSpacing {
      for tick in lines.lines(from: startTick, through: endTick) where !beatTicks.contains(tick) {
        subdivisions.append(
          GridLine(
            kind: .subdivision, x: x(atTick: Double(tick)), tick: Double(tick), top: gridTop,
            bottom: gridBottom))
      }
    }
    let end = Double(endTick)
    bars.append(GridLine(kind: .bar, x: x(atTick: end), tick: end, top: barTop, bottom: gridBottom))
    gridLines = subdivisions + beats + bars
  }
}
