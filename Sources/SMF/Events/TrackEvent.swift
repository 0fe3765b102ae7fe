/// One event of a track at its absolute time in ticks.
public struct TrackEvent: Hashable, Sendable {
  /// Ticks from the start of the track (the sum of all delta-times up to this event).
  public var tick: Int
  /// What happens at that tick.
  public var event: MIDIEvent

  /// Creates an event at an absolute tick.
  @inlinable
  public init(tick: Int, _ event: MIDIEvent) {
    self.tick = tick
    self.event = event
  }
}

/// What a track event does: a channel message, a meta event or a SysEx packet.
public enum MIDIEvent: Hashable, Sendable {
  /// A channel voice message (note, controller, program, pressure, pitch bend).
  case channel(ChannelMessage)
  /// A meta event (`FF type length data`).
  case meta(MetaEvent)
  /// A SysEx event (`F0` or `F7`).
  case sysEx(SysExEvent)

  /// The channel message, if this is one.
  @inlinable public var channelMessage: ChannelMessage? {
    if case .channel(let message) = self { return message }
    return nil
  }

  /// The meta event, if this is one.
  @inlinable public var metaEvent: MetaEvent? {
    if case .meta(let meta) = self { return meta }
    return nil
  }

  /// Whether this is the End of Track meta event.
  @inlinable public var isEndOfTrack: Bool {
    if case .meta(let meta) = self { return meta.type == MetaEvent.Kind.endOfTrack.rawValue }
    return false
  }

  /// The event's bytes after its delta-time, with its status byte (no running status).
  public var bytes: [UInt8] {
    var writer = ByteWriter()
    switch self {
    case .channel(let message):
      writer.writeBytes(message.bytes)
    case .meta(let meta):
      writer.writeUInt8(0xFF)
      writer.writeUInt8(meta.type)
      writer.writeVariableLengthQuantity(meta.data.count)
      writer.writeBytes(meta.data)
    case .sysEx(let sysEx):
      writer.writeUInt8(sysEx.kind.rawValue)
      writer.writeVariableLengthQuantity(sysEx.data.count)
      writer.writeBytes(sysEx.data)
    }
    return writer.bytes
  }
}
