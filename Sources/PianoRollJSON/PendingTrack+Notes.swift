import JSON
import PianoRoll
import SMF

/// A note without `tick` or without `durationTicks`, placed once the timeline is known.
struct UnplacedNote {
  var index: Int
  var hasTick: Bool
  var position: Position?
  var seconds: Double?
  var hasDurationTicks: Bool
  var duration: Position?
  var durationSeconds: Double?
}

/// A note's `position` and `seconds` given next to its `tick`: they must say the same place.
/// Kept small (32 bytes), as every note of a full-profile document has one until the timeline
/// is known.
struct NoteCheck {
  private var noteIndex: UInt32
  private var bar: Int32
  private var beat: Int32
  private var subbeat: Int32
  private var cent: Int32
  private var hasPosition: Bool
  private var secondsValue: Double

  /// A check of note `index`; `nil` when a position part does not fit 32 bits (such a
  /// position cannot be the note's anyway: the caller refuses it as out of range).
  init?(index: Int, position: Position?, seconds: Double?) {
    guard let compactIndex = UInt32(exactly: index) else { return nil }
    noteIndex = compactIndex
    hasPosition = position != nil
    let given = position ?? .zero
    guard let bar = Int32(exactly: given.bar), let beat = Int32(exactly: given.beat),
      let subbeat = Int32(exactly: given.subbeat), let cent = Int32(exactly: given.cent)
    else { return nil }
    self.bar = bar
    self.beat = beat
    self.subbeat = subbeat
    self.cent = cent
    secondsValue = seconds ?? .nan
  }

  var index: Int { Int(noteIndex) }

  /// Whether the given position and seconds are those of `tick` in `timeline`.
  func holds(forTick tick: Int, in timeline: Timeline) -> Bool {
    if let position, position != timeline.position(atTick: tick) { return false }
    if let seconds, !Self.secondsAgree(seconds, timeline.seconds(atTick: tick)) { return false }
    return true
  }

  /// Whether seconds read from JSON say the time of a tick (`atTick`): within a microsecond,
  /// and the rounding of a long song's time.
  static func secondsAgree(_ given: Double, _ atTick: Double) -> Bool {
    (given - atTick).magnitude <= 1e-6 + atTick.magnitude * 1e-12
  }
  var position: Position? {
    hasPosition ? Position(bar: Int(bar), beat: Int(beat), subbeat: Int(subbeat), cent: Int(cent)) : nil
  }
  var seconds: Double? { secondsValue.isNaN ? nil : secondsValue }
}

extension PendingTrack {
  /// The names of a note, in the order `readNote` numbers them.
  static let noteNames = JSONNameTable([
    "pitch", "velocity", "offVelocity", "channel", "tick", "durationTicks", "position", "duration", "seconds",
    "durationSeconds", "end", "onOrder", "offOrder",
  ])
  /// The names of a position.
  static let positionNames = JSONNameTable(["bar", "beat", "subbeat", "cent"])

  /// The slots of a note row, `[tick, durationTicks, pitch, velocity, channel, off]`, with the
  /// values each holds (`off`: the note-off velocity, or −1 for a note ended by a note-on of
  /// velocity 0, −2 for one ended at the End of Track).
  static let noteRowSlots: [(name: String, range: ClosedRange<Int>)] = [
    ("tick", 0...PianoRollJSON.maximumTick), ("durationTicks", 0...PianoRollJSON.maximumTick),
    ("pitch", 0...127), ("velocity", 1...127), ("channel", 0...15),
    ("off", PianoRollJSON.offEndOfTrack...127),
  ]

