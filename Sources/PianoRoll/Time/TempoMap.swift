import SMF

/// Ticks ⇄ seconds through every tempo change of a song.
///
/// With ticks per quarter note (PPQN), seconds follow every tempo change; without a tempo at
/// tick 0 the song starts at 120 BPM. A tick's time is computed exactly in units of
/// `1 / (ticksPerQuarter × 1000000)` seconds and divided once, so it is the `Double` nearest
/// the true time. With SMPTE division a tick is a fixed fraction of a second
/// (``Division/ticksPerSecond``) and tempo events do not change the timing; they are still
/// listed in ``changes``.
public struct TempoMap: Hashable, Sendable {
  /// What a tick means.
  public let division: Division
  /// Every tempo in force, in tick order, the first at tick 0 (120 BPM when the song has none
  /// there). Changes at one tick are merged (the last one wins).
  public let changes: [TempoChange]
  /// For each change, its time in units of `1 / (ticksPerQuarter × 1000000)` seconds (PPQN).
  let startTimes: [Int]
  /// For each change, its time in seconds (to search by seconds).
  let startSeconds: [Double]

  /// A map from the song's tempo changes.
  ///
  /// Tempos of 0 µs a quarter are left out; a change at a negative tick counts as at tick 0.
  public init(division: Division, tempos: [TempoChange] = []) {
    self.division = division
    let valid = tempos.filter { $0.microsecondsPerQuarter > 0 }
      .map { TempoChange(tick: max(0, $0.tick), microsecondsPerQuarter: $0.microsecondsPerQuarter) }
    let sorted =
      zip(valid, valid.dropFirst()).allSatisfy { $0.tick <= $1.tick }
      ? valid
      : valid.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
        .map(\.element)
    var merged: [TempoChange] = []
    for change in sorted {
      if merged.last?.tick == change.tick { merged[merged.count - 1] = change } else { merged.append(change) }
    }
    if merged.first?.tick != 0 {
      merged.insert(
        TempoChange(tick: 0, microsecondsPerQuarter: TempoChange.defaultMicrosecondsPerQuarter), at: 0)
    }
    changes = merged
    var times: [Int] = [0]
    for (previous, change) in zip(merged, merged.dropFirst()) {
      let (span, overflow) = (change.tick - previous.tick).multipliedReportingOverflow(
        by: previous.microsecondsPerQuarter)
      let (sum, overflowSum) = times[times.count - 1].addingReportingOverflow(span)
      times.append(overflow || overflowSum ? Int.max / 2 : sum)
    }
    startTimes = times
    let unit = Double(Self.quarterTicks(division)) * 1_000_000
    startSeconds = times.map { Double($0) / unit }
  }

  /// Ticks per quarter note for PPQN; 1 for SMPTE (unused there).
  static func quarterTicks(_ division: Division) -> Int {
    max(1, division.ticksPerQuarter ?? 1)
  }

  /// The time of a tick, in seconds from the start of the song.
  public func seconds(atTick tick: Int) -> Double {
    if let ticksPerSecond = division.ticksPerSecond {
      return Double(tick) / max(ticksPerSecond, 1)
    }
    if let units = units(atTick: tick) { return Double(units) / unit }
    let change = tempo(atTick: tick)
    let index = SortedKeys.lastIndex(count: changes.count, atOrBefore: tick) { changes[$0].tick }
    return startSeconds[index] + Double(tick - change.tick) * Double(change.microsecondsPerQuarter) / unit
  }

  /// The seconds from one tick to another, computed exactly before one rounding.
  public func seconds(fromTick start: Int, toTick end: Int) -> Double {
    if let ticksPerSecond = division.ticksPerSecond {
      return Double(end - start) / max(ticksPerSecond, 1)
    }
    if let startUnits = units(atTick: start), let endUnits = units(atTick: end) {
      return Double(endUnits - startUnits) / unit
    }
    return seconds(atTick: end) - seconds(atTick: start)
  }

  /// The exact time of a tick in seconds, as a fraction, or `nil` when it does not fit in
  /// `Int`s.
  public func exactSeconds(atTick tick: Int) -> (numerator: Int, denominator: Int)? {
    if case .smpte(let framesPerSecond, let ticksPerFrame) = division {
      return Self.smpteSeconds(ticks: tick, framesPerSecond: framesPerSecond, ticksPerFrame: ticksPerFrame)
    }
    guard let units = units(atTick: tick) else { return nil }
    return (units, Self.quarterTicks(division) * 1_000_000)
  }

  /// The exact seconds from one tick to another, as a fraction, or `nil` when it does not fit.
  public func exactSeconds(fromTick start: Int, toTick end: Int) -> (numerator: Int, denominator: Int)? {
    if case .smpte(let framesPerSecond, let ticksPerFrame) = division {
      return Self.smpteSeconds(
        ticks: end - start, framesPerSecond: framesPerSecond, ticksPerFrame: ticksPerFrame)
    }
    guard let startUnits = units(atTick: start), let endUnits = units(atTick: end) else { return nil }
    return (endUnits - startUnits, Self.quarterTicks(division) * 1_000_000)
  }

  /// SMPTE time: `ticks / (framesPerSecond × ticksPerFrame)`, with 29.97 frames for 29.
  static func smpteSeconds(ticks: Int, framesPerSecond: Int, ticksPerFrame: Int) -> (
    numerator: Int, denominator: Int
  )? {
    let perFrame = max(1, ticksPerFrame)
    if framesPerSecond == 29 {
      let (numerator, overflow) = ticks.multipliedReportingOverflow(by: 100)
      return overflow ? nil : (numerator, 2997 * perFrame)
    }
    return (ticks, max(1, framesPerSecond) * perFrame)
  }

  /// One second in time units: ticks per quarter × 1000000.
  var unit: Double { Double(Self.quarterTicks(division)) * 1_000_000 }

  /// The time of a tick in units of `1 / (ticksPerQuarter × 1000000)` seconds, or `nil` when it
  /// does not fit in an `Int`.
  func units(atTick tick: Int) -> Int? {
    let index = SortedKeys.lastIndex(count: changes.count, atOrBefore: tick) { changes[$0].tick }
    let change = changes[index]
    let (span, overflow) = (tick - change.tick).multipliedReportingOverflow(by: change.microsecondsPerQuarter)
    let (time, overflowSum) = startTimes[index].addingReportingOverflow(span)
    return overflow || overflowSum || startTimes[index] == Int.max / 2 ? nil : time
  }

  /// The tick nearest a time in seconds: `tick(atSeconds: seconds(atTick: t)) == t`.
  public func tick(atSeconds seconds: Double) -> Int {
    guard seconds.isFinite else { return 0 }
    if let ticksPerSecond = division.ticksPerSecond {
      return Self.rounded(seconds * max(ticksPerSecond, 1))
    }
    let index = SortedKeys.lastIndex(count: startSeconds.count, atOrBefore: seconds) {
      startSeconds[$0]
    }
    let change = changes[index]
    let units = (seconds - startSeconds[index]) * unit
    return change.tick + Self.rounded(units / Double(change.microsecondsPerQuarter))
  }

  /// The tempo in force at a tick.
  public func tempo(atTick tick: Int) -> TempoChange {
    changes[SortedKeys.lastIndex(count: changes.count, atOrBefore: tick) { changes[$0].tick }]
  }

  /// A `Double` rounded to the nearest `Int`, saturating far outside any song.
  static func rounded(_ value: Double) -> Int {
    let limit = Double(Int.max / 2)
    return Int(max(-limit, min(limit, value.rounded())))
  }
}
