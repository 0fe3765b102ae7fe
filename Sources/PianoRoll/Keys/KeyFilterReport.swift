/// What filtering a song to a key set did.
public struct KeyFilterReport: Hashable, Sendable, CustomStringConvertible {
  /// What the notes were filtered to (``KeySet/label``): `D dorian`, `C2...C6`.
  public var keys: String
  /// Whether notes outside were snapped (otherwise dropped).
  public var snaps: Bool
  /// The notes looked at (every note of the song).
  public var notes = 0
  /// Notes removed because they were outside the keys.
  public var dropped = 0
  /// Notes moved to an allowed pitch.
  public var snapped = 0
  /// Notes cut short because a snapped note now overlaps another note of its new pitch (see
  /// ``Quantizer``: the earlier one ends where the later one starts).
  public var collisions = 0
  /// Drum notes (channel 10) left alone because drums were not filtered.
  public var drumNotesKept = 0

  /// An empty report for notes filtered to `keys`.
  public init(keys: String, snaps: Bool) {
    self.keys = keys
    self.snaps = snaps
  }

  /// One line, e.g. `dropped 12 notes outside D dorian` or `snapped 12 notes to D dorian`.
  public var description: String {
    let plural = { (count: Int, word: String) in "\(count) \(word)\(count == 1 ? "" : "s")" }
    var text =
      snaps
      ? "snapped \(plural(snapped, "note")) of \(notes) to \(keys)"
      : "dropped \(plural(dropped, "note")) of \(notes) outside \(keys)"
    if collisions > 0 { text += ", \(plural(collisions, "collision"))" }
    if drumNotesKept > 0 { text += "; \(plural(drumNotesKept, "drum note")) left alone" }
    return text
  }
}
