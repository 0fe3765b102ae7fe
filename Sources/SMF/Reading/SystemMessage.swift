/// The system common and real-time messages of the MIDI 1.0 wire protocol (`F1`–`F6`,
/// `F8`–`FE`), which have no place in a Standard MIDI File's track but turn up in real ones
/// (a sequencer that recorded its clock): the reader skips them, with their data bytes.
///
/// MIDI 1.0: system common messages are `F1` (MIDI time code quarter frame, 1 data byte), `F2`
/// (song position pointer, 2), `F3` (song select, 1), `F6` (tune request, 0); `F4` and `F5` are
/// undefined. Real-time messages are `F8` (timing clock), `FA` (start), `FB` (continue), `FC`
/// (stop), `FE` (active sensing), each one byte; `F9` and `FD` are undefined. "Real-Time
/// messages … do not affect Running Status"; a system common message cancels it.
enum SystemMessage {
  /// Whether `status` is one of the bytes this type describes (`F1`–`F6`, `F8`–`FE`).
  static func contains(_ status: UInt8) -> Bool {
    status >= 0xF1 && status <= 0xFE && status != 0xF7
  }

  /// The number of data bytes after the status byte the MIDI 1.0 specification defines (0 for
  /// the undefined ones, which are skipped as one byte).
  static func dataByteCount(_ status: UInt8) -> Int {
    switch status {
    case 0xF1, 0xF3: 1
    case 0xF2: 2
    default: 0
    }
  }

  /// Whether the message leaves running status as it was: the real-time range `F8`–`FE`.
  static func keepsRunningStatus(_ status: UInt8) -> Bool { status >= 0xF8 }

  /// Whether MIDI 1.0 leaves the status byte undefined (`F4`, `F5`, `F9`, `FD`).
  static func isUndefined(_ status: UInt8) -> Bool {
    status == 0xF4 || status == 0xF5 || status == 0xF9 || status == 0xFD
  }

  /// The message's name, for warnings.
  static func name(of status: UInt8) -> String {
    switch status {
    case 0xF1: "MIDI time code quarter frame"
    case 0xF2: "song position pointer"
    case 0xF3: "song select"
    case 0xF6: "tune request"
    case 0xF8: "timing clock"
    case 0xFA: "start"
    case 0xFB: "continue"
    case 0xFC: "stop"
    case 0xFE: "active sensing"
    default: "undefined"
    }
  }
}

/// What an event loop skipped of the system messages in one track (see ``SystemMessage``).
struct SkippedSystemMessages {
  /// The offset of the first message's status byte (`-1`: none skipped).
  private(set) var firstOffset = -1
  /// The first message's status byte.
  private(set) var firstStatus: UInt8 = 0
  /// The number of messages skipped.
  private(set) var count = 0
  /// The bytes skipped (status and data bytes; the delta-times before them still count).
  private(set) var bytes = 0

  /// Counts one message of `byteCount` bytes whose status is `status`, at `offset`.
  mutating func record(_ status: UInt8, at offset: Int, byteCount: Int) {
    if count == 0 {
      firstOffset = offset
      firstStatus = status
    }
    count += 1
    bytes += byteCount
  }

  /// The warning for them, or `nil` when none was skipped.
  func warning(track: Int) -> SMFWarning? {
    guard count > 0 else { return nil }
    return SMFWarning(
      .systemMessagesSkipped(first: firstStatus, count: count, bytes: bytes), offset: firstOffset,
      track: track)
  }
}
