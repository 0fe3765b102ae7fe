/// The order of the events at one tick of a track, where the file's order differs from the
/// canonical order that ``Song/midiFile()`` writes (docs/DESIGN.md, "Order within a tick").
///
/// Pairing records one only for the few ticks that need it, so that `.mid → Song → .mid`
/// (and through piano-roll JSON) gives back the file's bytes. Writing uses it only while the
/// items at its tick are still exactly the ones it lists; after an edit that moved them, the
/// canonical order applies.
public struct TickOrder: Hashable, Sendable {
  /// One thing that happens at a tick: a note's start, a note's end, or an event.
  public enum Item: Hashable, Sendable {
    /// The note-on of ``SongTrack/notes```[index]`.
    case noteOn(Int)
    /// The note-off (or note-on with velocity 0) of ``SongTrack/notes```[index]`.
    case noteOff(Int)
    /// ``SongTrack/events```[index]`.
    case event(Int)
  }

  /// The tick.
  public var tick: Int
  /// Every item at the tick, in the file's order.
  public var items: [Item]

  /// Creates the order of one tick.
  public init(tick: Int, items: [Item]) {
    self.tick = tick
    self.items = items
  }
}
