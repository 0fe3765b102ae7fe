/// A meter: `numerator` beats of the `denominator` note in a bar (6/8: six eighth notes).
public struct TimeSignature: Hashable, Sendable, CustomStringConvertible {
  /// Beats in a bar, at least 1.
  public var numerator: Int
  /// The note value of a beat as a power of two: 4 = quarter, 8 = eighth.
  public var denominator: Int

  /// Creates a time signature.
  public init(numerator: Int, denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// 4/4, the meter of a file without time signatures.
  public static let common = TimeSignature(numerator: 4, denominator: 4)

  /// Whether a bar can be counted in this meter: `numerator ≥ 1` and `denominator` a power of
  /// two from 1 to 2^15 (what a time-signature meta event can say).
  public var isValid: Bool {
    numerator >= 1 && denominator >= 1 && denominator <= 1 << 15
      && denominator & (denominator - 1) == 0
  }

  /// Cents in a bar: `numerator × 960`.
  public var centsPerBar: Int { numerator * Position.centsPerBeat }

  /// The meter as people write it, e.g. `6/8`.
  public var description: String { "\(numerator)/\(denominator)" }
}

/// A time signature in force from a tick on, and the bar it begins.
public struct TimeSignatureChange: Hashable, Sendable {
  /// The tick where the meter starts.
  public var tick: Int
  /// The 0-based bar that starts at ``tick``.
  public var bar: Int
  /// The meter.
  public var timeSignature: TimeSignature

  /// Creates a change.
  public init(tick: Int, bar: Int, timeSignature: TimeSignature) {
    self.tick = tick
    self.bar = bar
    self.timeSignature = timeSignature
  }

  /// Beats in a bar.
  public var numerator: Int { timeSignature.numerator }
  /// The note value of a beat.
  public var denominator: Int { timeSignature.denominator }
}
