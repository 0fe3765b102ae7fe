/// Position arithmetic that respects the meter: every carry and borrow between beats and bars
/// uses the beat count of the bar it crosses (and a cut bar's own length).
///
/// `add(p, d)` moves `d.bar` bars on from `p`'s bar, keeps `p`'s offset into its bar, then
/// moves on by `d`'s beats, subbeats and cents along the bars that follow. Nothing is
/// clamped: a result before bar 0 lies in bars before 0, counted in the first meter.
extension TimeSignatureMap {
  /// A position moved later by `duration` (bars, beats, subbeats, cents).
  ///
  /// In 3/4 then 2/4 from bar 1, `add((0,2,0,0), (0,2,0,0))` is `(1,1,0,0)`.
  public func add(_ position: Position, _ duration: Position) -> Position {
    self.position(
      atCents: cents(atBarStart: position.bar + duration.bar) + position.centsIntoBar
        + duration.centsIntoBar)
  }

  /// A position moved earlier by `duration` (bars, beats, subbeats, cents).
  ///
  /// In 4/4, `subtract((5,0,0,0), (0,0,0,300))` is `(4,3,2,180)`.
  public func subtract(_ position: Position, _ duration: Position) -> Position {
    self.position(
      atCents: cents(atBarStart: position.bar - duration.bar) + position.centsIntoBar
        - duration.centsIntoBar)
  }

  /// The position normalized: beats past the end of its bar carried into the bars that follow.
  public func normalized(_ position: Position) -> Position {
    self.position(atCents: cents(at: position))
  }

  /// The duration `d` from `start` to `end`, with as many whole bars as fit, such that
  /// `add(start, d) == normalized(end)` when `start` is normalized. When `end` is before
  /// `start`, every part of the result is the negated duration from `end` to `start`.
  public func duration(from start: Position, to end: Position) -> Position {
    let endCents = cents(at: end)
    let startCents = cents(at: start)
    if endCents < startCents {
      let back = duration(from: end, to: start)
      return Position(bar: -back.bar, beat: -back.beat, subbeat: -back.subbeat, cent: -back.cent)
    }
    // The most whole bars that fit: usually `end.bar - start.bar` or one less.
    let reach = { (bars: Int) in
      self.cents(atBarStart: start.bar.saturatingSum(bars)).saturatingSum(start.centsIntoBar)
    }
    var bars = max(0, end.bar.saturatingSum(-start.bar))
    if reach(bars) > endCents {
      var low = 0
      var high = bars - 1
      while low < high {
        let middle = low + (high - low + 1) / 2
        if reach(middle) <= endCents { low = middle } else { high = middle - 1 }
      }
      bars = low
    }
    let rest = endCents - reach(bars)
    return Position(bar: bars, centsIntoBar: rest)
  }

  /// The length of `ticks` ticks from `startTick`, as a duration in bars, beats, subbeats and
  /// cents: the ``duration(from:to:)`` between the positions of both ends.
  public func duration(ofTicks ticks: Int, from startTick: Int) -> Position {
    duration(from: position(atTick: startTick), to: position(atTick: startTick + ticks))
  }
}
