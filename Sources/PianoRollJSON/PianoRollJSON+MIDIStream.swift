import JSON
import PianoRoll
import SMF

extension PianoRollJSON {
  /// Reads piano-roll JSON into Standard MIDI File bytes one track at a time: each track is
  /// read, placed, encoded into the file and dropped, so that memory holds the file being made
  /// and one track — never the whole song, nor the text.
  ///
  /// A track is placed by the timeline the document states before its `"tracks"` (its
  /// `tempos` and `timeSignatures`, as midiroll writes them; none in the compact profile,
  /// which needs none), since the timeline of a document is only known for sure at its end.
  /// The result is that of `decode(...)` followed by ``Song/serialized()``, or `nil` where it
  /// could differ — the stated timeline was not the tracks' (and some note or event depended
  /// on it), the summaries would add events to the first track, the document has unknown
  /// chunks, or a track is refused after it is read — and then the caller reads the document
  /// again whole (``decode(source:options:)``), which gives the song or the error.
  /// - Throws: ``PianoRollJSONError`` for what ``decode(source:options:)`` refuses while
  ///   reading (the syntax, a value out of range), with the same path.
  public static func midiFile(decoding source: JSONByteSource, options: DecodeOptions = DecodeOptions())
    throws(PianoRollJSONError) -> [UInt8]?
  {
    var reader = JSONReader(source: source, limit: options.maximumInputBytes)
    try reader.beginDocument()
    guard try reader.peekKind() == .object else { return nil }
    try reader.beginObject()
    var fields = DocumentFields()
    var stream: TrackStream?
    while let name = try reader.nextName() {
      if try reader.readNullIfPresent() { continue }
      guard name == "tracks" else {
        try fields.read(name, from: &reader)
        continue
      }
      guard stream == nil else { return nil }  // a second "tracks": the reader refuses it anyway
      var tracks = TrackStream(provisional: stated(fields), options: options)
      try reader.beginArray()
      while try reader.nextElement() {
        try checkTrackCount(tracks.count, at: reader.path)
        var pending = try PendingTrack(reading: &reader, track: tracks.count, provisional: tracks.provisional)
        guard tracks.append(&pending) else { return nil }
      }
      stream = tracks
    }
    try reader.finishDocument()
    let (format, division) = try fields.header()
    guard let tracks = stream, fields.chunkValues.isEmpty,
      tracks.matches(fields, division: division)
    else { return nil }
    return tracks.finish(format: format, division: division)
  }

  /// The timeline a document's summaries state (what `decode` adds to the first track when
  /// no track says otherwise), or `nil` when the division is not known yet or a summary does
  /// not read.
  private static func stated(_ fields: DocumentFields) -> Timeline? {
    guard let stated = try? summaryEvents(fields, division: nil) else { return nil }
    return Timeline(division: stated.division, tracks: [stated.events.map(\.item)])
  }

  /// The events the summaries of `fields` stand for, in the division of the document (or
  /// `division` when given), by kind; `nil` without a division.
  static func summaryEvents(_ fields: DocumentFields, division known: Division?) throws(PianoRollJSONError)
    -> (division: Division, events: [SummaryEvent], byKind: [MetaEvent.Kind: [SummaryEvent]])?
  {
    let division: Division
    if let known {
      division = known
    } else {
      guard fields.ticksPerBeat != nil || fields.smpte != nil else { return nil }
      division = try decodeDivision(ticksPerBeat: fields.ticksPerBeat, smpte: fields.smpte)
    }
    let meterEvents = try decodeTimeSignatureSummary(
      fields.summaries["timeSignatures"] ?? [], division.ticksPerQuarterForPositions,
      JSONPath([.name("timeSignatures")]))
    let meters = Timeline(division: division, tracks: [meterEvents.map(\.item)]).timeSignatures
    let tempoEvents = try decodeTempoSummary(
      fields.summaries["tempos"] ?? [], meters, JSONPath([.name("tempos")]))
    let keyEvents = try decodeKeySummary(
      fields.summaries["keySignatures"] ?? [], meters, JSONPath([.name("keySignatures")]))
    return (
      division, meterEvents + tempoEvents + keyEvents,
      [.timeSignature: meterEvents, .tempo: tempoEvents, .keySignature: keyEvents]
    )
  }
}

/// The tracks of a document read one at a time, encoded into a Standard MIDI File as they
/// come (``PianoRollJSON/midiFile(decoding:options:)``).
private struct TrackStream {
  /// The timeline the tracks are placed by (see ``PendingTrack/provisional``).
  let provisional: Timeline?
  let options: PianoRollJSON.DecodeOptions
  private var writer = MIDIFileWriter(format: .multipleTracks, division: .ticksPerQuarter(480), trackCount: 0)
  /// The tracks' tempo, time-signature and key-signature events: the document's own timeline.
  private var timelineEvents: [TrackEvent] = []
  /// Whether a note or event was placed or checked by ``provisional``.
  private var dependsOnProvisional = false
  private(set) var count = 0

  init(provisional: Timeline?, options: PianoRollJSON.DecodeOptions) {
    self.provisional = provisional
    self.options = options
  }

  /// Places a track read and encodes it (leaving `track` empty); `false` when it cannot be
  /// placed as `decode` would.
  mutating func append(_ track: inout PendingTrack) -> Bool {
    let index = count
    let timeline = provisional ?? Timeline(division: .ticksPerQuarter(480), tracks: [[TrackEvent]]())
    let needsTimeline = !track.unplacedEvents.isEmpty || !track.unplacedNotes.isEmpty || !track.checks.isEmpty
    if needsTimeline && provisional == nil { return false }
    dependsOnProvisional = dependsOnProvisional || needsTimeline || track.checkedProvisionally
    let orders: TickOrders
    do {
      for unplaced in track.unplacedEvents
      where track.events[unplaced.index].event.metaEvent?.kind == .timeSignature {
        return false  // refused by decode, with its path
      }
      try track.placeEvents(timeline.timeSignatures, track: index)
      try track.placeNotes(timeline, track: index, options: options)
      try track.checkGaps(track: index)
      orders = track.tickOrders()
    } catch {
      return false
    }
    for item in track.events {
      switch item.event.metaEvent?.kind {
      case .tempo, .timeSignature, .keySignature: timelineEvents.append(item)
      default: break
      }
    }
    let song = SongTrack(notes: track.notes, events: track.events, tickOrders: orders)
    track = PendingTrack()
    var body = EncodedTrack(capacity: song.notes.count * 2 + song.events.count)
    song.writeEvents(into: &body)
    writer.append(body)
    count += 1
    return true
  }

  /// Whether the document, now read whole, would have been placed as the tracks were: its
  /// summaries add no event to the first track, and its timeline is the one the tracks were
  /// placed by (when any depended on it).
  func matches(_ fields: PianoRollJSON.DocumentFields, division: Division) -> Bool {
    guard let stated = try? PianoRollJSON.summaryEvents(fields, division: division) else { return false }
    for (kind, events) in stated.byKind where !events.isEmpty {
      if !timelineEvents.contains(where: { $0.event.metaEvent?.kind == kind }) { return false }
    }
    guard dependsOnProvisional else { return true }
    guard let provisional else { return false }
    let actual = Timeline(division: division, tracks: [timelineEvents])
    return actual.timeSignatures == provisional.timeSignatures && actual.tempos == provisional.tempos
  }

  /// The file's bytes.
  consuming func finish(format: Format, division: Division) -> [UInt8] {
    writer.setHeader(format: format, division: division)
    return writer.finish()
  }
}
