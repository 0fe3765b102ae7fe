/// Running totals of a batch, kept by the thread that writes the report.
struct BatchTotals: Sendable {
  /// Inputs this run has to do (after sharding and resuming).
  var planned = 0
  /// Inputs an earlier run already did (`--resume`).
  var alreadyDone = 0
  /// Inputs whose latest result in the report is a failure of the input, not retried
  /// (`--resume` without `--retry-failed`).
  var failedBefore = 0
  /// Inputs of the tree in this run's shard (planned, already done or failed before).
  var inShard = 0
  /// Converted and written.
  var ok = 0
  /// Failed.
  var failed = 0
  /// Skipped (their output exists).
  var skipped = 0
  /// Failed because an output could not be written.
  var cannotWrite = 0
  /// Converted with warnings.
  var withWarnings = 0
  /// Notes in the outputs written.
  var notes = 0
  /// Bytes read.
  var bytesIn = 0
  /// Bytes written.
  var bytesOut = 0

  /// Inputs finished, whatever their end.
  var done: Int { ok + failed + skipped }

  /// Counts one outcome.
  mutating func add(_ outcome: BatchOutcome) {
    switch outcome.status {
    case .ok:
      ok += 1
      notes += outcome.notes
      bytesOut += outcome.bytesOut
      if !outcome.warnings.isEmpty { withWarnings += 1 }
    case .failed:
      failed += 1
      if outcome.cannotWrite { cannotWrite += 1 }
    case .skipped:
      skipped += 1
    }
    bytesIn += outcome.bytesIn
  }
}

/// Sizes and durations as people read them.
enum Human {
  /// `12.3 MB`, `456 kB`, `789 B` (decimal units).
  static func bytes(_ count: Int) -> String {
    let value = Double(count)
    if value >= 1e9 { return fixed(value / 1e9, 2) + " GB" }
    if value >= 1e6 { return fixed(value / 1e6, 1) + " MB" }
    if value >= 1e3 { return fixed(value / 1e3, 1) + " kB" }
    return "\(count) B"
  }

  /// `1:02:03`, `2:03`, `0:04`.
  static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "?" }
    let total = Int(seconds.rounded())
    let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
  }

  /// A rate: no decimals from 100 up, one below (`523`, `12.3`).
  static func rate(_ value: Double) -> String { fixed(value, value >= 100 ? 0 : 1) }

  /// A number with `digits` digits after the point.
  static func fixed(_ value: Double, _ digits: Int) -> String {
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
