/// What `midiroll info` tells about one track, gathered while reading it without keeping its
/// events.
public struct TrackSummary: Hashable, Sendable {
  /// The text of the first track-name meta event, if any.
  public var name: String?
  /// The number of events, End of Track included.
  public var eventCount = 0
  /// The number of notes: note-ons with a velocity above 0.
  public var noteCount = 0
  /// The channels (0–15) of the track's channel messages, one bit each.
  public var channelMask: UInt16 = 0
  /// The lowest and highest key of the notes, or `nil` without notes.
  public var pitchRange: ClosedRange<UInt8>?
  /// The tick of the last event (End of Track).
  public var endTick = 0
  /// The tempo, time-signature and key-signature events, which place everything in time.
  public var timelineEvents = TrackEvents()

  /// An empty summary.
  public init() {}

  /// The summary of a track's events.
  public init(_ events: some Sequence<TrackEvent>) {
    self.init()
    take(contentsOf: events)
  }

  /// The channels of the track's channel messages, lowest first.
  public var channels: [UInt8] { (0..<16).filter { channelMask & 1 << $0 != 0 } }
}

extension TrackSummary: TrackEventSink {
  /// An empty summary (it keeps no events).
  public init(capacity: Int) { self.init() }

  /// The tick of the last event.
  public var lastTick: Int { endTick }

  /// Counts a channel message: its channel, and a note-on's pitch.
  public mutating func appendChannel(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    eventCount &+= 1
    endTick = tick
    channelMask |= 1 << (status & 0x0F)
    guard status & 0xF0 == 0x90, data2 > 0 else { return }
    noteCount &+= 1
    if let range = pitchRange {
      if data1 < range.lowerBound || data1 > range.upperBound {
        pitchRange = min(range.lowerBound, data1)...max(range.upperBound, data1)
      }
    } else {
      pitchRange = data1...data1
    }
  }

  /// Counts a meta or SysEx event, keeping the track's name and the events of the timeline.
  public mutating func appendData(tick: Int, status: UInt8, type: UInt8, _ data: ArraySlice<UInt8>) {
    eventCount &+= 1
    endTick = tick
    guard status == 0xFF else { return }
    switch MetaEvent.Kind(rawValue: type) {
    case .trackName where name == nil:
      name = MetaEvent.decodeText(Array(data))
    case .tempo, .timeSignature, .keySignature:
      timelineEvents.appendData(tick: tick, status: status, type: type, data)
    default:
      break
    }
  }
}
