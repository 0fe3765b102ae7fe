import PianoRoll

extension PianoRollLayout {
  /// Adds the bar lines at every bar start (and the end of the last bar), a beat line at every
  /// beat of each bar's meter, and a subdivision line at every line of the zoom grid that is
  /// not on a beat.
  ///
  /// The zoom grid's lines are the quantizer's (``GridLines``): they restart at every bar line,
  /// so a bar cut short by a meter change restarts the grid. Beat and subdivision lines closer
  /// than ``RenderOptions/minimumLineSpacing`` are left out, and so is a bar line that close to
  /// the bar line before it (only in songs of thousands of bars squeezed into the width).
  mutating func addGrid(_ meters: TimeSignatureMap) {
    let pixelsPerTick = beatWidth / Double(ticksPerQuarter)
    let spacing = options.minimumLineSpacing
    let zoom = GridLines(grid: options.zoom, timeSignatures: meters)
    let drawsSubdivisions = zoom.cellTicks * pixelsPerTick >= spacing
    var bars: [GridLine] = []
    var beats: [GridLine] = []
    var subdivisions: [GridLine] = []
    func line(_ kind: GridLine.Kind, _ tick: Int) -> GridLine {
      GridLine(
        kind: kind, x: x(atTick: Double(tick)), tick: Double(tick), top: kind == .bar ? headerTop : gridTop,
        bottom: gridBottom)
    }
    for bar in self.bars {
      let start = meters.startTick(ofBar: bar)
      let end = meters.startTick(ofBar: bar + 1)
      let beat = max(1, ticksPerQuarter * 4 / meters.timeSignature(ofBar: bar).denominator)
      let barLine = line(.bar, start)
      if bars.last.map({ barLine.x - $0.x >= spacing }) ?? true { bars.append(barLine) }
      if Double(beat) * pixelsPerTick >= spacing {
        for tick in stride(from: start + beat, to: end, by: beat) { beats.append(line(.beat, tick)) }
      }
      if drawsSubdivisions && end - start > 1 {
        for tick in zoom.lines(from: start + 1, through: end - 1) where (tick - start) % beat != 0 {
          subdivisions.append(line(.subdivision, tick))
        }
      }
    }
    bars.append(line(.bar, endTick))
    gridLines = subdivisions + beats + bars
  }
}
