import JSON
import PianoRoll
import SMF

/// Events other than notes as the full profile writes them: `{"tick": …, "type": …, fields}`
/// (the compact profile writes the same fields as rows: `PianoRollJSON+EventRows.swift`).
///
/// | type | fields |
/// |---|---|
/// | `noteOff`, `noteOn` (no sounding note / velocity 0) | `channel`, `pitch`, `velocity` |
/// | `polyPressure` | `channel`, `pitch`, `pressure` |
/// | `controlChange` | `channel`, `controller`, `value` |
/// | `programChange` | `channel`, `program` |
/// | `channelPressure` | `channel`, `pressure` |
/// | `pitchBend` | `channel`, `value` (−8192…8191, 0 = centre) |
/// | `sysEx` | `kind` (`F0` or `F7`), `hex` (the bytes after the length) |
/// | `text` … `deviceName` (meta 01–09) | `text`; also `hex` when the bytes are not UTF-8 |
/// | `sequenceNumber` | `number` |
/// | `channelPrefix` | `channel` |
/// | `port` | `port` |
/// | `endOfTrack` | — |
/// | `tempo` | `microsecondsPerBeat`, `bpm` (derived) |
/// | `smpteOffset` | `hours`, `minutes`, `seconds`, `frames`, `subframes` |
/// | `timeSignature` | `numerator`, `denominator`, `clocksPerClick`, `thirtySecondsPerQuarter` |
/// | `keySignature` | `sharps`, `minor`, `name` (derived) |
/// | `sequencerSpecific` | `hex` |
/// | `meta` (any other type) | `metaType`, `hex` |
///
/// A known meta event whose bytes do not have the usual length or values (a meter of 0 beats
/// among them, which reading refuses in readable form) is written with `hex` only. On reading,
/// `hex` wins over the readable fields of any meta event.
extension PianoRollJSON {
  /// Writes an event's fields after its tick: `, "type": …, fields` (the caller writes
  /// `{"tick": …` and `}`).
  static func writeEvent(_ event: MIDIEvent, to out: inout JSONWriter) {
    switch event {
    case .channel(let message):
      writeChannelMessage(message, to: &out)
    case .sysEx(let sysEx):
      out.raw(
        sysEx.kind == .start
          ? ", \"type\": \"sysEx\", \"kind\": \"F0\", \"hex\": "
          : ", \"type\": \"sysEx\", \"kind\": \"F7\", \"hex\": ")
      out.rawHexString(sysEx.data)
    case .meta(let meta):
      writeMeta(meta, to: &out)
    }
  }

  private static func writeChannelMessage(_ message: ChannelMessage, to out: inout JSONWriter) {
    switch message.kind {
    case .noteOff: out.raw(", \"type\": \"noteOff\", \"channel\": ")
    case .noteOn: out.raw(", \"type\": \"noteOn\", \"channel\": ")
    case .polyPressure: out.raw(", \"type\": \"polyPressure\", \"channel\": ")
    case .controlChange: out.raw(", \"type\": \"controlChange\", \"channel\": ")
    case .programChange: out.raw(", \"type\": \"programChange\", \"channel\": ")
    case .channelPressure: out.raw(", \"type\": \"channelPressure\", \"channel\": ")
    case .pitchBend: out.raw(", \"type\": \"pitchBend\", \"channel\": ")
    }
    out.rawInteger(Int(message.channel))
    // The members of the data bytes, by kind: the first data byte's, and the second's if it has one.
    let members: (first: StaticString, second: StaticString?) =
      switch message.kind {
      case .noteOff, .noteOn: (", \"pitch\": ", ", \"velocity\": ")
      case .polyPressure: (", \"pitch\": ", ", \"pressure\": ")
      case .controlChange: (", \"controller\": ", ", \"value\": ")
      case .programChange: (", \"program\": ", nil)
      case .channelPressure: (", \"pressure\": ", nil)
      case .pitchBend: (", \"value\": ", nil)
      }
    out.raw(members.first)
    guard message.kind != .pitchBend else { return out.rawInteger(message.pitchBendValue - 8192) }
    out.rawInteger(Int(message.data1))
    if let second = members.second {
      out.raw(second)
      out.rawInteger(Int(message.data2))
    }
  }

  private static func writeMeta(_ meta: MetaEvent, to out: inout JSONWriter) {
    let data = meta.data
    guard let kind = meta.kind else {
      out.raw(", \"type\": \"meta\", \"metaType\": ", integer: Int(meta.type))
      out.raw(", \"hex\": ")
      out.rawHexString(data)
      return
    }
    out.raw(", \"type\": ", string: kind.name)
    guard hasReadableFields(meta, textMustBeUTF8: false) else {
      out.raw(", \"hex\": ")
      out.rawHexString(data)
      return
    }
    if kind.isText {
      out.raw(", \"text\": ")
      if let text = String(validating: data, as: UTF8.self) {
        out.rawString(text)
      } else {
        out.rawString(MetaEvent.decodeText(data))
        out.raw(", \"hex\": ")
        out.rawHexString(data)
      }
      return
    }
    switch kind {
    case .sequenceNumber:
      out.raw(", \"number\": ", integer: Int(data[0]) << 8 | Int(data[1]))
    case .channelPrefix:
      out.raw(", \"channel\": ", integer: Int(data[0]))
    case .port:
      out.raw(", \"port\": ", integer: Int(data[0]))
    case .endOfTrack:
      break
    case .tempo:
      out.raw(", \"microsecondsPerBeat\": ", integer: meta.tempo!)
      out.raw(", \"bpm\": ")
      out.rawDecimal(numerator: 60_000_000, denominator: meta.tempo!)
    case .smpteOffset:
      out.raw(", \"hours\": ", integer: Int(data[0]))
      out.raw(", \"minutes\": ", integer: Int(data[1]))
      out.raw(", \"seconds\": ", integer: Int(data[2]))
      out.raw(", \"frames\": ", integer: Int(data[3]))
      out.raw(", \"subframes\": ", integer: Int(data[4]))
    case .timeSignature:
      out.raw(", \"numerator\": ", integer: Int(data[0]))
      out.raw(", \"denominator\": ", integer: 1 << Int(data[1]))
      out.raw(", \"clocksPerClick\": ", integer: Int(data[2]))
      out.raw(", \"thirtySecondsPerQuarter\": ", integer: Int(data[3]))
    case .keySignature:
      let key = meta.keySignature!
      writeKeyFields(sharps: key.sharps, isMinor: key.isMinor, name: key.name, to: &out)
    default:  // sequencerSpecific
      out.raw(", \"hex\": ")
      out.rawHexString(data)
    }
  }
}
