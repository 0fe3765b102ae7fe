/// What changing velocities did.
public struct VelocityReport: Hashable, Sendable, CustomStringConvertible {
  /// The change, as people write it.
  public var change: String
  /// The notes looked at.
  public var notes = 0
  /// Notes whose velocity changed.
  public var changed = 0

  /// An empty report.
  public init(change: String) {
    self.change = change
  }

  /// One line, e.g. `velocities (scale 80%) of 312 notes: 300 changed`.
  public var description: String {
    "velocities (\(change)) of \(notes) note\(notes == 1 ? "" : "s"): \(changed) changed"
  }
}
