#if LibSMF
  /// One event as libsmf holds it: its absolute tick and its MIDI buffer.
  ///
  /// libsmf 1.3 keeps a channel message and a meta event as the bytes of the file after the
  /// delta-time (a meta event with its type and length byte, `FF 51 03 07 A1 20`), and an `F0`
  /// SysEx message as it goes on the wire: `F0` and the data, without the file's length
  /// (`F0 7E 7F 09 01 F7`). Every track ends with its End of Track event (`FF 2F 00`).
  public struct LibSMFEvent: Hashable, Sendable, CustomStringConvertible {
    /// Ticks from the start of the track.
    public var tick: Int
    /// The event's MIDI buffer.
    public var bytes: [UInt8]

    /// Creates an event.
    public init(tick: Int, bytes: [UInt8]) {
      self.tick = tick
      self.bytes = bytes
    }

    /// The bytes in upper-case hexadecimal and the tick, e.g. `90 3C 64 at tick 480`.
    public var description: String { "\(hexBytes(bytes)) at tick \(tick)" }
  }

  /// Bytes as upper-case hexadecimal pairs separated by spaces; long buffers are cut after 16
  /// bytes with the total count, so a difference stays one line.
  func hexBytes(_ bytes: [UInt8], limit: Int = 16) -> String {
    let digits = "0123456789ABCDEF".map { $0 }
    var text = bytes.prefix(limit).map { String([digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]]) }
      .joined(separator: " ")
    if bytes.isEmpty { text = "(no bytes)" }
    if bytes.count > limit { text += " … (\(bytes.count) bytes)" }
    return text
  }
#endif
