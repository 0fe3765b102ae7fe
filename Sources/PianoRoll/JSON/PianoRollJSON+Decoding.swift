import SMF

extension PianoRollJSON {
  /// The largest tick accepted: 2⁵³ − 1, the largest integer every JSON reader holds exactly.
  ///
  /// Ticks count from the start of the song, so they may pass the largest delta-time; the gap
  /// between two events of a track may not (see ``maximumDeltaTicks``).
  static let maximumTick = 0x1F_FFFF_FFFF_FFFF

  /// The largest gap between two events of one track: the largest delta-time (`0x0FFFFFFF`) a
  /// Standard MIDI File can hold.
  static let maximumDeltaTicks = 0x0FFF_FFFF

  /// Reads piano-roll JSON into a song.
  ///
  /// Accepts what ``encode(_:)`` writes and JSON written by hand:
  /// - required: `"midiroll": 1`, `"format"`, `"ticksPerBeat"` (or `"smpte"`), `"tracks"`;
  ///   in a note `pitch` and a start (`tick`, `position` or `seconds`) and a length
  ///   (`durationTicks`, `duration` or `durationSeconds`); in an event `tick` (or `position`)
  ///   and `type` with the fields of its type;
  /// - `tick` wins over `position`, which wins over `seconds`; a note's `velocity` is 100 and
  ///   its `channel` 0 when absent; derived names (`name`, `seconds` next to `tick`, …) and
  ///   unknown names are ignored;
  /// - a track's `name` adds a track-name event when the track has none; the top-level
  ///   `tempos`, `timeSignatures` and `keySignatures` add events to the first track only when no
  ///   track has an event of that kind (their entries at tick 0 that say 120 BPM or 4/4 add
  ///   nothing), and may place an entry by `bar` or `position` instead of `tick`.
  /// - Throws: ``PianoRollJSONError`` naming the JSON path of the first problem.
  /// - Complexity: O(*n* log *m*) in the size of the input and *m* meter and tempo changes.
  public static func decode(_ bytes: [UInt8]) throws(PianoRollJSONError) -> Song {
    let root = try JSONParser.parse(bytes)
    let top = try JSONObjectReader(root, at: JSONPath(), expected: "an object with \"midiroll\": 1")
    let version = try top.requiredInt("midiroll", 0...Int.max)
    guard version == PianoRollJSON.version else {
      throw PianoRollJSONError(.unsupportedVersion(version), path: JSONPath([.name("midiroll")]))
    }
    let formatNumber = try top.requiredInt("format", 0...2)
    let format = Format(rawValue: UInt16(formatNumber))!
    let division = try decodeDivision(top)
    guard let trackValues = try top.array("tracks") else {
      throw top.missing("tracks", "an array of tracks")
    }

    // Pass 1: everything that does not need the timeline.
    var tracks: [PendingTrack] = []
    tracks.reserveCapacity(trackValues.count)
    for (index, value) in trackValues.enumerated() {
      tracks.append(try PendingTrack(value, at: top.path.appending("tracks").appending(index)))
    }

    // The summaries, where the events say nothing of their kind.
    let has = { (kind: MetaEvent.Kind) in
      tracks.contains { $0.events.contains { $0.event.metaEvent?.type == kind.rawValue } }
    }
    let ticksPerQuarter = division.ticksPerQuarterForPositions
    if !has(.timeSignature), let entries = try top.array("timeSignatures") {
      tracks.addToFirst(
        try decodeTimeSignatureSummary(entries, ticksPerQuarter, top.path.appending("timeSignatures")))
    }
    // Meters are known now: place what was placed by position.
    var meterEvents: [[TrackEvent]] = []
    for track in tracks {
      var events: [TrackEvent] = []
      for pending in track.events where pending.event.metaEvent?.kind == .timeSignature {
        guard let tick = pending.tick else {
          throw PianoRollJSONError(
            .missingName("tick", expected: "the tick of a time signature"), path: pending.path)
        }
        events.append(TrackEvent(tick: tick, pending.event))
      }
      meterEvents.append(events)
    }
    let meters = Timeline(division: division, tracks: meterEvents).timeSignatures
    if !has(.tempo), let entries = try top.array("tempos") {
      tracks.addToFirst(try decodeTempoSummary(entries, meters, top.path.appending("tempos")))
    }
    if !has(.keySignature), let entries = try top.array("keySignatures") {
      tracks.addToFirst(try decodeKeySummary(entries, meters, top.path.appending("keySignatures")))
    }

    // Pass 2: place events, then notes.
    var songTracks: [SongTrack] = []
    songTracks.reserveCapacity(tracks.count)
    for track in tracks {
      songTracks.append(SongTrack(notes: [], events: try track.placedEvents(meters)))
    }
    let timeline = Timeline(division: division, tracks: songTracks.map(\.events))
    for (index, track) in tracks.enumerated() {
      songTracks[index].notes = try track.placedNotes(timeline, track: index)
      try track.checkGaps(events: songTracks[index].events, notes: songTracks[index].notes)
    }
    return Song(
      format: format, division: division, tracks: songTracks,
      unknownChunks: try decodeUnknownChunks(top))
  }

