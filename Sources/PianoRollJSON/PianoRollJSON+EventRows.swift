import JSON
import PianoRoll
import SMF

/// Event rows: how the compact profile writes an event other than a note,
/// `[tick, "type", fields…]`, each field of the type at a fixed place.
///
/// | type | fields after `tick` and `type` |
/// |---|---|
/// | `noteOff` | `channel`, `pitch`, `velocity` (`null`: 0) |
/// | `noteOn` | `channel`, `pitch`, `velocity` |
/// | `polyPressure` | `channel`, `pitch`, `pressure` |
/// | `controlChange` | `channel`, `controller`, `value` |
/// | `programChange` | `channel`, `program` |
/// | `channelPressure` | `channel`, `pressure` |
/// | `pitchBend` | `channel`, `value` (−8192…8191) |
/// | `sysEx` | `kind` (`"F0"` or `"F7"`; `null`: `"F0"`), `hex` |
/// | `meta` | `metaType`, `hex` |
/// | `text` … `deviceName` (meta 01–09) | `text` |
/// | `sequenceNumber` | `number` |
/// | `channelPrefix` | `channel` |
/// | `port` | `port` |
/// | `endOfTrack` | — |
/// | `tempo` | `microsecondsPerBeat` |
/// | `smpteOffset` | `hours`, `minutes`, `seconds`, `frames`, `subframes` |
/// | `timeSignature` | `numerator`, `denominator`, `clocksPerClick` (`null`: 24), `thirtySecondsPerQuarter` (`null`: 8) |
/// | `keySignature` | `sharps`, `minor` (`null`: false) |
/// | `sequencerSpecific` | `hex` |
///
/// A field is what the event object of the same type names so (see
/// `PianoRollJSON+EventEncoding.swift`); a `null` field is an absent one, so only the fields
/// with a default may be `null`. A meta event whose bytes have no readable form (text that is
/// not UTF-8, a tempo of 2 bytes, …) is the row `[tick, "meta", metaType, hex]`. A row has
/// exactly 2 + its type's fields items. Reading turns a row into the named fields of an event
/// object (``JSONObjectReader``), so objects and rows are read by the same code.
extension PianoRollJSON {
  /// A field of an event other than a note: its name in an event object, and a slot of an
  /// event row.
  public enum EventField: String, Sendable, CaseIterable {
    /// A channel message's channel, or a channel-prefix meta event's.
    case channel
    /// A key.
    case pitch
    /// A note message's velocity.
    case velocity
    /// Polyphonic or channel pressure.
    case pressure
    /// A control change's controller.
    case controller
    /// A control change's value, or a pitch bend's (−8192…8191).
    case value
    /// A program change's program.
    case program
    /// A SysEx event's kind: `"F0"` or `"F7"`.
    case kind
    /// Bytes in hex.
    case hex
    /// A text meta event's text.
    case text
    /// A sequence number.
    case number
    /// A port meta event's port.
    case port
    /// A tempo's microseconds per quarter note.
    case microsecondsPerBeat
    /// An SMPTE offset's hours.
    case hours
    /// An SMPTE offset's minutes.
    case minutes
    /// An SMPTE offset's seconds.
    case seconds
    /// An SMPTE offset's frames.
    case frames
    /// An SMPTE offset's hundredths of a frame.
    case subframes
    /// A time signature's beats a bar.
    case numerator
    /// A time signature's beat note (a power of two).
    case denominator
    /// A time signature's MIDI clocks a metronome click.
    case clocksPerClick
    /// A time signature's 32nd notes a quarter note.
    case thirtySecondsPerQuarter
    /// A key signature's sharps (negative: flats).
    case sharps
    /// Whether a key signature is minor.
    case minor
    /// The type byte of a meta event written as bytes.
    case metaType
  }

  /// The row of one event type: `[tick, "type", fields…]`.
  public struct EventRowLayout: Sendable, Hashable {
    /// The event's `type`.
    public let type: String
    /// The fields after the type, in their order.
    public let fields: [EventField]
  }

  /// Every event type's row, in one table that the writer and the reader both follow: the
  /// channel messages in status order, `sysEx`, `meta`, then the known meta events in type
  /// order (the order ``rowLayoutIndex(_:)`` counts in).
  public static let eventRows: [EventRowLayout] = {
    let channel: [(String, [EventField])] = [
      ("noteOff", [.channel, .pitch, .velocity]),
      ("noteOn", [.channel, .pitch, .velocity]),
      ("polyPressure", [.channel, .pitch, .pressure]),
      ("controlChange", [.channel, .controller, .value]),
      ("programChange", [.channel, .program]),
      ("channelPressure", [.channel, .pressure]),
      ("pitchBend", [.channel, .value]),
      ("sysEx", [.kind, .hex]),
      ("meta", [.metaType, .hex]),
    ]
    let meta = MetaEvent.Kind.allCases.map { kind -> (String, [EventField]) in
      if kind.isText { return (kind.name, [.text]) }
      switch kind {
      case .sequenceNumber: return (kind.name, [.number])
      case .channelPrefix: return (kind.name, [.channel])
      case .port: return (kind.name, [.port])
      case .tempo: return (kind.name, [.microsecondsPerBeat])
      case .smpteOffset: return (kind.name, [.hours, .minutes, .seconds, .frames, .subframes])
      case .timeSignature:
        return (kind.name, [.numerator, .denominator, .clocksPerClick, .thirtySecondsPerQuarter])
      case .keySignature: return (kind.name, [.sharps, .minor])
      case .sequencerSpecific: return (kind.name, [.hex])
      default: return (kind.name, [])  // endOfTrack
      }
    }
    return (channel + meta).map { EventRowLayout(type: $0.0, fields: $0.1) }
  }()

