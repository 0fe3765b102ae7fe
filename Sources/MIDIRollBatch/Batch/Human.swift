/// Sizes and durations as people read them.
public enum Human {
  /// `12.3 MB`, `456 kB`, `789 B` (decimal units).
  public static func bytes(_ count: Int) -> String {
    let value = Double(count)
    if value >= 1e9 { return fixed(value / 1e9, 2) + " GB" }
    if value >= 1e6 { return fixed(value / 1e6, 1) + " MB" }
    if value >= 1e3 { return fixed(value / 1e3, 1) + " kB" }
    return "\(count) B"
  }

  /// Seconds in a duration.
  public static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// `1:02:03`, `2:03`, `0:04`.
  public static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "?" }
    let total = Int(seconds.rounded())
    let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
  }

  /// A rate: no decimals from 100 up, one below (`523`, `12.3`).
  public static func rate(_ value: Double) -> String { fixed(value, value >= 100 ? 0 : 1) }

  /// A number with `digits` digits after the point.
  public static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    guard digits > 0 else { return String(scaled) }
    let sign = scaled < 0 ? "-" : ""
    let magnitude = abs(scaled)
    var fraction = String(magnitude % Int(scale))
    fraction = String(repeating: "0", count: digits - fraction.count) + fraction
    return "\(sign)\(magnitude / Int(scale)).\(fraction)"
  }
}
