/// A quantize grid: one of the piano roll's zoom levels (whole … sixty-fourth note), straight,
/// triplet or dotted.
///
/// A grid is measured in each bar of the song's own meter: its lines start at every bar line
/// and follow one another a ``cellWholeNotes`` apart until the next bar line (see
/// ``GridLines``). Written `1/1` … `1/64`, with `t` for triplets (`1/8t`) and `.` for dotted
/// values (`1/8.`); see ``init(parsing:)``.
public struct Grid: Hashable, Sendable {
  /// Whether the grid's note value is straight, a triplet or dotted.
  public enum Kind: Hashable, Sendable, CaseIterable {
    /// The plain note value: 1/8 is an eighth note.
    case straight
    /// Three in the time of two: 1/8t is two thirds of an eighth note.
    case triplet
    /// One and a half times the note value: 1/8. is three sixteenth notes.
    case dotted
  }

  /// The note values a grid can have: 1 (whole) to 64 (sixty-fourth).
  public static let noteValues = [1, 2, 4, 8, 16, 32, 64]

  /// The note value as the denominator of `1/n`: 1, 2, 4, 8, 16, 32 or 64.
  public let noteValue: Int
  /// Straight, triplet or dotted.
  public let kind: Kind

  /// A grid of `1/noteValue` notes, or `nil` unless `noteValue` is one of ``noteValues``.
  public init?(noteValue: Int, kind: Kind = .straight) {
    guard Self.noteValues.contains(noteValue) else { return nil }
    self.noteValue = noteValue
    self.kind = kind
  }

  /// Whole notes (`1/1`).
  public static let whole = Grid(noteValue: 1)!
  /// Half notes (`1/2`).
  public static let half = Grid(noteValue: 2)!
  /// Quarter notes (`1/4`).
  public static let quarter = Grid(noteValue: 4)!
  /// Eighth notes (`1/8`).
  public static let eighth = Grid(noteValue: 8)!
  /// Sixteenth notes (`1/16`).
  public static let sixteenth = Grid(noteValue: 16)!
  /// Thirty-second notes (`1/32`).
  public static let thirtySecond = Grid(noteValue: 32)!
  /// Sixty-fourth notes (`1/64`).
  public static let sixtyFourth = Grid(noteValue: 64)!

  /// The zoom levels of the piano roll, coarsest first: whole … sixty-fourth, straight.
  public static let zoomLevels = noteValues.map { Grid(noteValue: $0)! }

  /// This grid as a triplet.
  public var triplet: Grid { Grid(noteValue: noteValue, kind: .triplet)! }
  /// This grid dotted.
  public var dotted: Grid { Grid(noteValue: noteValue, kind: .dotted)! }

  /// The length of one cell in whole notes, as a fraction in lowest terms: `1/n` straight,
  /// `2/(3n)` triplet, `3/(2n)` dotted.
  public var cellWholeNotes: (numerator: Int, denominator: Int) {
    switch kind {
    case .straight: (1, noteValue)
    case .triplet: noteValue % 2 == 0 ? (1, noteValue / 2 * 3) : (2, 3 * noteValue)
    case .dotted: (3, 2 * noteValue)
    }
  }

  /// The length of one cell in ticks, as a fraction `numerator / denominator` (exact: a cell
  /// is not always a whole number of ticks, e.g. `1/16t` at 100 ticks per quarter).
  /// - Precondition: `ticksPerQuarter > 0`.
  public func cellTicks(ticksPerQuarter: Int) -> (numerator: Int, denominator: Int) {
    precondition(ticksPerQuarter > 0, "a quarter note has at least one tick")
    let (numerator, denominator) = cellWholeNotes
    let ticks = 4 * ticksPerQuarter * numerator
    let common = Self.greatestCommonDivisor(ticks, denominator)
    return (ticks / common, denominator / common)
  }

  /// The length of one cell in ticks, rounded to the nearest tick (halves up), at least 1.
  public func roundedCellTicks(ticksPerQuarter: Int) -> Int {
    let (numerator, denominator) = cellTicks(ticksPerQuarter: ticksPerQuarter)
    return max(1, (2 * numerator + denominator) / (2 * denominator))
  }

  /// The greatest common divisor of two positive integers.
  static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }
}

extension Grid: CustomStringConvertible {
  /// The grid as written on the command line: `1/16`, `1/8t`, `1/4.`.
  public var description: String {
    switch kind {
    case .straight: "1/\(noteValue)"
    case .triplet: "1/\(noteValue)t"
    case .dotted: "1/\(noteValue)."
    }
  }

  /// The grid in words: `sixteenth`, `eighth triplet`, `dotted quarter`.
  public var name: String {
    let base = Self.names[Self.noteValues.firstIndex(of: noteValue) ?? 0]
    switch kind {
    case .straight: return base
    case .triplet: return base + " triplet"
    case .dotted: return "dotted " + base
    }
  }

  /// The names of ``noteValues``, in the same order.
  public static let names = [
    "whole", "half", "quarter", "eighth", "sixteenth", "thirty-second", "sixty-fourth",
  ]
}
