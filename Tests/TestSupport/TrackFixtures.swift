import SMF

/// Shorthands for building tracks in tests.
public enum Fixtures {
  /// A note-on of `key` at `tick`.
  public static func on(_ tick: Int, _ key: UInt8, _ velocity: UInt8 = 100, channel: UInt8 = 0) -> TrackEvent
  {
    TrackEvent(tick: tick, .channel(.noteOn(channel: channel, key: key, velocity: velocity)))
  }

  /// A note-off of `key` at `tick`.
  public static func off(_ tick: Int, _ key: UInt8, _ velocity: UInt8 = 0, channel: UInt8 = 0) -> TrackEvent {
    TrackEvent(tick: tick, .channel(.noteOff(channel: channel, key: key, velocity: velocity)))
  }

  /// A meta event at `tick`.
  public static func meta(_ tick: Int, _ meta: MetaEvent) -> TrackEvent {
    TrackEvent(tick: tick, .meta(meta))
  }

  /// A control change at `tick`.
  public static func cc(_ tick: Int, _ controller: UInt8, _ value: UInt8, channel: UInt8 = 0) -> TrackEvent {
    TrackEvent(tick: tick, .channel(.controlChange(channel: channel, controller: controller, value: value)))
  }

  /// An end of track at `tick`.
  public static func end(_ tick: Int) -> TrackEvent { TrackEvent(tick: tick, .meta(.endOfTrack)) }

  /// Each event as (tick, bytes), sorted: the events of a track per tick, order within a tick
  /// ignored.
  public static func eventsPerTick(_ track: Track) -> [String] {
    track.events.map { item in
      "\(item.tick) " + item.event.bytes.map { String($0, radix: 16) }.joined(separator: " ")
    }.sorted()
  }
}