  /// Chunks other than the header and the tracks: `{"type": "XFIH", "tracksBefore": 1, "hex": "…"}`.
  ///
  /// A second `MThd` is such a chunk (the SMF reader keeps it); an `MTrk` is not: written out,
  /// it would be read back as a track.
  private static func decodeUnknownChunks(_ top: JSONObjectReader) throws(PianoRollJSONError)
    -> [UnknownChunk]
  {
    guard let values = try top.array("unknownChunks") else { return [] }
    var chunks: [UnknownChunk] = []
    for (index, value) in values.enumerated() {
      let entry = try JSONObjectReader(value, at: top.path.appending("unknownChunks").appending(index))
      guard let type = try entry.string("type") else {
        throw entry.missing("type", "a four-letter chunk type")
      }
      let letters = Array(type.utf8)
      guard letters.count == 4, letters.allSatisfy({ (0x20...0x7E).contains($0) }),
        type != "MTrk"
      else {
        throw PianoRollJSONError(
          .invalidValue(value: "\"\(type.prefix(40))\"", expected: "four printable ASCII letters, not MTrk"),
          path: entry.path.appending("type"))
      }
      guard let data = try entry.hex("hex") else { throw entry.missing("hex", "the chunk's bytes in hex") }
      chunks.append(
        UnknownChunk(
          type: ChunkType(letters[0], letters[1], letters[2], letters[3]), data: data,
          tracksBefore: try entry.int("tracksBefore", 0...Int(UInt16.max)) ?? 0))
    }
    return chunks
  }

  private static func decodeDivision(_ top: JSONObjectReader) throws(PianoRollJSONError) -> Division {
    if let ticks = try top.int("ticksPerBeat", 1...0x7FFF) {
      return .ticksPerQuarter(ticks)
    }
    if let smpte = try top.object("smpte") {
      let framesPerSecond = try smpte.requiredInt("framesPerSecond", 24...30)
      guard [24, 25, 29, 30].contains(framesPerSecond) else {
        throw PianoRollJSONError(
          .outOfRange(value: "\(framesPerSecond)", expected: "24, 25, 29 (29.97 drop-frame) or 30"),
          path: smpte.path.appending("framesPerSecond"))
      }
      let ticksPerFrame = try smpte.requiredInt("ticksPerFrame", 1...255)
      return .smpte(framesPerSecond: framesPerSecond, ticksPerFrame: ticksPerFrame)
    }
    throw top.missing("ticksPerBeat", "ticks per quarter note 1…32767, or \"smpte\"")
  }

  /// Where a summary entry or an event is placed: `tick`, else `position`, else `bar`.
  static func placement(
    _ reader: JSONObjectReader, _ meters: TimeSignatureMap, what: String
  ) throws(PianoRollJSONError) -> Int {
    if let tick = try reader.int("tick", 0...maximumTick) { return tick }
    var tick: Int?
    if let position = try reader.position("position") {
      tick = meters.tick(at: position)
    } else if let bar = try reader.int("bar", 0...maximumTick) {
      tick = meters.startTick(ofBar: bar)
    }
    guard let tick else { throw reader.missing("tick", "the tick (or \"position\") of \(what)") }
    guard (0...maximumTick).contains(tick) else {
      throw PianoRollJSONError(
        .outOfRange(value: "tick \(tick)", expected: "a place from tick 0 to \(maximumTick)"),
        path: reader.path.appending("position"))
    }
    return tick
  }

  private static func decodeTimeSignatureSummary(
    _ entries: [JSONValue], _ ticksPerQuarter: Int, _ path: JSONPath
  ) throws(PianoRollJSONError) -> [PendingEvent] {
    var events: [PendingEvent] = []
    var placed: [(tick: Int, timeSignature: TimeSignature)] = []
    for (index, value) in entries.enumerated() {
      let entry = try JSONObjectReader(value, at: path.appending(index))
      let numerator = try entry.requiredInt("numerator", 1...255)
      let denominator = try decodeDenominator(entry)
      // Bars count with the meters placed so far.
      let meters = TimeSignatureMap(ticksPerQuarter: ticksPerQuarter, timeSignatures: placed)
      let tick = try placement(entry, meters, what: "a time signature")
      if let last = placed.last, tick < last.tick {
        throw PianoRollJSONError(
          .outOfRange(
            value: "tick \(tick)", expected: "time signatures in order, at or after tick \(last.tick)"),
          path: entry.path)
      }
      let meter = TimeSignature(numerator: numerator, denominator: denominator)
      placed.append((tick, meter))
      if tick == 0 && meter == .common && events.isEmpty { continue }  // the default
      events.append(
        PendingEvent(
          tick: tick, position: nil,
          event: .meta(.timeSignature(numerator: numerator, denominator: denominator)), path: entry.path))
    }
    return events
  }

