/// A zoom level: the note value of the finest grid lines (`1/16` draws a line every sixteenth).
///
/// Written as a name (`quarter`, `eighth`, `sixteenth`, …) or a fraction (`1/4`, `1/8`), with a
/// `t` suffix for triplets (`1/8t`, `eighth-triplet`).
public struct ZoomLevel: Hashable, Sendable, CustomStringConvertible {
  /// The note value as a power of two: 1 whole, 2 half, 4 quarter, … 64 sixty-fourth.
  public var denominator: Int
  /// Whether the grid is in triplets (three in the time of two).
  public var isTriplet: Bool

  /// Creates a zoom level.
  /// - Precondition: `denominator` is a power of two from 1 to 64.
  public init(denominator: Int, isTriplet: Bool = false) {
    precondition(Self.names.indices.contains(denominator.trailingZeroBitCount), "1/1 … 1/64")
    precondition(denominator.nonzeroBitCount == 1, "a power of two")
    self.denominator = denominator
    self.isTriplet = isTriplet
  }

  /// Whole notes.
  public static let whole = ZoomLevel(denominator: 1)
  /// Half notes.
  public static let half = ZoomLevel(denominator: 2)
  /// Quarter notes.
  public static let quarter = ZoomLevel(denominator: 4)
  /// Eighth notes.
  public static let eighth = ZoomLevel(denominator: 8)
  /// Sixteenth notes.
  public static let sixteenth = ZoomLevel(denominator: 16)
  /// Thirty-second notes.
  public static let thirtySecond = ZoomLevel(denominator: 32)
  /// Sixty-fourth notes.
  public static let sixtyFourth = ZoomLevel(denominator: 64)

  /// The names of the levels without triplets, from whole (index 0 = 1/1) to sixty-fourth.
  public static let names = [
    "whole", "half", "quarter", "eighth", "sixteenth", "thirtysecond", "sixtyfourth",
  ]

  /// Every level a user can name, coarsest first, triplets after their level.
  public static let all: [ZoomLevel] = names.indices.flatMap {
    [ZoomLevel(denominator: 1 << $0), ZoomLevel(denominator: 1 << $0, isTriplet: true)]
  }

  /// Reads `quarter`, `1/4`, `1/8t`, `eighth-triplet` or `eighthTriplet`; `nil` for anything else.
  public init?(parsing text: String) {
    var body = Substring(text.lowercased())
    var triplet = false
    for suffix in ["-triplet", "triplet", "t"] where body.hasSuffix(suffix) && body.count > suffix.count {
      body = body.dropLast(suffix.count)
      triplet = true
      break
    }
    if let index = Self.names.firstIndex(of: String(body)) {
      self.init(denominator: 1 << index, isTriplet: triplet)
      return
    }
    if body == "thirty-second" || body == "32nd" {
      self.init(denominator: 32, isTriplet: triplet)
      return
    }
    if body == "sixty-fourth" || body == "64th" {
      self.init(denominator: 64, isTriplet: triplet)
      return
    }
    let parts = body.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == "1", let value = Int(parts[1]), value >= 1, value <= 64,
      value.nonzeroBitCount == 1
    else { return nil }
    self.init(denominator: value, isTriplet: triplet)
  }

  /// Grid steps in a quarter note (4 for sixteenths, 6 for sixteenth triplets).
  public var stepsPerQuarter: Double {
    Double(denominator) / 4 * (isTriplet ? 1.5 : 1)
  }

  /// The length of one step in ticks (not always whole: a sixteenth triplet of 480 is 80,
  /// a sixty-fourth of 100 is 6.25).
  public func stepTicks(ticksPerQuarter: Int) -> Double {
    Double(ticksPerQuarter) / stepsPerQuarter
  }

  /// The width of a quarter note in pixels when none is given: wide enough that the finest
  /// lines stay 12 px apart, and a bar of 4/4 at least 48 px wide.
  public var defaultBeatWidth: Double {
    max(12, 12 * stepsPerQuarter)
  }

  /// The level as a fraction: `1/16`, `1/8t`.
  public var description: String { "1/\(denominator)\(isTriplet ? "t" : "")" }

  /// The level as a name: `sixteenth`, `eighth-triplet`.
  public var name: String {
    Self.names[denominator.trailingZeroBitCount] + (isTriplet ? "-triplet" : "")
  }
}
