/// Where the reader's event loop puts the events of one track, as it reads them: ``TrackEvents``
/// keeps them, ``TrackSummary`` only counts what it needs, and a layer above can turn them
/// into something else on the way (the piano roll pairs notes) without a track's events ever
/// being held (``MIDIFile/readTracks(_:options:into:eachTrack:)``).
public protocol TrackEventSink {
  /// An empty sink with room for about `capacity` events (bounded by the bytes really read).
  init(capacity: Int)
  /// An empty sink for the events of track `track` (0-based), with room for about `capacity`
  /// events: what the reader makes. The default is ``init(capacity:)``.
  init(capacity: Int, track: Int)
  /// Takes a channel message the reader checked (status `80`–`EF`, data bytes below `80`,
  /// `data2` 0 for one-byte messages).
  mutating func appendChannel(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8)
  /// Takes channel messages that follow one another in the track (nothing else between them),
  /// each as ``appendChannel(tick:status:_:_:)`` would: the reader hands them over in batches
  /// of at most ``RawChannelEvent/batchSize``. The default takes them one by one.
  mutating func appendChannels(_ events: UnsafeBufferPointer<RawChannelEvent>)
  /// Takes a meta (`status` `FF`, `type` its type) or SysEx (`F0`/`F7`, `type` 0) event.
  mutating func appendData(tick: Int, status: UInt8, type: UInt8, _ data: ArraySlice<UInt8>)
  /// The tick of the last event taken, or 0.
  var lastTick: Int { get }
}

extension TrackEventSink {
  /// An empty sink with room for about `capacity` events, whatever the track.
  @inlinable
  public init(capacity: Int, track: Int) { self.init(capacity: capacity) }

  /// Takes the messages one by one (``appendChannel(tick:status:_:_:)``).
  @inlinable
  public mutating func appendChannels(_ events: UnsafeBufferPointer<RawChannelEvent>) {
    for event in events { appendChannel(tick: event.tick, status: event.status, event.data1, event.data2) }
  }

  /// Takes an event, as the reader would hand it over.
  public mutating func take(_ item: TrackEvent) {
    switch item.event {
    case .channel(let message):
      appendChannel(tick: item.tick, status: message.status, message.data1, message.data2)
    case .meta(let meta):
      appendData(tick: item.tick, status: 0xFF, type: meta.type, meta.data[...])
    case .sysEx(let sysEx):
      appendData(tick: item.tick, status: sysEx.kind.rawValue, type: 0, sysEx.data[...])
    }
  }

  /// Takes events in order.
  public mutating func take(contentsOf events: some Sequence<TrackEvent>) {
    for item in events { take(item) }
  }
}

extension TrackEvents: TrackEventSink {
  /// An empty collection with room for `capacity` events.
  public init(capacity: Int) {
    self.init()
    records.reserveCapacity(capacity)
  }

  /// The tick of the last event, or 0.
  public var lastTick: Int { records.last.map { Int($0.tick) } ?? 0 }

  /// Appends the messages (checked by the caller) in one go: one check of the storage, not
  /// one per message.
  @inlinable
  public mutating func appendChannels(_ events: UnsafeBufferPointer<RawChannelEvent>) {
    withUnsafeTemporaryAllocation(of: Record.self, capacity: events.count) { batch in
      for (index, event) in events.enumerated() {
        batch.initializeElement(
          at: index,
          to: Record(
            tick: Int64(event.tick), payload: 0, status: event.status, data1: event.data1, data2: event.data2)
        )
      }
      records.append(contentsOf: UnsafeBufferPointer(batch))
    }
  }
}