  static func decodeDenominator(_ entry: JSONObjectReader) throws(PianoRollJSONError) -> Int {
    let denominator = try entry.requiredInt("denominator", 1...32768)
    guard denominator & (denominator - 1) == 0 else {
      throw PianoRollJSONError(
        .outOfRange(value: "\(denominator)", expected: "a power of two: 1, 2, 4, 8, 16, …"),
        path: entry.path.appending("denominator"))
    }
    return denominator
  }

  static func decodeMicroseconds(_ entry: JSONObjectReader) throws(PianoRollJSONError) -> Int {
    if let microseconds = try entry.int("microsecondsPerBeat", 1...0xFF_FFFF) { return microseconds }
    guard let bpm = try entry.double("bpm") else {
      throw entry.missing("microsecondsPerBeat", "microseconds per quarter note 1…16777215, or \"bpm\"")
    }
    let microseconds = bpm > 0 ? (60_000_000 / bpm).rounded() : 0
    guard microseconds >= 1 && microseconds <= 0xFF_FFFF else {
      throw PianoRollJSONError(
        .outOfRange(value: "\(bpm)", expected: "beats per minute from 3.58 to 60000000"),
        path: entry.path.appending("bpm"))
    }
    return Int(microseconds)
  }

  private static func decodeTempoSummary(
    _ entries: [JSONValue], _ meters: TimeSignatureMap, _ path: JSONPath
  ) throws(PianoRollJSONError) -> [PendingEvent] {
    var events: [PendingEvent] = []
    for (index, value) in entries.enumerated() {
      let entry = try JSONObjectReader(value, at: path.appending(index))
      let microseconds = try decodeMicroseconds(entry)
      let tick = try placement(entry, meters, what: "a tempo")
      if tick == 0 && microseconds == TempoChange.defaultMicrosecondsPerQuarter && events.isEmpty { continue }
      events.append(
        PendingEvent(
          tick: tick, position: nil, event: .meta(.tempo(microsecondsPerQuarter: microseconds)),
          path: entry.path))
    }
    return events
  }

  private static func decodeKeySummary(
    _ entries: [JSONValue], _ meters: TimeSignatureMap, _ path: JSONPath
  ) throws(PianoRollJSONError) -> [PendingEvent] {
    var events: [PendingEvent] = []
    for (index, value) in entries.enumerated() {
      let entry = try JSONObjectReader(value, at: path.appending(index))
      let sharps = try entry.requiredInt("sharps", -7...7)
      let minor = try entry.bool("minor") ?? false
      let tick = try placement(entry, meters, what: "a key signature")
      events.append(
        PendingEvent(
          tick: tick, position: nil, event: .meta(.keySignature(sharps: sharps, isMinor: minor)),
          path: entry.path))
    }
    return events
  }
}

/// An event read from JSON, before the meters are known.
struct PendingEvent {
  var tick: Int?
  var position: Position?
  var event: MIDIEvent
  var path: JSONPath
}

/// A note read from JSON, before the timeline is known.
struct PendingNote {
  var note: Note
  var tick: Int?
  var position: Position?
  var seconds: Double?
  var durationTicks: Int?
  var duration: Position?
  var durationSeconds: Double?
  var path: JSONPath
}

/// A track read from JSON, before the timeline is known.
struct PendingTrack {
  var events: [PendingEvent] = []
  var notes: [PendingNote] = []

  init() {}

  init(_ value: JSONValue, at trackPath: JSONPath) throws(PianoRollJSONError) {
    let path = JSONPath(trackPath.components)  // its steps inline: the paths below allocate nothing
    let reader = try JSONObjectReader(value, at: path, expected: "a track object")
    if let values = try reader.array("events") {
      events.reserveCapacity(values.count + 1)
      for (index, value) in values.enumerated() {
        let event = try JSONObjectReader(value, at: path.appending("events").appending(index))
        events.append(
          PendingEvent(
            tick: try event.int("tick", 0...PianoRollJSON.maximumTick),
            position: try event.position("position"),
            event: try PianoRollJSON.decodeEvent(event), path: event.path))
      }
    }
    if let name = try reader.string("name"),
      !events.contains(where: { $0.event.metaEvent?.kind == .trackName })
    {
      events.insert(
        PendingEvent(tick: 0, position: nil, event: .meta(.text(.trackName, name)), path: path), at: 0)
    }
    if let values = try reader.array("notes") {
      notes.reserveCapacity(values.count)
      for (index, value) in values.enumerated() {
        notes.append(try PianoRollJSON.decodeNote(value, at: path.appending("notes").appending(index)))
      }
    }
  }

