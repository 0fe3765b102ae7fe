/// A meta event: `FF type length data`.
///
/// The bytes are the truth (so every meta event, known or not, survives a round trip);
/// the typed accessors below read the known types.
public struct MetaEvent: Hashable, Sendable {
  /// The meta event types the SMF specification (and its recommended practices) define.
  public enum Kind: UInt8, Hashable, Sendable, CaseIterable {
    /// `FF 00 02 ssss`.
    case sequenceNumber = 0x00
    /// `FF 01 len text`.
    case text = 0x01
    /// `FF 02 len text`.
    case copyright = 0x02
    /// `FF 03 len text`: sequence or track name.
    case trackName = 0x03
    /// `FF 04 len text`.
    case instrumentName = 0x04
    /// `FF 05 len text`.
    case lyric = 0x05
    /// `FF 06 len text`.
    case marker = 0x06
    /// `FF 07 len text`.
    case cuePoint = 0x07
    /// `FF 08 len text` (RP-019).
    case programName = 0x08
    /// `FF 09 len text` (RP-019).
    case deviceName = 0x09
    /// `FF 20 01 cc`.
    case channelPrefix = 0x20
    /// `FF 21 01 pp` (MIDI port, common practice).
    case port = 0x21
    /// `FF 2F 00`.
    case endOfTrack = 0x2F
    /// `FF 51 03 tttttt`: microseconds per quarter note.
    case tempo = 0x51
    /// `FF 54 05 hr mn se fr ff`.
    case smpteOffset = 0x54
    /// `FF 58 04 nn dd cc bb`.
    case timeSignature = 0x58
    /// `FF 59 02 sf mi`.
    case keySignature = 0x59
    /// `FF 7F len data`.
    case sequencerSpecific = 0x7F

    /// Whether the event's data is text.
    public var isText: Bool { (0x01...0x09).contains(rawValue) }

    /// The JSON and display name of the type, e.g. `trackName`.
    public var name: String {
      switch self {
      case .sequenceNumber: "sequenceNumber"
      case .text: "text"
      case .copyright: "copyright"
      case .trackName: "trackName"
      case .instrumentName: "instrumentName"
      case .lyric: "lyric"
      case .marker: "marker"
      case .cuePoint: "cuePoint"
      case .programName: "programName"
      case .deviceName: "deviceName"
      case .channelPrefix: "channelPrefix"
      case .port: "port"
      case .endOfTrack: "endOfTrack"
      case .tempo: "tempo"
      case .smpteOffset: "smpteOffset"
      case .timeSignature: "timeSignature"
      case .keySignature: "keySignature"
      case .sequencerSpecific: "sequencerSpecific"
      }
    }
  }

  /// The type byte (`FF type …`), known or not.
  public var type: UInt8
  /// The data bytes, exactly as in the file.
  public var data: [UInt8]

  /// Creates a meta event from its type byte and data.
  public init(type: UInt8, data: [UInt8]) {
    self.type = type
    self.data = data
  }

  /// Creates a meta event of a known kind.
  public init(_ kind: Kind, data: [UInt8]) {
    self.init(type: kind.rawValue, data: data)
  }

  /// The known kind, or `nil` for a type this package does not know.
  public var kind: Kind? { Kind(rawValue: type) }

  /// The text of a text event (types 01–09), decoded as UTF-8 with Latin-1 as fallback.
  public var text: String? {
    guard kind?.isText == true else { return nil }
    return MetaEvent.decodeText(data)
  }

  /// Decodes text bytes: UTF-8 when valid, otherwise Latin-1 (the usual encoding of old files).
  public static func decodeText(_ bytes: [UInt8]) -> String {
    if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
    return String(String.UnicodeScalarView(bytes.map { UnicodeScalar($0) }))
  }

  /// Microseconds per quarter note of a well-formed tempo event.
  public var tempo: Int? {
    guard type == Kind.tempo.rawValue, data.count >= 3 else { return nil }
    return Int(data[0]) << 16 | Int(data[1]) << 8 | Int(data[2])
  }

