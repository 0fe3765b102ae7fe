/// Ticks ⇄ positions through every time-signature change of a song.
///
/// The rules (docs/DESIGN.md, "The piano-roll model"):
/// - Without a time signature at tick 0, the song starts in 4/4.
/// - A beat is the time signature's denominator note: `ticksPerQuarter × 4 / denominator`
///   ticks, 960 cents.
/// - A time-signature change begins a new bar at its tick, even inside a bar; the cut bar keeps
///   its shorter length.
/// - When a tick falls between two cents (the ticks per beat are not a divisor of 960), its
///   position is the nearest cent at or before it. ``tick(at:)`` returns the first tick at or
///   after a position, so `position(atTick: tick(at: p)) == p` whenever some tick lies on `p`,
///   and `tick(at: position(atTick: t)) == t` whenever a beat has at most 960 ticks.
///
/// Underneath, every position is a point on a *cent line*: bar starts at whole cents, each bar
/// `numerator × 960` cents long except a cut bar, whose length is its ticks rounded up to a
/// cent. Arithmetic with the meter (``add(_:_:)``, ``subtract(_:_:)``) moves along that line.
public struct TimeSignatureMap: Hashable, Sendable {
  /// Ticks in a quarter note.
  public let ticksPerQuarter: Int
  /// Every meter in force, in tick order, the first at tick 0 (4/4 when the song has none
  /// there). Changes at one tick are merged (the last one wins).
  public let changes: [TimeSignatureChange]
  /// The cent-line point where each change starts; parallel to ``changes``.
  let startCents: [Int]

  /// A map of a song that is 4/4 throughout.
  /// - Precondition: `ticksPerQuarter > 0`.
  public init(ticksPerQuarter: Int) {
    self.init(ticksPerQuarter: ticksPerQuarter, timeSignatures: [])
  }

  /// A map from the song's time signatures, each at its tick.
  ///
  /// Invalid meters (numerator 0, denominator not a power of two) are left out; a change at a
  /// negative tick counts as at tick 0.
  /// - Precondition: `ticksPerQuarter > 0`.
  public init(ticksPerQuarter: Int, timeSignatures: [(tick: Int, timeSignature: TimeSignature)]) {
    precondition(ticksPerQuarter > 0, "a quarter note has at least one tick")
    self.ticksPerQuarter = ticksPerQuarter
    var merged: [(tick: Int, timeSignature: TimeSignature)] = []
    let valid = timeSignatures.filter { $0.timeSignature.isValid }
      .map { (tick: max(0, $0.tick), timeSignature: $0.timeSignature) }
    let sorted =
      zip(valid, valid.dropFirst()).allSatisfy { $0.tick <= $1.tick }
      ? valid
      : valid.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
        .map(\.element)
    for item in sorted {
      if merged.last?.tick == item.tick { merged[merged.count - 1] = item } else { merged.append(item) }
    }
    if merged.first?.tick != 0 { merged.insert((tick: 0, timeSignature: .common), at: 0) }

    var changes: [TimeSignatureChange] = []
    var startCents: [Int] = []
    changes.reserveCapacity(merged.count)
    startCents.reserveCapacity(merged.count)
    for item in merged {
      if let previous = changes.last, let cents = startCents.last {
        let span = item.tick - previous.tick
        let meter = previous.timeSignature
        // Bars of the previous meter up to this tick, the cut one included.
        let bars = Self.scaled(
          span, by: meter.denominator, over: 4 * ticksPerQuarter * meter.numerator, roundingUp: true)
        let spanCents = Self.scaled(
          span, by: Position.centsPerWholeNoteQuarter * meter.denominator, over: ticksPerQuarter,
          roundingUp: true)
        changes.append(
          TimeSignatureChange(
            tick: item.tick, bar: previous.bar.saturatingSum(bars), timeSignature: item.timeSignature))
        startCents.append(cents.saturatingSum(spanCents))
      } else {
        changes.append(TimeSignatureChange(tick: item.tick, bar: 0, timeSignature: item.timeSignature))
        startCents.append(0)
      }
    }
    self.changes = changes
    self.startCents = startCents
  }

  // MARK: Ticks ⇄ positions

