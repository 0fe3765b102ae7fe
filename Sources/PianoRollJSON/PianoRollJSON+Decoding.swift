import JSON
import PianoRoll
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

  /// The most tracks a Standard MIDI File can hold (its header counts them in 16 bits).
  static let maximumTracks = 0xFFFF

  /// Reads piano-roll JSON into a song.
  ///
  /// Accepts what ``encode(_:profile:)`` writes (either profile) and JSON written by hand:
  /// - required: `"midiroll": 1`, `"format"`, `"ticksPerBeat"` (or `"smpte"`, never both),
  ///   `"tracks"`; in a note `pitch` and a start (`tick`, `position` or `seconds`) and a length
  ///   (`durationTicks`, `duration` or `durationSeconds`); in an event `tick` (or `position`)
  ///   and `type` with the fields of its type;
  /// - `tick` wins over `position`, which wins over `seconds`; but a note whose `position` or
  ///   `seconds` is given next to its `tick` and says another place is refused, naming both
  ///   (``DecodeOptions/prefer`` says which wins instead); a note's `velocity`
  ///   is 100 and its `channel` and `offVelocity` 0 when absent; derived names (`name`,
  ///   `duration` next to `durationTicks`, …) and unknown names are ignored;
  /// - a track's `name` adds a track-name event when the track has none; the top-level
  ///   `tempos`, `timeSignatures` and `keySignatures` add events to the first track only when no
  ///   track has an event of that kind (their entries at tick 0 that say 120 BPM or 4/4 add
  ///   nothing), and may place an entry by `bar` or `position` instead of `tick`;
  /// - a note or an event may be a row instead of an object (see ``Profile/compact`` and
  ///   ``eventRows``);
  /// - `onOrder`, `offOrder` (notes) and `order` (events), or a track's `onOrders`, `offOrders`
  ///   and `eventOrders`, rebuild ``SongTrack/tickOrders``.
  ///
  /// Strict: a name given twice in one object, a number with a fraction where an integer
  /// belongs, more than 65,535 tracks, a meter of 0 beats or a denominator that is not a power of
  /// two are refused.
  /// - Throws: ``PianoRollJSONError`` naming the JSON path of the first problem.
  /// - Complexity: O(*n* log *m*) in the size of the input and *m* meter and tempo changes.
  public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions())
    throws(PianoRollJSONError)
    -> Song
  {
    guard bytes.count <= options.maximumInputBytes else {
      throw PianoRollJSONError(.tooLarge(limit: options.maximumInputBytes), path: JSONPath())
    }
    return try JSONReader.read(bytes) { (reader: inout JSONReader) throws(PianoRollJSONError) -> Song in
      try decode(from: &reader, options: options)
    }
  }

  /// Reads piano-roll JSON from `source` (a file descriptor, a pipe) as it arrives: memory
  /// follows the song, not the text (see ``decode(_:options:)``).
  /// - Throws: ``PianoRollJSONError``, also for a failed read or an input longer than
  ///   ``DecodeOptions/maximumInputBytes``.
  public static func decode(source: JSONByteSource, options: DecodeOptions = DecodeOptions())
    throws(PianoRollJSONError) -> Song
  {
    var reader = JSONReader(source: source, limit: options.maximumInputBytes)
    return try decode(from: &reader, options: options)
  }

  /// Reads piano-roll JSON from an open file descriptor, in chunks (see
  /// ``decode(source:options:)``). The descriptor stays open.
  public static func decode(fileDescriptor: Int32, options: DecodeOptions = DecodeOptions())
    throws(PianoRollJSONError) -> Song
  {
    try decode(source: .fileDescriptor(fileDescriptor), options: options)
  }

  /// Reads one piano-roll JSON document from `reader`.
  public static func decode(from reader: inout JSONReader, options: DecodeOptions = DecodeOptions())
    throws(PianoRollJSONError) -> Song
  {
    try reader.beginDocument()
    guard try reader.peekKind() == .object else {
      throw PianoRollJSONError(
        .wrongType(expected: "an object with \"midiroll\": 1", found: try reader.describeValue()),
        path: reader.path)
    }
    try reader.beginObject()
    var fields = DocumentFields()
    var tracks: [PendingTrack]?
    while let name = try reader.nextName() {
      if try reader.readNullIfPresent() { continue }
      guard name == "tracks" else {
        try fields.read(name, from: &reader)
        continue
      }
      var read: [PendingTrack] = []
      try reader.beginArray()
      while try reader.nextElement() {
        try checkTrackCount(read.count, at: reader.path)
        read.append(try PendingTrack(reading: &reader, track: read.count))
      }
      tracks = read
    }
    try reader.finishDocument()

    let (format, division) = try fields.header()
    guard var tracks else {
      throw PianoRollJSONError(.missingName("tracks", expected: "an array of tracks"), path: JSONPath())
    }
    return try assemble(
      format: format, division: division, tracks: &tracks, summaries: fields.summaries,
      unknownChunks: try decodeUnknownChunks(fields.chunkValues), options: options)
  }

  /// Refuses a track past the most a MIDI file's header can count (`count` tracks read so far).
  static func checkTrackCount(_ count: Int, at path: JSONPath) throws(PianoRollJSONError) {
    guard count < maximumTracks else {
      throw PianoRollJSONError(
        .outOfRange(
          value: "track \(count)",
          expected: "at most \(maximumTracks) tracks: the most a MIDI file's header can count"),
        path: path)
    }
  }

  /// The members of a document other than `"tracks"`, as they are read.
  struct DocumentFields {
    var version: Int?
    var formatNumber: Int?
    var ticksPerBeat: Int?
    var smpte: JSONValue?
    var summaries: [String: [JSONValue]] = [:]
    var chunkValues: [JSONValue] = []

    /// Reads the member `name` (any but `"tracks"`) at the reader; an unknown one is skipped.
    mutating func read(_ name: String, from reader: inout JSONReader) throws(PianoRollJSONError) {
      switch name {
      case "midiroll":
        let value = try readInt(&reader, 0...Int.max)
        guard value == PianoRollJSON.version else {
          throw PianoRollJSONError(
            .unsupportedVersion(value, supported: PianoRollJSON.version), path: reader.path)
        }
        version = value
      case "profile":
        let text = try reader.readString()
        guard Profile(rawValue: text) != nil else {
          throw PianoRollJSONError(
            .invalidValue(value: "\"\(text.prefix(40))\"", expected: "\"full\" or \"compact\""),
            path: reader.path)
        }
      case "format":
        formatNumber = try readInt(&reader, 0...2)
      case "ticksPerBeat":
        ticksPerBeat = try readInt(&reader, 1...0x7FFF)
      case "smpte":
        smpte = try reader.readValue()
      case "tempos", "timeSignatures", "keySignatures", "unknownChunks":
        var entries: [JSONValue] = []
        try reader.beginArray()
        while try reader.nextElement() { entries.append(try reader.readValue()) }
        if name == "unknownChunks" { chunkValues = entries } else { summaries[name] = entries }
      default:
        try reader.skipValue()
      }
    }

    /// The format and division, once the document is read.
    /// - Throws: ``PianoRollJSONError`` for a missing `"midiroll"` or `"format"`, or a division
    ///   given both ways or not at all.
    func header() throws(PianoRollJSONError) -> (Format, Division) {
      guard version != nil else {
        throw PianoRollJSONError(.missingName("midiroll", expected: "an integer ≥ 0"), path: JSONPath())
      }
      guard let formatNumber else {
        throw PianoRollJSONError(.missingName("format", expected: "an integer 0…2"), path: JSONPath())
      }
      return (
        Format(rawValue: UInt16(formatNumber))!, try decodeDivision(ticksPerBeat: ticksPerBeat, smpte: smpte)
      )
    }
  }

  /// An integer in `range` at the reader, with the path of the value on error.
  static func readInt(_ reader: inout JSONReader, _ range: ClosedRange<Int>) throws(PianoRollJSONError) -> Int
  {
    let number = try reader.readInteger(expected: "an integer \(JSONObjectReader.describe(range))")
    guard range.contains(number) else {
      throw PianoRollJSONError(
        .outOfRange(value: "\(number)", expected: "an integer \(JSONObjectReader.describe(range))"),
        path: reader.path)
    }
    return number
  }

  /// The song from tracks read: summaries where the events say nothing of their kind, then
  /// everything placed on the timeline.
  private static func assemble(
    format: Format, division: Division, tracks: inout [PendingTrack], summaries: [String: [JSONValue]],
    unknownChunks: [UnknownChunk], options: DecodeOptions
  ) throws(PianoRollJSONError) -> Song {
    func has(_ kind: MetaEvent.Kind) -> Bool {
      tracks.contains { $0.events.contains { $0.event.metaEvent?.type == kind.rawValue } }
    }
    let ticksPerQuarter = division.ticksPerQuarterForPositions
    if !has(.timeSignature), let entries = summaries["timeSignatures"] {
      tracks.addToFirst(
        try decodeTimeSignatureSummary(entries, ticksPerQuarter, JSONPath([.name("timeSignatures")])))
    }
    // Meters are known now: place what was placed by position.
    var meterEvents: [[TrackEvent]] = []
    for (index, track) in tracks.enumerated() {
      var events: [TrackEvent] = []
      for unplaced in track.unplacedEvents
      where track.events[unplaced.index].event.metaEvent?.kind == .timeSignature {
        throw PianoRollJSONError(
          .missingName("tick", expected: "the tick of a time signature"),
          path: track.eventPath(unplaced.index, track: index))
      }
      for item in track.events where item.event.metaEvent?.kind == .timeSignature { events.append(item) }
      meterEvents.append(events)
    }
    let meters = Timeline(division: division, tracks: meterEvents).timeSignatures
    if !has(.tempo), let entries = summaries["tempos"] {
      tracks.addToFirst(try decodeTempoSummary(entries, meters, JSONPath([.name("tempos")])))
    }
    if !has(.keySignature), let entries = summaries["keySignatures"] {
      tracks.addToFirst(try decodeKeySummary(entries, meters, JSONPath([.name("keySignatures")])))
    }

    // Place events, then notes.
    var songTracks: [SongTrack] = []
    songTracks.reserveCapacity(tracks.count)
    for index in tracks.indices {
      try tracks[index].placeEvents(meters, track: index)
      songTracks.append(SongTrack(notes: [], events: tracks[index].events))
    }
    let timeline = Timeline(division: division, tracks: songTracks.map(\.events))
    for index in tracks.indices {
      try tracks[index].placeNotes(timeline, track: index, options: options)
      try tracks[index].checkGaps(track: index)
      songTracks[index].notes = tracks[index].notes
      songTracks[index].tickOrders = tracks[index].tickOrders()
      tracks[index] = PendingTrack()  // free it as the song fills
    }
    return Song(format: format, division: division, tracks: songTracks, unknownChunks: unknownChunks)
  }

  /// Chunks other than the header and the tracks: `{"type": "XFIH", "tracksBefore": 1, "hex": "…"}`.
  ///
  /// A second `MThd` is such a chunk (the SMF reader keeps it); an `MTrk` is not: written out,
  /// it would be read back as a track.
  static func decodeUnknownChunks(_ values: [JSONValue]) throws(PianoRollJSONError) -> [UnknownChunk] {
    var chunks: [UnknownChunk] = []
    for (index, value) in values.enumerated() {
      let entry = try JSONObjectReader(value, at: JSONPath([.name("unknownChunks"), .index(index)]))
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

  static func decodeDivision(ticksPerBeat: Int?, smpte smpteValue: JSONValue?)
    throws(PianoRollJSONError)
    -> Division
  {
    if ticksPerBeat != nil && smpteValue != nil {
      throw PianoRollJSONError(
        .conflict(
          "both \"ticksPerBeat\" and \"smpte\" are given; a MIDI file has one division: keep one of them"),
        path: JSONPath())
    }
    if let ticksPerBeat { return .ticksPerQuarter(ticksPerBeat) }
    if let smpteValue {
      let smpte = try JSONObjectReader(smpteValue, at: JSONPath([.name("smpte")]))
      let framesPerSecond = try smpte.requiredInt("framesPerSecond", 24...30)
      guard [24, 25, 29, 30].contains(framesPerSecond) else {
        throw PianoRollJSONError(
          .outOfRange(value: "\(framesPerSecond)", expected: "24, 25, 29 (29.97 drop-frame) or 30"),
          path: smpte.path.appending("framesPerSecond"))
      }
      let ticksPerFrame = try smpte.requiredInt("ticksPerFrame", 1...255)
      return .smpte(framesPerSecond: framesPerSecond, ticksPerFrame: ticksPerFrame)
    }
    throw PianoRollJSONError(
      .missingName("ticksPerBeat", expected: "ticks per quarter note 1…32767, or \"smpte\""), path: JSONPath()
    )
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

  static func decodeTimeSignatureSummary(
    _ entries: [JSONValue], _ ticksPerQuarter: Int, _ path: JSONPath
  ) throws(PianoRollJSONError) -> [SummaryEvent] {
    var events: [SummaryEvent] = []
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
        SummaryEvent(
          item: TrackEvent(tick: tick, .meta(.timeSignature(numerator: numerator, denominator: denominator))),
          path: entry.path))
    }
    return events
  }

  /// A time signature's denominator: a power of two from 1 to 2^15 (the file stores its
  /// exponent).
  static func decodeDenominator(_ entry: JSONObjectReader) throws(PianoRollJSONError) -> Int {
    let denominator = try entry.requiredInt("denominator", 1...32768)
    guard denominator & (denominator - 1) == 0 else {
      throw PianoRollJSONError(
        .outOfRange(value: "\(denominator)", expected: "a power of two: 1, 2, 4, 8, 16, …"),
        path: entry.path(of: "denominator"))
    }
    return denominator
  }

  static func decodeMicroseconds(_ entry: JSONObjectReader) throws(PianoRollJSONError) -> Int {
    if let microseconds = try entry.int("microsecondsPerBeat", 1...0xFF_FFFF) { return microseconds }
    guard let bpm = try entry.double("bpm") else {
      throw entry.missing("microsecondsPerBeat", "microseconds per quarter note 1…16777215, or \"bpm\"")
    }
    let microseconds = bpm > 0 ? (60_000_000 / bpm + 0.5) : 0
    guard microseconds >= 1 && microseconds < 0x100_0000 else {
      throw PianoRollJSONError(
        .outOfRange(value: "\(bpm)", expected: "beats per minute from 3.58 to 60000000"),
        path: entry.path(of: "bpm"))
    }
    return Int(microseconds)
  }

  static func decodeTempoSummary(
    _ entries: [JSONValue], _ meters: TimeSignatureMap, _ path: JSONPath
  ) throws(PianoRollJSONError) -> [SummaryEvent] {
    var events: [SummaryEvent] = []
    for (index, value) in entries.enumerated() {
      let entry = try JSONObjectReader(value, at: path.appending(index))
      let microseconds = try decodeMicroseconds(entry)
      let tick = try placement(entry, meters, what: "a tempo")
      if tick == 0 && microseconds == TempoChange.defaultMicrosecondsPerQuarter && events.isEmpty { continue }
      events.append(
        SummaryEvent(
          item: TrackEvent(tick: tick, .meta(.tempo(microsecondsPerQuarter: microseconds))), path: entry.path)
      )
    }
    return events
  }

  static func decodeKeySummary(
    _ entries: [JSONValue], _ meters: TimeSignatureMap, _ path: JSONPath
  ) throws(PianoRollJSONError) -> [SummaryEvent] {
    var events: [SummaryEvent] = []
    for (index, value) in entries.enumerated() {
      let entry = try JSONObjectReader(value, at: path.appending(index))
      let sharps = try entry.requiredInt("sharps", -7...7)
      let minor = try entry.bool("minor") ?? false
      let tick = try placement(entry, meters, what: "a key signature")
      events.append(
        SummaryEvent(
          item: TrackEvent(tick: tick, .meta(.keySignature(sharps: sharps, isMinor: minor))), path: entry.path
        ))
    }
    return events
  }
}

/// An event that a top-level summary adds to the first track, with the entry it came from.
struct SummaryEvent {
  var item: TrackEvent
  var path: JSONPath
}

extension [PendingTrack] {
  /// Adds events to the first track, making one when there is none.
  mutating func addToFirst(_ events: [SummaryEvent]) {
    guard !events.isEmpty else { return }
    if isEmpty { append(PendingTrack()) }
    for event in events {
      self[0].events.append(event.item)
      self[0].summaryPaths.append(event.path)
    }
  }
}
