/// A channel voice message: a status nibble, a channel and one or two data bytes.
///
/// Stored as the bytes of the file, so a note-on with velocity 0 stays a note-on with
/// velocity 0 and a note-off keeps its release velocity.
public struct ChannelMessage: Hashable, Sendable {
  /// The kind of channel voice message: the high nibble of the status byte.
  public enum Kind: UInt8, Hashable, Sendable, CaseIterable {
    /// `8n key velocity`.
    case noteOff = 0x80
    /// `9n key velocity`; velocity 0 is a note-off by convention.
    case noteOn = 0x90
    /// `An key pressure` (polyphonic key pressure, aftertouch).
    case polyPressure = 0xA0
    /// `Bn controller value`.
    case controlChange = 0xB0
    /// `Cn program` (one data byte).
    case programChange = 0xC0
    /// `Dn pressure` (channel pressure, one data byte).
    case channelPressure = 0xD0
    /// `En lsb msb` (14-bit pitch bend, centre 8192).
    case pitchBend = 0xE0

    /// How many data bytes follow the status byte: 1 or 2.
    @inlinable public var dataByteCount: Int {
      self == .programChange || self == .channelPressure ? 1 : 2
    }

    /// The message's name as a person would say it, e.g. `note-on`.
    public var name: String {
      switch self {
      case .noteOff: "note-off"
      case .noteOn: "note-on"
      case .polyPressure: "poly pressure"
      case .controlChange: "control change"
      case .programChange: "program change"
      case .channelPressure: "channel pressure"
      case .pitchBend: "pitch bend"
      }
    }
  }

  /// The kind of message.
  public var kind: Kind
  /// The channel, 0–15 (channel 10 of a person's counting is 9).
  public var channel: UInt8
  /// The first data byte (key, controller, program or pressure; pitch-bend LSB).
  public var data1: UInt8
  /// The second data byte (velocity, value; pitch-bend MSB); 0 for one-byte messages.
  public var data2: UInt8

  /// Creates a message from its parts.
  /// - Precondition: `channel < 16`, data bytes `< 128`.
  @inlinable
  public init(_ kind: Kind, channel: UInt8, _ data1: UInt8, _ data2: UInt8 = 0) {
    precondition(channel < 16 && data1 < 0x80 && data2 < 0x80, "channel or data byte out of range")
    self.kind = kind
    self.channel = channel
    self.data1 = data1
    self.data2 = kind.dataByteCount == 2 ? data2 : 0
  }

  /// Creates a message from a status byte and data bytes already checked by the reader.
  @inlinable
  init(unchecked status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    self.kind = Kind(rawValue: status & 0xF0)!
    self.channel = status & 0x0F
    self.data1 = data1
    self.data2 = data2
  }

  /// The status byte: kind and channel.
  @inlinable public var status: UInt8 { kind.rawValue | channel }

  /// The message as it stands in a file, with its status byte.
  public var bytes: [UInt8] {
    kind.dataByteCount == 2 ? [status, data1, data2] : [status, data1]
  }

  /// Whether this message starts a note: a note-on with velocity above 0.
  @inlinable public var isNoteStart: Bool { kind == .noteOn && data2 > 0 }

  /// Whether this message ends a note: a note-off, or a note-on with velocity 0.
  @inlinable public var isNoteEnd: Bool {
    kind == .noteOff || (kind == .noteOn && data2 == 0)
  }

  /// The 14-bit pitch-bend value (0–16383, centre 8192) of a pitch-bend message.
  public var pitchBendValue: Int { Int(data2) << 7 | Int(data1) }

  /// A note-on message.
  public static func noteOn(channel: UInt8, key: UInt8, velocity: UInt8) -> ChannelMessage {
    ChannelMessage(.noteOn, channel: channel, key, velocity)
  }

  /// A note-off message.
  public static func noteOff(channel: UInt8, key: UInt8, velocity: UInt8 = 0) -> ChannelMessage {
    ChannelMessage(.noteOff, channel: channel, key, velocity)
  }

  /// A control-change message.
  public static func controlChange(channel: UInt8, controller: UInt8, value: UInt8)
    -> ChannelMessage
  {
    ChannelMessage(.controlChange, channel: channel, controller, value)
  }

  /// A program-change message.
  public static func programChange(channel: UInt8, program: UInt8) -> ChannelMessage {
    ChannelMessage(.programChange, channel: channel, program)
  }

  /// A pitch-bend message from a 14-bit value (0–16383, centre 8192).
  public static func pitchBend(channel: UInt8, value: Int) -> ChannelMessage {
    let clamped = max(0, min(16383, value))
    return ChannelMessage(.pitchBend, channel: channel, UInt8(clamped & 0x7F), UInt8(clamped >> 7))
  }
}
