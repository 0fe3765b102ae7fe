/// What resampling a song did.
public struct ResampleReport: Hashable, Sendable, CustomStringConvertible {
  /// The ticks per beat before.
  public var from: Int
  /// The ticks per beat after.
  public var to: Int
  /// The notes of the song.
  public var notes = 0
  /// Ticks scaled: two per note (start and end) and one per event.
  public var ticks = 0
  /// Of those, the ones that did not divide exactly and were rounded.
  public var rounded = 0
  /// Notes that would have become 0 ticks long, kept 1 tick long.
  public var lengthened = 0

  /// An empty report.
  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }

  /// One line, e.g. `resampled 480 to 96 ticks per beat: 3 of 1200 ticks rounded, 1 note lengthened to 1 tick`.
  public var description: String {
    var text =
      "resampled \(from) to \(to) ticks per beat: \(rounded) of \(ticks) tick\(ticks == 1 ? "" : "s") rounded"
    if lengthened > 0 { text += ", \(lengthened) note\(lengthened == 1 ? "" : "s") lengthened to 1 tick" }
    return text
  }
}
