/// A System Exclusive event: an `F0` message (or its first packet) or an `F7` packet.
///
/// The SMF specification: `F0 <length> <bytes to be transmitted after F0>` and
/// `F7 <length> <all bytes to be transmitted>` — the second form carries continuation packets
/// of a split message, or any bytes at all ("escapes"). The bytes are kept exactly.
public struct SysExEvent: Hashable, Sendable {
  /// Which of the two SysEx forms this is.
  public enum Kind: UInt8, Hashable, Sendable {
    /// `F0`: a message (or its first packet); `data` follows the `F0`.
    case start = 0xF0
    /// `F7`: a continuation packet or an escape; `data` is sent as is.
    case continuation = 0xF7
  }

  /// Which form this is.
  public var kind: Kind
  /// The bytes after the length, exactly as in the file (an `F0` message usually ends in `F7`).
  public var data: [UInt8]

  /// Creates a SysEx event.
  public init(_ kind: Kind, data: [UInt8]) {
    self.kind = kind
    self.data = data
  }
}
