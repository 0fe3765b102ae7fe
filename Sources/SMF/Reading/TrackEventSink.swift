/// Where the reader's event loop puts the events of one track: ``TrackEvents`` keeps them; a
/// summary only counts what it needs.
protocol TrackEventSink {
  /// An empty sink with room for about `capacity` events.
  init(capacity: Int)
  /// Takes a channel message the reader checked (status `80`–`EF`, data bytes below `80`,
  /// `data2` 0 for one-byte messages).
  mutating func appendChannel(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8)
  /// Takes a meta (`status` `FF`, `type` its type) or SysEx (`F0`/`F7`) event.
  mutating func appendData(tick: Int, status: UInt8, type: UInt8, _ data: ArraySlice<UInt8>)
  /// The tick of the last event taken, or 0.
  var lastTick: Int { get }
}

extension TrackEvents: TrackEventSink {
  init(capacity: Int) {
    self.init()
    records.reserveCapacity(capacity)
  }

  var lastTick: Int { records.last.map { Int($0.tick) } ?? 0 }
}
