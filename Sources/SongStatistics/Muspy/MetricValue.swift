/// What one of muspy's metric functions returns: an integer (the three counts), a float, NaN, or
/// the exception it raises.
public enum MetricValue: Sendable, Equatable {
  /// An `int` (`pitch_range`, `n_pitches_used`, `n_pitch_classes_used`).
  case integer(Int)
  /// A finite float (an exact `-0.0` kept: muspy's entropy of a single pitch).
  case real(Double)
  /// `math.nan` or a NumPy NaN: `null` in JSON.
  case notANumber
  /// The function raises: `null` in JSON, with this note (`ValueError: …`) beside it.
  case raised(String)

  /// The value as a `Double`, or `nil` for NaN and a raise.
  public var number: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value
    case .notANumber, .raised: nil
    }
  }

  /// The note of a raise, or `nil`.
  public var raisedNote: String? {
    if case .raised(let note) = self { note } else { nil }
  }

  /// A ratio muspy takes as one true division of two integers (Python's `int / int` and NumPy's
  /// `int64 / int64`, both correctly rounded).
  static func ratio(_ numerator: Int, _ denominator: Int) -> MetricValue {
    .real(Double(numerator) / Double(denominator))
  }
}