  /// The position of a tick: the nearest cent at or before it.
  public func position(atTick tick: Int) -> Position {
    let index = SortedKeys.lastIndex(count: changes.count, atOrBefore: tick) { changes[$0].tick }
    let change = changes[index]
    let cents = centsIntoChange(ticks: tick - change.tick, of: change.timeSignature)
    let (bars, offset) = cents.flooredDivision(by: change.timeSignature.centsPerBar)
    return Position(bar: change.bar + bars, centsIntoBar: offset)
  }

  /// The first tick at or after a position (normalized or not; beats past the end of a bar
  /// carry into the next bars, each with its own meter).
  public func tick(at position: Position) -> Int {
    tick(atCents: cents(at: position))
  }

  /// The tick where a bar starts.
  public func startTick(ofBar bar: Int) -> Int {
    tick(at: Position(bar: bar))
  }

  /// The time signature in force at a tick.
  public func timeSignature(atTick tick: Int) -> TimeSignature {
    changes[SortedKeys.lastIndex(count: changes.count, atOrBefore: tick) { changes[$0].tick }].timeSignature
  }

  /// The time signature of a bar.
  public func timeSignature(ofBar bar: Int) -> TimeSignature {
    changes[SortedKeys.lastIndex(count: changes.count, atOrBefore: bar) { changes[$0].bar }].timeSignature
  }

  /// How many bars it takes to hold everything up to `endTick`: the bar of `endTick`, plus
  /// one unless `endTick` is exactly where that bar starts. 0 for an empty song.
  public func barCount(endTick: Int) -> Int {
    guard endTick > 0 else { return 0 }
    let end = position(atTick: endTick)
    return end.centsIntoBar == 0 && startTick(ofBar: end.bar) == endTick ? end.bar : end.bar + 1
  }

  // MARK: The cent line

  /// The point of a position on the cent line.
  func cents(at position: Position) -> Int {
    cents(atBarStart: position.bar).saturatingSum(position.centsIntoBar)
  }

  /// The point on the cent line where a bar starts.
  func cents(atBarStart bar: Int) -> Int {
    let index = SortedKeys.lastIndex(count: changes.count, atOrBefore: bar) { changes[$0].bar }
    let bars = bar.saturatingSum(-changes[index].bar)
    return startCents[index].saturatingSum(bars.saturatingProduct(changes[index].timeSignature.centsPerBar))
  }

  /// The normalized position of a point on the cent line.
  func position(atCents cents: Int) -> Position {
    let index = SortedKeys.lastIndex(count: startCents.count, atOrBefore: cents) { startCents[$0] }
    let change = changes[index]
    let (bars, offset) = (cents - startCents[index]).flooredDivision(by: change.timeSignature.centsPerBar)
    return Position(bar: change.bar + bars, centsIntoBar: offset)
  }

  /// The first tick whose position is at or after a point on the cent line.
  func tick(atCents cents: Int) -> Int {
    let index = SortedKeys.lastIndex(count: startCents.count, atOrBefore: cents) { startCents[$0] }
    let change = changes[index]
    return change.tick
      + Self.scaled(
        cents - startCents[index], by: ticksPerQuarter,
        over: Position.centsPerWholeNoteQuarter * change.denominator, roundingUp: true)
  }

  /// Cents in `ticks` ticks of a meter, rounded down.
  func centsIntoChange(ticks: Int, of meter: TimeSignature) -> Int {
    Self.scaled(
      ticks, by: Position.centsPerWholeNoteQuarter * meter.denominator, over: ticksPerQuarter,
      roundingUp: false)
  }

  // MARK: Helpers

  /// `value × multiplier / divisor` rounded down (or up), without overflow for any
  /// `multiplier × divisor` below 2^40; saturates for values no song reaches.
  static func scaled(_ value: Int, by multiplier: Int, over divisor: Int, roundingUp: Bool) -> Int {
    let (quotient, remainder) = value.flooredDivision(by: divisor)
    let (whole, overflow) = quotient.multipliedReportingOverflow(by: multiplier)
    if overflow { return quotient < 0 ? Int.min / 2 : Int.max / 2 }
    let part = remainder * multiplier
    let fraction = roundingUp ? part.ceilingDivision(by: divisor) : part / divisor
    return whole + fraction
  }
}
