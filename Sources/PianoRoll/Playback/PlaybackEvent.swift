import SMF

/// One message a synthesizer receives while a song plays, at its tick.
///
/// Built by ``PlaybackSchedule`` from a song's notes (a note-on at the note's start, a note-off at
/// its end) and from its other channel messages and SysEx packets.
public struct PlaybackEvent: Hashable, Sendable {
  /// What the synthesizer receives.
  public enum Message: Hashable, Sendable {
    /// A channel voice message: note-on, note-off, controller, program, pressure, pitch bend.
    case channel(ChannelMessage)
    /// A complete SysEx message: the bytes between `F0` and the closing `F7`, both left out.
    case sysEx([UInt8])
  }

  /// The tick where the message is sent.
  public var tick: Int
  /// The message.
  public var message: Message

  /// Creates an event.
  public init(tick: Int, message: Message) {
    self.tick = tick
    self.message = message
  }
}