  /// The time signature of a well-formed time-signature event.
  public var timeSignature: TimeSignatureValue? {
    guard type == Kind.timeSignature.rawValue, data.count >= 2, data[1] < 16 else { return nil }
    return TimeSignatureValue(
      numerator: Int(data[0]), denominator: 1 << Int(data[1]),
      clocksPerClick: data.count > 2 ? Int(data[2]) : 24,
      thirtySecondsPerQuarter: data.count > 3 ? Int(data[3]) : 8)
  }

  /// The key signature of a well-formed key-signature event (two bytes: sharps -7…7, then 0 for
  /// major or 1 for minor), or `nil`.
  public var keySignature: KeySignatureValue? {
    guard type == Kind.keySignature.rawValue, data.count == 2, data[1] <= 1 else { return nil }
    let sharps = Int(Int8(bitPattern: data[0]))
    guard (-7...7).contains(sharps) else { return nil }
    return KeySignatureValue(sharps: sharps, isMinor: data[1] == 1)
  }

  /// End of Track.
  public static let endOfTrack = MetaEvent(.endOfTrack, data: [])

  /// A tempo event.
  /// - Parameter microsecondsPerQuarter: Microseconds per quarter note, 1–16777215.
  public static func tempo(microsecondsPerQuarter: Int) -> MetaEvent {
    let value = max(1, min(0xFF_FFFF, microsecondsPerQuarter))
    return MetaEvent(
      .tempo, data: [UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
  }

  /// A time-signature event.
  /// - Precondition: `denominator` is a power of two from 1 to 2^15.
  public static func timeSignature(
    numerator: Int, denominator: Int, clocksPerClick: Int = 24, thirtySecondsPerQuarter: Int = 8
  ) -> MetaEvent {
    precondition(denominator > 0 && denominator & (denominator - 1) == 0, "power of two")
    return MetaEvent(
      .timeSignature,
      data: [
        UInt8(truncatingIfNeeded: numerator), UInt8(denominator.trailingZeroBitCount),
        UInt8(truncatingIfNeeded: clocksPerClick), UInt8(truncatingIfNeeded: thirtySecondsPerQuarter),
      ])
  }

  /// A key-signature event.
  /// - Parameters:
  ///   - sharps: Sharps (positive) or flats (negative), -7…7.
  ///   - isMinor: Whether the key is minor.
  public static func keySignature(sharps: Int, isMinor: Bool) -> MetaEvent {
    MetaEvent(.keySignature, data: [UInt8(bitPattern: Int8(max(-7, min(7, sharps)))), isMinor ? 1 : 0])
  }

  /// A text event of the given kind (track name, lyric, marker, …), encoded as UTF-8.
  public static func text(_ kind: Kind, _ text: String) -> MetaEvent {
    MetaEvent(kind, data: Array(text.utf8))
  }
}

/// The value of a time-signature meta event.
public struct TimeSignatureValue: Hashable, Sendable {
  /// Beats in a bar.
  public var numerator: Int
  /// The note value of a beat: 4 = quarter, 8 = eighth.
  public var denominator: Int
  /// MIDI clocks in a metronome click.
  public var clocksPerClick: Int
  /// Notated 32nd notes in a MIDI quarter note (24 clocks).
  public var thirtySecondsPerQuarter: Int

  /// Creates a time-signature value.
  public init(numerator: Int, denominator: Int, clocksPerClick: Int = 24, thirtySecondsPerQuarter: Int = 8) {
    self.numerator = numerator
    self.denominator = denominator
    self.clocksPerClick = clocksPerClick
    self.thirtySecondsPerQuarter = thirtySecondsPerQuarter
  }
}

/// The value of a key-signature meta event.
public struct KeySignatureValue: Hashable, Sendable {
  /// Sharps (positive) or flats (negative).
  public var sharps: Int
  /// Whether the key is minor.
  public var isMinor: Bool

  /// Creates a key-signature value.
  public init(sharps: Int, isMinor: Bool) {
    self.sharps = sharps
    self.isMinor = isMinor
  }

  /// The key's name, e.g. `G major` or `E♭ minor`… written with ASCII: `Eb minor`.
  public var name: String {
    let majors = ["Cb", "Gb", "Db", "Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#"]
    let minors = ["Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#", "G#", "D#", "A#"]
    guard (-7...7).contains(sharps) else { return "\(sharps) sharps \(isMinor ? "minor" : "major")" }
    return isMinor ? "\(minors[sharps + 7]) minor" : "\(majors[sharps + 7]) major"
  }
}
