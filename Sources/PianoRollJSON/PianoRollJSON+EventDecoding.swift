import JSON
import PianoRoll
import SMF

extension PianoRollJSON {
  /// The event of an `events` entry, from its `type` and the fields of that type (see
  /// `PianoRollJSON+EventEncoding.swift` for the table).
  static func decodeEvent(_ entry: JSONObjectReader) throws(PianoRollJSONError) -> MIDIEvent {
    guard let type = try entry.string("type") else {
      throw entry.missing("type", "the event type, e.g. \"controlChange\"")
    }
    let byte = 0...127
    switch type {
    case "noteOff", "noteOn", "polyPressure", "controlChange", "programChange", "channelPressure",
      "pitchBend":
      let channel = UInt8(try entry.requiredInt("channel", 0...15))
      let message: ChannelMessage
      switch type {
      case "noteOff":
        message = .noteOff(
          channel: channel, key: UInt8(try entry.requiredInt("pitch", byte)),
          velocity: UInt8(try entry.int("velocity", byte) ?? 0))
      case "noteOn":
        message = .noteOn(
          channel: channel, key: UInt8(try entry.requiredInt("pitch", byte)),
          velocity: UInt8(try entry.requiredInt("velocity", byte)))
      case "polyPressure":
        message = ChannelMessage(
          .polyPressure, channel: channel, UInt8(try entry.requiredInt("pitch", byte)),
          UInt8(try entry.requiredInt("pressure", byte)))
      case "controlChange":
        message = .controlChange(
          channel: channel, controller: UInt8(try entry.requiredInt("controller", byte)),
          value: UInt8(try entry.requiredInt("value", byte)))
      case "programChange":
        message = .programChange(channel: channel, program: UInt8(try entry.requiredInt("program", byte)))
      case "channelPressure":
        message = ChannelMessage(
          .channelPressure, channel: channel, UInt8(try entry.requiredInt("pressure", byte)))
      default:
        message = .pitchBend(channel: channel, value: try entry.requiredInt("value", -8192...8191) + 8192)
      }
      return .channel(message)
    case "sysEx":
      let kind: SysExEvent.Kind
      switch try entry.string("kind") ?? "F0" {
      case "F0", "f0": kind = .start
      case "F7", "f7": kind = .continuation
      case let other:
        throw PianoRollJSONError(
          .invalidValue(value: "\"\(other)\"", expected: "\"F0\" or \"F7\""),
          path: entry.path(of: "kind"))
      }
      guard let data = try entry.hex("hex") else { throw entry.missing("hex", "the SysEx bytes in hex") }
      return .sysEx(SysExEvent(kind, data: data))
    case "meta":
      let metaType = try entry.requiredInt("metaType", 0...255)
      guard let data = try entry.hex("hex") else {
        throw entry.missing("hex", "the meta event's bytes in hex")
      }
      return .meta(MetaEvent(type: UInt8(metaType), data: data))
    default:
      guard let kind = MetaEvent.Kind.allCases.first(where: { $0.name == type }) else {
        throw PianoRollJSONError(
          .invalidValue(
            value: "\"\(type.prefix(40))\"",
            expected: "an event type: noteOff, noteOn, polyPressure, controlChange, programChange, "
              + "channelPressure, pitchBend, sysEx, meta, or a meta name such as trackName or tempo"),
          path: entry.path(of: "type"))
      }
      if let data = try entry.hex("hex") { return .meta(MetaEvent(kind, data: data)) }
      return .meta(try decodeMeta(kind, entry))
    }
  }

  private static func decodeMeta(_ kind: MetaEvent.Kind, _ entry: JSONObjectReader) throws(PianoRollJSONError)
    -> MetaEvent
  {
    if kind.isText {
      guard let text = try entry.string("text") else { throw entry.missing("text", "the text of the event") }
      return .text(kind, text)
    }
    let byte = 0...255
    switch kind {
    case .sequenceNumber:
      let number = try entry.requiredInt("number", 0...0xFFFF)
      return MetaEvent(kind, data: [UInt8(number >> 8), UInt8(number & 0xFF)])
    case .channelPrefix:
      return MetaEvent(kind, data: [UInt8(try entry.requiredInt("channel", 0...15))])
    case .port:
      return MetaEvent(kind, data: [UInt8(try entry.requiredInt("port", byte))])
    case .endOfTrack:
      return .endOfTrack
    case .tempo:
      return .tempo(microsecondsPerQuarter: try decodeMicroseconds(entry))
    case .smpteOffset:
      var data: [UInt8] = []
      for name in ["hours", "minutes", "seconds", "frames", "subframes"] {
        data.append(UInt8(try entry.requiredInt(name, byte)))
      }
      return MetaEvent(kind, data: data)
    case .timeSignature:
      return .timeSignature(
        numerator: try entry.requiredInt("numerator", 1...255), denominator: try decodeDenominator(entry),
        clocksPerClick: try entry.int("clocksPerClick", byte) ?? 24,
        thirtySecondsPerQuarter: try entry.int("thirtySecondsPerQuarter", byte) ?? 8)
    case .keySignature:
      return .keySignature(
        sharps: try entry.requiredInt("sharps", -7...7), isMinor: try entry.bool("minor") ?? false)
    default:  // sequencerSpecific, and text kinds handled above
      throw entry.missing("hex", "the bytes of the \(kind.name) event in hex")
    }
  }
}