  /// Reads one entry of `notes`: an object, member by member, or a row.
  mutating func readNote(_ reader: inout JSONReader) throws(PianoRollJSONError) {
    switch try reader.peekKind() {
    case .object: break
    case .array: return try readNoteRow(&reader)
    default:
      throw PianoRollJSONError(
        .wrongType(expected: "a note object or a note row of 6 integers", found: try reader.describeValue()),
        path: reader.path)
    }
    try reader.beginObject()
    var pitch: Int?
    var velocity = 100
    var offVelocity = 0
    var channel = 0
    var tick: Int?
    var durationTicks: Int?
    var end = NoteEnd.noteOff
    var position: Position?
    var seconds: Double?
    var duration: Position?
    var durationSeconds: Double?
    var onOrder: Int?
    var offOrder: Int?
    let maximumTick = PianoRollJSON.maximumTick
    while let name = try reader.nextName(in: Self.noteNames) {
      if try reader.readNullIfPresent() { continue }
      switch name {
      case 0: pitch = try PianoRollJSON.readInt(&reader, 0...127)
      case 1: velocity = try PianoRollJSON.readInt(&reader, 1...127)
      case 2: offVelocity = try PianoRollJSON.readInt(&reader, 0...127)
      case 3: channel = try PianoRollJSON.readInt(&reader, 0...15)
      case 4: tick = try PianoRollJSON.readInt(&reader, 0...maximumTick)
      case 5: durationTicks = try PianoRollJSON.readInt(&reader, 0...maximumTick)
      case 6: position = try Self.readPosition(&reader)
      case 7: duration = try Self.readPosition(&reader)
      case 8: seconds = try reader.readDouble()
      case 9: durationSeconds = try reader.readDouble()
      case 10:
        let text = try reader.readString()
        guard let value = NoteEnd(name: text) else {
          throw PianoRollJSONError(
            .invalidValue(
              value: "\"\(text.prefix(40))\"", expected: "\"noteOff\", \"noteOnVelocity0\" or \"endOfTrack\""),
            path: reader.path)
        }
        end = value
      case 11: onOrder = try PianoRollJSON.readInt(&reader, 0...PendingOrder.maximumRank)
      case 12: offOrder = try PianoRollJSON.readInt(&reader, 0...PendingOrder.maximumRank)
      default: try reader.skipValue()
      }
    }
    guard let pitch else {
      throw PianoRollJSONError(.missingName("pitch", expected: "an integer 0…127"), path: reader.path)
    }
    // An end with no note-off (a note-on of velocity 0, the End of Track) holds no off
    // velocity: one given is read as 0, as a row's −1 and −2 are (docs/DESIGN.md).
    if end != .noteOff { offVelocity = 0 }
    let index = notes.count
    notes.append(
      Note(
        pitch: UInt8(pitch), velocity: UInt8(velocity), offVelocity: UInt8(offVelocity),
        channel: UInt8(channel),
        tick: tick ?? 0, durationTicks: durationTicks ?? 0, end: end))
    if tick == nil || durationTicks == nil {
      guard tick != nil || position != nil || seconds != nil else {
        throw PianoRollJSONError(
          .missingName("tick", expected: "the start of the note: \"tick\", \"position\" or \"seconds\""),
          path: reader.path)
      }
      guard durationTicks != nil || duration != nil || durationSeconds != nil else {
        throw PianoRollJSONError(
          .missingName(
            "durationTicks",
            expected: "the length of the note: \"durationTicks\", \"duration\" or \"durationSeconds\""),
          path: reader.path)
      }
      unplacedNotes.append(
        UnplacedNote(
          index: index, hasTick: tick != nil, position: position, seconds: seconds,
          hasDurationTicks: durationTicks != nil, duration: duration, durationSeconds: durationSeconds))
    }
    if tick != nil && (position != nil || seconds != nil) {
      guard let check = NoteCheck(index: index, position: position, seconds: seconds) else {
        throw PianoRollJSONError(
          .outOfRange(value: "this note's position", expected: "a position whose parts fit 32 bits"),
          path: reader.path.appending("position"))
      }
      if let provisional, let tick, check.holds(forTick: tick, in: provisional) {
        checkedProvisionally = true  // verified now: nothing kept
      } else {
        checks.append(check)
      }
    }
    if let onOrder { orders.append(PendingOrder(item: .noteOn(index), rank: onOrder)) }
    if let offOrder { orders.append(PendingOrder(item: .noteOff(index), rank: offOrder)) }
  }

