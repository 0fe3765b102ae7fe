/// A tempo in force from a tick on.
public struct TempoChange: Hashable, Sendable {
  /// The tick where the tempo starts.
  public var tick: Int
  /// Microseconds per quarter note (what a tempo meta event says), 1–16777215.
  public var microsecondsPerQuarter: Int

  /// Creates a tempo change.
  public init(tick: Int, microsecondsPerQuarter: Int) {
    self.tick = tick
    self.microsecondsPerQuarter = microsecondsPerQuarter
  }

  /// 500000 µs a quarter note, 120 BPM: the tempo of a file without tempo events.
  public static let defaultMicrosecondsPerQuarter = 500_000

  /// Quarter notes a minute: `60000000 / microsecondsPerQuarter`.
  public var beatsPerMinute: Double { 60_000_000 / Double(microsecondsPerQuarter) }
}
