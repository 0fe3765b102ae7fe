/// A musical position: bar, beat, subbeat and cent, all 0-based.
///
/// A bar has the time signature's `numerator` beats of its `denominator` note (6/8 is six
/// eighth-note beats); a beat has ``subbeatsPerBeat`` (4) subbeats; a subbeat has
/// ``centsPerSubbeat`` (240) cents, so a beat has ``centsPerBeat`` (960) cents.
///
/// A position is a value without a meter. Where it lies in ticks, how many beats its bar has,
/// and how to carry beats into bars are questions for a ``TimeSignatureMap``
/// (``TimeSignatureMap/tick(at:)``, ``TimeSignatureMap/add(_:_:)``). The `+` and `-` operators
/// on positions alone count ``defaultBeatsPerBar`` (4) beats a bar; see `Position+Arithmetic`.
///
/// A position is *normalized* when `0 ≤ beat < beats in its bar`, `0 ≤ subbeat < 4` and
/// `0 ≤ cent < 240`. Every position this package derives from a tick is normalized; a position
/// before bar 0 has a negative `bar` and non-negative other parts.
public struct Position: Hashable, Sendable, Codable {
  /// The bar, from 0.
  public var bar: Int
  /// The beat within the bar, from 0.
  public var beat: Int
  /// The subbeat (quarter of a beat) within the beat, 0–3.
  public var subbeat: Int
  /// The cent (1/240 of a subbeat) within the subbeat, 0–239.
  public var cent: Int

  /// Subbeats in a beat: 4.
  public static let subbeatsPerBeat = 4
  /// Cents in a subbeat: 240.
  public static let centsPerSubbeat = 240
  /// Cents in a beat: 960.
  public static let centsPerBeat = subbeatsPerBeat * centsPerSubbeat
  /// Cents in a whole note's quarter (a beat of a `…/4` meter scaled by its denominator):
  /// a tick span of `t` ticks at `q` ticks a quarter is `t · centsPerWholeNoteQuarter · d / q`
  /// cents in a meter over `d`.
  static let centsPerWholeNoteQuarter = centsPerBeat / 4
  /// Beats in a bar for the operators `+` and `-`, which have no meter to ask: 4, the meter of
  /// a file without time signatures.
  public static let defaultBeatsPerBar = 4

  /// Creates a position from its parts, as given (not normalized).
  @inlinable
  public init(bar: Int = 0, beat: Int = 0, subbeat: Int = 0, cent: Int = 0) {
    self.bar = bar
    self.beat = beat
    self.subbeat = subbeat
    self.cent = cent
  }

  /// Creates a normalized position in `bar`, `centsIntoBar` cents after its start.
  ///
  /// - Precondition: `centsIntoBar >= 0`.
  @inlinable
  public init(bar: Int, centsIntoBar: Int) {
    precondition(centsIntoBar >= 0, "a position within a bar is never before the bar")
    self.bar = bar
    beat = centsIntoBar / Self.centsPerBeat
    subbeat = centsIntoBar % Self.centsPerBeat / Self.centsPerSubbeat
    cent = centsIntoBar % Self.centsPerSubbeat
  }

  /// The start of bar 0.
  public static let zero = Position()

  /// Cents from the start of the bar: `beat × 960 + subbeat × 240 + cent`.
  @inlinable public var centsIntoBar: Int {
    beat * Self.centsPerBeat + subbeat * Self.centsPerSubbeat + cent
  }
}

extension Position: Comparable {
  /// Compares bar, then beat, then subbeat, then cent: the order in time for normalized
  /// positions.
  @inlinable
  public static func < (lhs: Position, rhs: Position) -> Bool {
    (lhs.bar, lhs.beat, lhs.subbeat, lhs.cent) < (rhs.bar, rhs.beat, rhs.subbeat, rhs.cent)
  }
}

extension Position: CustomStringConvertible {
  /// The position as `bar:beat:subbeat:cent`, 0-based, e.g. `4:3:2:180`.
  public var description: String { "\(bar):\(beat):\(subbeat):\(cent)" }
}
