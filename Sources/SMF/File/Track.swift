/// One track chunk: its events in file order, each at an absolute tick.
///
/// A track read by this package always ends with exactly one End of Track event.
public struct Track: Hashable, Sendable {
  /// The events in file order; ticks never decrease.
  public var events: TrackEvents

  /// Creates a track from events.
  public init(events: TrackEvents = []) {
    self.events = events
  }

  /// Creates a track from a sequence of events.
  public init(events: some Sequence<TrackEvent>) {
    self.events = TrackEvents(events)
  }

  /// The tick of the last event (End of Track), or 0 for an empty track.
  public var endTick: Int { events.last?.tick ?? 0 }

  /// The first track-name meta event's text, if any.
  public var name: String? {
    events.trackName
  }
}
