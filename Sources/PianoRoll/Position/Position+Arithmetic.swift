/// Position arithmetic in a meter with the same number of beats in every bar.
///
/// Every part carries into the next and borrows from it: cents into subbeats (240), subbeats
/// into beats (4), beats into bars (`beatsPerBar`). Nothing is clamped: a result before bar 0
/// has a negative `bar` (and non-negative beat, subbeat and cent). For a song whose meter
/// changes, use ``TimeSignatureMap/add(_:_:)`` and ``TimeSignatureMap/subtract(_:_:)``, which
/// carry with each bar's own beat count.
extension Position {
  /// Cents from the start of bar 0 when every bar has `beatsPerBar` beats.
  @inlinable
  public func totalCents(beatsPerBar: Int) -> Int {
    bar * beatsPerBar * Self.centsPerBeat + centsIntoBar
  }

  /// The normalized position `cents` after the start of bar 0, with `beatsPerBar` beats a bar.
  ///
  /// - Precondition: `beatsPerBar > 0`.
  @inlinable
  public init(totalCents cents: Int, beatsPerBar: Int) {
    precondition(beatsPerBar > 0, "a bar has at least one beat")
    let barCents = beatsPerBar * Self.centsPerBeat
    let (bar, offset) = cents.flooredDivision(by: barCents)
    self.init(bar: bar, centsIntoBar: offset)
  }

  /// This position moved later by `other` (bars, beats, subbeats and cents), carrying with
  /// `beatsPerBar` beats a bar.
  @inlinable
  public func adding(_ other: Position, beatsPerBar: Int) -> Position {
    Position(
      totalCents: totalCents(beatsPerBar: beatsPerBar) + other.totalCents(beatsPerBar: beatsPerBar),
      beatsPerBar: beatsPerBar)
  }

  /// This position moved earlier by `other`, borrowing with `beatsPerBar` beats a bar.
  @inlinable
  public func subtracting(_ other: Position, beatsPerBar: Int) -> Position {
    Position(
      totalCents: totalCents(beatsPerBar: beatsPerBar) - other.totalCents(beatsPerBar: beatsPerBar),
      beatsPerBar: beatsPerBar)
  }

  /// The sum of two positions with ``defaultBeatsPerBar`` (4) beats a bar.
  ///
  /// `(0,3,3,200) + (0,0,0,100)` is `(1,0,0,60)`.
  @inlinable
  public static func + (lhs: Position, rhs: Position) -> Position {
    lhs.adding(rhs, beatsPerBar: defaultBeatsPerBar)
  }

  /// The difference of two positions with ``defaultBeatsPerBar`` (4) beats a bar.
  ///
  /// `(5,0,0,0) − (0,0,0,300)` is `(4,3,2,180)`; `(0,0,0,0) − (0,0,0,1)` is `(-1,3,3,239)`.
  @inlinable
  public static func - (lhs: Position, rhs: Position) -> Position {
    lhs.subtracting(rhs, beatsPerBar: defaultBeatsPerBar)
  }

  /// Adds `rhs` to `lhs` with ``defaultBeatsPerBar`` beats a bar.
  @inlinable
  public static func += (lhs: inout Position, rhs: Position) { lhs = lhs + rhs }

  /// Subtracts `rhs` from `lhs` with ``defaultBeatsPerBar`` beats a bar.
  @inlinable
  public static func -= (lhs: inout Position, rhs: Position) { lhs = lhs - rhs }
}