  /// The events at their ticks (`tick`, else `position` in `meters`).
  func placedEvents(_ meters: TimeSignatureMap) throws(PianoRollJSONError) -> [TrackEvent] {
    var placed: [TrackEvent] = []
    placed.reserveCapacity(events.count)
    for pending in events {
      var tick = pending.tick
      if tick == nil, let position = pending.position { tick = meters.tick(at: position) }
      guard let tick, (0...PianoRollJSON.maximumTick).contains(tick) else {
        throw PianoRollJSONError(
          .missingName("tick", expected: "the tick (or a \"position\" in the song) of the event"),
          path: pending.path)
      }
      placed.append(TrackEvent(tick: tick, pending.event))
    }
    return placed
  }

  /// The notes at their ticks, in the timeline.
  func placedNotes(_ timeline: Timeline, track: Int) throws(PianoRollJSONError) -> [Note] {
    var placed: [Note] = []
    placed.reserveCapacity(notes.count)
    for pending in notes {
      var note = pending.note
      note.track = track
      var tick = pending.tick
      var startPosition: Position?
      if tick == nil, let position = pending.position {
        tick = timeline.tick(at: position)
        startPosition = position
      }
      if tick == nil, let seconds = pending.seconds { tick = timeline.tick(atSeconds: seconds) }
      guard let start = tick else {
        throw PianoRollJSONError(
          .missingName("tick", expected: "the start of the note: \"tick\", \"position\" or \"seconds\""),
          path: pending.path)
      }
      var end: Int?
      if let ticks = pending.durationTicks {
        end = start + ticks
      } else if let duration = pending.duration {
        let meters = timeline.timeSignatures
        end = meters.tick(at: meters.add(startPosition ?? meters.position(atTick: start), duration))
      } else if let seconds = pending.durationSeconds {
        end = timeline.tick(atSeconds: timeline.seconds(atTick: start) + seconds)
      }
      guard let end else {
        throw PianoRollJSONError(
          .missingName(
            "durationTicks",
            expected: "the length of the note: \"durationTicks\", \"duration\" or \"durationSeconds\""),
          path: pending.path)
      }
      guard start >= 0, end >= start, end <= PianoRollJSON.maximumTick else {
        throw PianoRollJSONError(
          .outOfRange(
            value: "a note from tick \(start) to tick \(end)",
            expected: "0 ≤ start ≤ end ≤ \(PianoRollJSON.maximumTick)"),
          path: pending.path)
      }
      note.tick = start
      note.durationTicks = end - start
      placed.append(note)
    }
    return placed
  }
}

extension PianoRollJSON {
  static func decodeNote(_ value: JSONValue, at path: JSONPath) throws(PianoRollJSONError) -> PendingNote {
    let reader = try JSONObjectReader(value, at: path, expected: "a note object")
    let pitch = try reader.requiredInt("pitch", 0...127)
    let velocity = try reader.int("velocity", 1...127) ?? 100
    let offVelocity = try reader.int("offVelocity", 0...127) ?? 0
    let channel = try reader.int("channel", 0...15) ?? 0
    var end = NoteEnd.noteOff
    if let name = try reader.string("end") {
      guard let value = NoteEnd(name: name) else {
        throw PianoRollJSONError(
          .invalidValue(value: "\"\(name)\"", expected: "\"noteOff\", \"noteOnVelocity0\" or \"endOfTrack\""),
          path: path.appending("end"))
      }
      end = value
    }
    let note = Note(
      pitch: UInt8(pitch), velocity: UInt8(velocity), offVelocity: UInt8(offVelocity),
      channel: UInt8(channel),
      tick: 0, durationTicks: 0, end: end)
    return PendingNote(
      note: note, tick: try reader.int("tick", 0...maximumTick), position: try reader.position("position"),
      seconds: try reader.double("seconds"), durationTicks: try reader.int("durationTicks", 0...maximumTick),
      duration: try reader.position("duration"), durationSeconds: try reader.double("durationSeconds"),
      path: path)
  }
}

extension [PendingTrack] {
  /// Adds events to the first track, making one when there is none.
  mutating func addToFirst(_ events: [PendingEvent]) {
    guard !events.isEmpty else { return }
    if isEmpty { append(PendingTrack()) }
    self[0].events += events
  }
}