  /// Reads a note row `[tick, durationTicks, pitch, velocity, channel, off]`.
  private mutating func readNoteRow(_ reader: inout JSONReader) throws(PianoRollJSONError) {
    try reader.beginArray()
    let slots = Self.noteRowSlots
    var values = (tick: 0, duration: 0, pitch: 0, velocity: 0, channel: 0, off: 0)
    var count = 0
    while try reader.nextElement() {
      guard count < slots.count else { throw Self.noteRowLength(count + 1, path: reader.path, inside: true) }
      let slot = slots[count]
      let value = try reader.readInteger(
        expected: "\(slot.name): an integer \(JSONObjectReader.describe(slot.range))")
      guard slot.range.contains(value) else {
        throw PianoRollJSONError(
          .outOfRange(
            value: "\(value)", expected: "\(slot.name): an integer \(JSONObjectReader.describe(slot.range))"),
          path: reader.path)
      }
      switch count {
      case 0: values.tick = value
      case 1: values.duration = value
      case 2: values.pitch = value
      case 3: values.velocity = value
      case 4: values.channel = value
      default: values.off = value
      }
      count += 1
    }
    guard count == slots.count else { throw Self.noteRowLength(count, path: reader.path, inside: false) }
    let end: NoteEnd
    switch values.off {
    case PianoRollJSON.offNoteOnVelocity0: end = .noteOnWithVelocityZero
    case PianoRollJSON.offEndOfTrack: end = .endOfTrack
    default: end = .noteOff
    }
    notes.append(
      Note(
        pitch: UInt8(values.pitch), velocity: UInt8(values.velocity), offVelocity: UInt8(max(values.off, 0)),
        channel: UInt8(values.channel), tick: values.tick, durationTicks: values.duration, end: end))
  }

  /// The error for a note row of `count` items (or more, when `inside`: the reader then stands in
  /// the row, at its item past the sixth).
  private static func noteRowLength(_ count: Int, path: JSONPath, inside: Bool) -> PianoRollJSONError {
    let rowPath = inside ? JSONPath(Array(path.components.dropLast())) : path
    return PianoRollJSONError(
      .wrongType(
        expected: "a note row of 6 integers: [tick, durationTicks, pitch, velocity, channel, off]",
        found: inside ? "an array of more than 6 items" : "an array of \(count) item\(count == 1 ? "" : "s")"),
      path: rowPath)
  }

  /// A position object `{"bar", "beat", "subbeat", "cent"}` (parts absent count as 0).
  static func readPosition(_ reader: inout JSONReader) throws(PianoRollJSONError) -> Position {
    guard try reader.peekKind() == .object else {
      throw PianoRollJSONError(
        .wrongType(expected: "an object", found: try reader.describeValue()), path: reader.path)
    }
    try reader.beginObject()
    var parts = (bar: 0, beat: 0, subbeat: 0, cent: 0)
    let large = -1_000_000_000...1_000_000_000
    while let name = try reader.nextName(in: positionNames) {
      if try reader.readNullIfPresent() { continue }
      switch name {
      case 0: parts.bar = try PianoRollJSON.readInt(&reader, large)
      case 1: parts.beat = try PianoRollJSON.readInt(&reader, large)
      case 2: parts.subbeat = try PianoRollJSON.readInt(&reader, large)
      case 3: parts.cent = try PianoRollJSON.readInt(&reader, large)
      default: try reader.skipValue()
      }
    }
    return Position(bar: parts.bar, beat: parts.beat, subbeat: parts.subbeat, cent: parts.cent)
  }