  /// The index in ``eventRows`` of the row `[tick, "sysEx", kind, hex]`.
  static let sysExRowIndex = 7
  /// The index in ``eventRows`` of the row `[tick, "meta", metaType, hex]`.
  static let metaRowIndex = 8

  /// The index in ``eventRows`` of each meta type's row (``metaRowIndex`` for unknown types).
  private static let metaRowIndices: [Int] = (0...255).map { type in
    guard let kind = MetaEvent.Kind(rawValue: UInt8(type)) else { return metaRowIndex }
    return metaRowIndex + 1 + MetaEvent.Kind.allCases.firstIndex(of: kind)!
  }

  /// The layout in ``eventRows`` of a type, by its name.
  static let eventRowsByType: [String: EventRowLayout] = Dictionary(
    uniqueKeysWithValues: eventRows.map { ($0.type, $0) })

  /// The index in ``eventRows`` of the row an event is written as: its type's, or the `meta`
  /// row for a meta event whose bytes have no readable form.
  static func rowLayoutIndex(_ event: MIDIEvent) -> Int {
    switch event {
    case .channel(let message): return Int(message.kind.rawValue >> 4) - 8
    case .sysEx: return sysExRowIndex
    case .meta(let meta):
      return hasReadableFields(meta, textMustBeUTF8: true) ? metaRowIndices[Int(meta.type)] : metaRowIndex
    }
  }

  /// Whether a meta event is written with the readable fields of its type (else as `hex`):
  /// a known type whose bytes have the usual length and values. Text that is not UTF-8 has a
  /// readable form only where `textMustBeUTF8` is false (the full profile writes it decoded,
  /// next to its `hex`).
  static func hasReadableFields(_ meta: MetaEvent, textMustBeUTF8: Bool) -> Bool {
    guard let kind = meta.kind else { return false }
    let data = meta.data
    if kind.isText { return !textMustBeUTF8 || String(validating: data, as: UTF8.self) != nil }
    switch kind {
    case .sequenceNumber: return data.count == 2
    case .channelPrefix: return data.count == 1 && data[0] < 16
    case .port: return data.count == 1
    case .endOfTrack: return data.isEmpty
    case .tempo: return data.count == 3 && meta.tempo! > 0
    case .smpteOffset: return data.count == 5
    case .timeSignature: return data.count == 4 && data[0] > 0 && data[1] < 16
    case .keySignature: return meta.keySignature != nil
    default: return true  // sequencerSpecific: its readable form is its hex
    }
  }

  /// Writes an event as a row after its tick: `,"type",fields…` (the caller writes `[tick`
  /// and `]`), each field in the order of ``eventRows``.
  static func writeEventRow(_ event: MIDIEvent, to out: inout JSONWriter) {
    let layout = eventRows[rowLayoutIndex(event)]
    out.rawByte(UInt8(ascii: ","))
    out.rawString(layout.type)
    for field in layout.fields {
      out.rawByte(UInt8(ascii: ","))
      writeRowField(field, of: event, to: &out)
    }
  }

  /// Writes one field of an event, whose row has that field.
  private static func writeRowField(_ field: EventField, of event: MIDIEvent, to out: inout JSONWriter) {
    switch event {
    case .channel(let message):
      switch field {
      case .channel: out.rawInteger(Int(message.channel))
      case .pitch, .controller, .program: out.rawInteger(Int(message.data1))
      case .pressure where message.kind == .channelPressure: out.rawInteger(Int(message.data1))
      case .value where message.kind == .pitchBend: out.rawInteger(message.pitchBendValue - 8192)
      default: out.rawInteger(Int(message.data2))  // velocity, pressure, value
      }
    case .sysEx(let sysEx):
      if field == .kind {
        out.raw(sysEx.kind == .start ? "\"F0\"" : "\"F7\"")
      } else {
        out.rawHexString(sysEx.data)
      }
    case .meta(let meta):
      let data = meta.data
      switch field {
      case .metaType: out.rawInteger(Int(meta.type))
      case .hex: out.rawHexString(data)
      case .text: out.rawString(String(decoding: data, as: UTF8.self))
      case .number: out.rawInteger(Int(data[0]) << 8 | Int(data[1]))
      case .microsecondsPerBeat: out.rawInteger(meta.tempo!)
      case .sharps: out.rawInteger(meta.keySignature!.sharps)
      case .minor: out.rawBool(meta.keySignature!.isMinor)
      case .denominator: out.rawInteger(1 << Int(data[1]))
      case .clocksPerClick, .seconds: out.rawInteger(Int(data[2]))
      case .thirtySecondsPerQuarter, .frames: out.rawInteger(Int(data[3]))
      case .minutes: out.rawInteger(Int(data[1]))
      case .subframes: out.rawInteger(Int(data[4]))
      default: out.rawInteger(Int(data[0]))  // channel, port, hours, numerator
      }
    }
  }
}
