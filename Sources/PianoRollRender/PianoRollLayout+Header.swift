import PianoRoll

extension PianoRollLayout {
  /// Adds the title, the bar numbers (1-based; one left out when it would touch the one
  /// before), the meters and keys where they change (and those in force at the first bar), and
  /// the tempos with their markers. A key or tempo event that repeats the one in force is not
  /// shown.
  mutating func addHeader(_ timeline: Timeline, title: String?) {
    let fontSize = Self.fontSize
    if let title {
      labels.append(HeaderLabel(kind: .title, text: title, x: 6, y: headerTop - 7))
    }
    let meters = timeline.timeSignatures
    let barBaseline = headerTop + Self.barLaneHeight - 4
    var nextFree = -Double.infinity
    for bar in bars {
      let tick = meters.startTick(ofBar: bar)
      let text = String(bar + 1)
      let left = x(atTick: Double(tick)) + 3
      guard left >= nextFree else { continue }
      labels.append(HeaderLabel(kind: .barNumber, text: text, x: left, y: barBaseline, tick: tick))
      nextFree = left + Self.textWidth(text) + fontSize * 0.6
    }

    let markBaseline = headerTop + Self.barLaneHeight + Self.markLaneHeight - 3.5
    var meterEnds: [Int: Double] = [:]
    let range = startTick..<endTick
    var meterTicks = meters.changes.filter { range.contains($0.tick) }.map(\.tick)
    if meterTicks.first != startTick { meterTicks.insert(startTick, at: 0) }
    for tick in meterTicks {
      let text = meters.timeSignature(atTick: tick).description
      let left = x(atTick: Double(tick)) + 3
      labels.append(HeaderLabel(kind: .timeSignature, text: text, x: left, y: markBaseline, tick: tick))
      meterEnds[tick] = left + Self.textWidth(text) + fontSize * 0.6
    }
    var keys = timeline.keySignatures.filter { range.contains($0.tick) }
    if let first = timeline.keySignature(atTick: startTick), keys.first?.tick != startTick {
      keys.insert(KeySignature(tick: startTick, sharps: first.sharps, isMinor: first.isMinor), at: 0)
    }
    var previousKey: KeySignature? = nil
    for key in keys {
      defer { previousKey = key }
      if let previousKey, previousKey.sharps == key.sharps, previousKey.isMinor == key.isMinor { continue }
      let left = meterEnds[key.tick] ?? x(atTick: Double(key.tick)) + 3
      labels.append(
        HeaderLabel(kind: .keySignature, text: key.name, x: left, y: markBaseline, tick: key.tick))
    }

    let tempoBaseline = headerTop + Self.barLaneHeight + 2 * Self.markLaneHeight - 3.5
    var tempos = timeline.tempos.changes.filter { range.contains($0.tick) }
    if tempos.first?.tick != startTick {
      let first = timeline.tempos.tempo(atTick: startTick)
      tempos.insert(TempoChange(tick: startTick, microsecondsPerQuarter: first.microsecondsPerQuarter), at: 0)
    }
    nextFree = -Double.infinity
    var previousTempo: Int? = nil
    for tempo in tempos {
      // A tempo event that repeats the tempo in force changes nothing: not marked.
      defer { previousTempo = tempo.microsecondsPerQuarter }
      if previousTempo == tempo.microsecondsPerQuarter { continue }
      let marker = TempoMarker(
        tick: tempo.tick, x: x(atTick: Double(tempo.tick)), beatsPerMinute: tempo.beatsPerMinute)
      tempoMarkers.append(marker)
      let left = marker.x + 6
      guard left >= nextFree else { continue }
      labels.append(HeaderLabel(kind: .tempo, text: marker.text, x: left, y: tempoBaseline, tick: tempo.tick))
      nextFree = left + Self.textWidth(marker.text) + fontSize * 0.6
    }
  }
}