  /// Places the notes without a tick or a length, and checks the positions and seconds given
  /// next to a tick (or, with ``PianoRollJSON/DecodeOptions/prefer``, ignores or applies them).
  mutating func placeNotes(_ timeline: Timeline, track: Int, options: PianoRollJSON.DecodeOptions)
    throws(PianoRollJSONError)
  {
    let meters = timeline.timeSignatures
    for check in checks where options.prefer != .ticks {
      let note = notes[check.index]
      let path = Self.notePath(check.index, track: track)
      if let position = check.position {
        let atTick = meters.position(atTick: note.tick)
        if position != atTick {
          guard options.positionWins else {
            throw PianoRollJSONError(
              .conflict(
                "\"tick\": \(note.tick) is at \(Self.describe(atTick)) but \"position\" says "
                  + "\(Self.describe(position)); keep one of them, or say which wins"
              ),
              path: path.appending("position"))
          }
          try move(check.index, to: meters.tick(at: position), path: path.appending("position"))
          continue
        }
      }
      if let seconds = check.seconds {
        let atTick = timeline.seconds(atTick: note.tick)
        if !NoteCheck.secondsAgree(seconds, atTick) {
          guard options.positionWins else {
            throw PianoRollJSONError(
              .conflict(
                "\"tick\": \(note.tick) is at \(atTick) seconds but \"seconds\" says \(seconds); "
                  + "keep one of them, or say which wins"),
              path: path.appending("seconds"))
          }
          guard seconds.isFinite && seconds >= 0 else {
            throw PianoRollJSONError(
              .outOfRange(value: "\(seconds)", expected: "seconds from 0"), path: path.appending("seconds"))
          }
          try move(check.index, to: timeline.tick(atSeconds: seconds), path: path.appending("seconds"))
        }
      }
    }
    for pending in unplacedNotes {
      let path = Self.notePath(pending.index, track: track)
      var start = notes[pending.index].tick
      var startPosition: Position?
      if !pending.hasTick {
        if let position = pending.position {
          start = timeline.tick(at: position)
          startPosition = position
        } else if let seconds = pending.seconds {
          start = timeline.tick(atSeconds: seconds)
        }
      }
      var end = start + notes[pending.index].durationTicks
      if !pending.hasDurationTicks {
        if let duration = pending.duration {
          end = meters.tick(at: meters.add(startPosition ?? meters.position(atTick: start), duration))
        } else if let seconds = pending.durationSeconds {
          end = timeline.tick(atSeconds: timeline.seconds(atTick: start) + seconds)
        }
      }
      guard start >= 0, end >= start, end <= PianoRollJSON.maximumTick else {
        throw PianoRollJSONError(
          .outOfRange(
            value: "a note from tick \(start) to tick \(end)",
            expected: "0 ≤ start ≤ end ≤ \(PianoRollJSON.maximumTick)"),
          path: path)
      }
      notes[pending.index].tick = start
      notes[pending.index].durationTicks = end - start
    }
    for index in notes.indices {
      notes[index].track = track
      guard notes[index].endTick <= PianoRollJSON.maximumTick else {
        throw PianoRollJSONError(
          .outOfRange(
            value: "a note from tick \(notes[index].tick) to tick \(notes[index].endTick)",
            expected: "0 ≤ start ≤ end ≤ \(PianoRollJSON.maximumTick)"),
          path: Self.notePath(index, track: track))
      }
    }
  }

  /// Moves a note to start at `tick`, keeping its length.
  private mutating func move(_ index: Int, to tick: Int, path: JSONPath) throws(PianoRollJSONError) {
    guard tick >= 0, tick <= PianoRollJSON.maximumTick - notes[index].durationTicks else {
      throw PianoRollJSONError(
        .outOfRange(value: "tick \(tick)", expected: "a place from tick 0 to \(PianoRollJSON.maximumTick)"),
        path: path)
    }
    notes[index].tick = tick
  }

  private static func describe(_ position: Position) -> String {
    "bar \(position.bar), beat \(position.beat), subbeat \(position.subbeat), cent \(position.cent)"
  }
}
