import PianoRoll

extension PianoRollLayout {
  /// Adds the bar lines at every bar start (and the end of the last bar), a beat line at every
  /// beat of each bar's meter, and a subdivision line at every zoom step between beats.
  ///
  /// Steps count from each bar's start, so a bar cut short by a meter change restarts the grid.
  /// Beat and subdivision lines closer than ``RenderOptions/minimumLineSpacing`` are left out.
  mutating func addGrid(_ meters: TimeSignatureMap) {
    let quarter = Double(ticksPerQuarter)
    let pixelsPerTick = beatWidth / quarter
    let step = options.zoom.stepTicks(ticksPerQuarter: ticksPerQuarter)
    let epsilon = 1e-6
    var bars: [GridLine] = []
    var beats: [GridLine] = []
    var subdivisions: [GridLine] = []
    let barTop = headerTop
    for bar in self.bars {
      let start = Double(meters.startTick(ofBar: bar))
      let end = Double(meters.startTick(ofBar: bar + 1))
      let meter = meters.timeSignature(ofBar: bar)
      let beat = quarter * 4 / Double(meter.denominator)
      bars.append(GridLine(kind: .bar, x: x(atTick: start), tick: start, top: barTop, bottom: gridBottom))
      if beat * pixelsPerTick >= options.minimumLineSpacing {
        var index = 1.0
        while start + index * beat < end - epsilon {
          let tick = start + index * beat
          beats.append(
            GridLine(kind: .beat, x: x(atTick: tick), tick: tick, top: gridTop, bottom: gridBottom))
          index += 1
        }
      }
      if step < beat - epsilon, step * pixelsPerTick >= options.minimumLineSpacing {
        var index = 1.0
        while start + index * step < end - epsilon {
          let offset = index * step
          let beatsIn = offset / beat
          if abs(beatsIn - beatsIn.rounded()) > epsilon {
            let tick = start + offset
            subdivisions.append(
              GridLine(kind: .subdivision, x: x(atTick: tick), tick: tick, top: gridTop, bottom: gridBottom))
          }
          index += 1
        }
      }
    }
    let end = Double(endTick)
    bars.append(GridLine(kind: .bar, x: x(atTick: end), tick: end, top: barTop, bottom: gridBottom))
    gridLines = subdivisions + beats + bars
  }
}
