/// A tempo change marked along the top of a piano roll (a small triangle at its tick).
public struct TempoMarker: Hashable, Sendable {
  /// The tick where the tempo starts.
  public var tick: Int
  /// The marker's horizontal place, in pixels.
  public var x: Double
  /// The tempo in quarter notes a minute.
  public var beatsPerMinute: Double

  /// The tempo as a label: `♩ = 120`, `♩ = 92.3`.
  public var text: String {
    let tenths = (beatsPerMinute * 10).rounded()
    let whole = Int(tenths / 10)
    let fraction = Int(tenths) - whole * 10
    return "♩ = \(whole)" + (fraction == 0 ? "" : ".\(fraction)")
  }
}
