import JSON
import PianoRoll
import SMF

/// A track read from piano-roll JSON, before the timeline is known: its events and notes as
/// read, and — kept apart, for the few that need them — what places them otherwise than by
/// tick, what checks them, and their order within a tick. Nothing here holds a JSON path per
/// note or event: a path is made again from indices when there is an error to report.
struct PendingTrack {
  /// The events; those in ``unplacedEvents`` have tick 0 until placed.
  var events: [TrackEvent] = []
  /// The notes; those in ``unplacedNotes`` have their start or length 0 until placed.
  var notes: [Note] = []
  /// Events given by `position` instead of `tick`.
  var unplacedEvents: [(index: Int, position: Position)] = []
  /// Notes without `tick` or without `durationTicks`.
  var unplacedNotes: [UnplacedNote] = []
  /// Notes with a `tick` and a `position` or `seconds` that must agree with it.
  var checks: [NoteCheck] = []
  /// `onOrder`, `offOrder` and `order`, or the entries of `onOrders`, `offOrders` and
  /// `eventOrders`: the rank of an item within its tick (event indices as in the JSON).
  var orders: [PendingOrder] = []
  /// A timeline to check notes' `position` and `seconds` against as they are read, keeping
  /// only the notes it does not confirm in ``checks`` (for a document read one track at a
  /// time, whose timeline is only known for sure at its end: see
  /// ``PianoRollJSON/midiFile(decoding:options:)``).
  var provisional: Timeline?
  /// Whether a note was confirmed by ``provisional`` (and so depends on it).
  var checkedProvisionally = false
  /// Whether a track-name event was added at index 0 for the track's `"name"`.
  var addedName = false
  /// The number of events of the JSON's `events`.
  var jsonEventCount = 0
  /// The summary entries of the events appended after the JSON's (first track only).
  var summaryPaths: [JSONPath] = []

  init() {}

  /// The JSON path of ``events``[index] (`tracks[t].events[i]`, or the track or summary entry
  /// that added it).
  func eventPath(_ index: Int, track: Int) -> JSONPath {
    let trackPath = JSONPath([.name("tracks"), .index(track)])
    let jsonIndex = addedName ? index - 1 : index
    if jsonIndex < 0 { return trackPath }
    if jsonIndex >= jsonEventCount { return summaryPaths[jsonIndex - jsonEventCount] }
    return JSONPath([.name("tracks"), .index(track), .name("events"), .index(jsonIndex)])
  }

  /// The JSON path of ``notes``[index].
  static func notePath(_ index: Int, track: Int) -> JSONPath {
    JSONPath([.name("tracks"), .index(track), .name("notes"), .index(index)])
  }

  /// Reads a track object at the reader (checking notes against `provisional`, if given).
  init(reading reader: inout JSONReader, track: Int, provisional: Timeline? = nil) throws(PianoRollJSONError)
  {
    self.provisional = provisional
    guard try reader.peekKind() == .object else {
      throw PianoRollJSONError(
        .wrongType(expected: "a track object", found: try reader.describeValue()), path: reader.path)
    }
    try reader.beginObject()
    var name: String?
    while let key = try reader.nextName() {
      if try reader.readNullIfPresent() { continue }
      switch key {
      case "name":
        name = try reader.readString()
      case "events":
        try reader.beginArray()
        while try reader.nextElement() { try readEvent(&reader) }
      case "notes":
        try reader.beginArray()
        while try reader.nextElement() { try readNote(&reader) }
      case "onOrders", "offOrders", "eventOrders":
        try readOrders(&reader, of: key)
      default:
        try reader.skipValue()
      }
    }
    jsonEventCount = events.count
    if let name, !events.contains(where: { $0.event.metaEvent?.kind == .trackName }) {
      events.insert(TrackEvent(tick: 0, .meta(.text(.trackName, name))), at: 0)
      addedName = true
      for index in unplacedEvents.indices { unplacedEvents[index].index += 1 }
    }
  }

  /// Reads one entry of `events`: an object or a row (small, read whole).
  private mutating func readEvent(_ reader: inout JSONReader) throws(PianoRollJSONError) {
    let path = reader.path
    let value = try reader.readValue()
    let entry: JSONObjectReader
    if case .array(let row) = value {
      entry = try JSONObjectReader(eventRow: row, at: path)
    } else {
      entry = try JSONObjectReader(value, at: path, expected: "an event object or an event row")
    }
    let event = try PianoRollJSON.decodeEvent(entry)
    let index = events.count
    if let rank = try entry.int("order", 0...PendingOrder.maximumRank) {
      orders.append(PendingOrder(item: .event(index), rank: rank))
    }
    if let tick = try entry.int("tick", 0...PianoRollJSON.maximumTick) {
      events.append(TrackEvent(tick: tick, event))
    } else if let position = try entry.position("position") {
      unplacedEvents.append((index, position))
      events.append(TrackEvent(tick: 0, event))
    } else {
      throw entry.missing("tick", "the tick (or a \"position\" in the song) of the event")
    }
  }

  /// The events given by position, at their ticks in `meters`.
  mutating func placeEvents(_ meters: TimeSignatureMap, track: Int) throws(PianoRollJSONError) {
    for unplaced in unplacedEvents {
      let tick = meters.tick(at: unplaced.position)
      guard (0...PianoRollJSON.maximumTick).contains(tick) else {
        throw PianoRollJSONError(
          .missingName("tick", expected: "the tick (or a \"position\" in the song) of the event"),
          path: eventPath(unplaced.index, track: track))
      }
      events[unplaced.index].tick = tick
    }
  }

  /// The tick orders from `onOrder`, `offOrder` and `order` (or the track's order lists), once
  /// notes and events are placed. They are hints, never refused (docs/DESIGN.md, "Order within a
  /// tick"): an entry whose index names no note or event, or that ranks an item already ranked,
  /// is dropped; a tick where a rank is given twice keeps the canonical order; and when the
  /// track written with the hints would read back with other notes than it states (an edit
  /// left a hint ranking other items than it was written for), the track keeps the canonical
  /// order throughout. So the hints only ever choose among orders that give the same notes.
  func tickOrders() -> TickOrders {
    guard !orders.isEmpty else { return [] }
    var entries: [(tick: Int, rank: Int, item: TickOrder.Item)] = []
    entries.reserveCapacity(orders.count)
    var seen: Set<TickOrder.Item> = []
    for order in orders where seen.insert(order.item).inserted {
      switch order.item {
      case .noteOn(let index) where index < notes.count:
        entries.append((notes[index].tick, order.rank, order.item))
      case .noteOff(let index) where index < notes.count:
        entries.append((notes[index].endTick, order.rank, order.item))
      case .event(let index) where index < jsonEventCount:
        let placed = addedName ? index + 1 : index
        entries.append((events[placed].tick, order.rank, .event(placed)))
      default:
        continue  // an index the track has not (an edit removed it)
      }
    }
    entries.sort { ($0.tick, $0.rank) < ($1.tick, $1.rank) }
    var result = TickOrders()
    var start = 0  // the first entry of the tick being gathered
    var repeated = false  // whether a rank of the tick is given twice
    for (position, entry) in entries.enumerated() {
      if position > start && entries[position - 1].rank == entry.rank { repeated = true }
      if position + 1 == entries.count || entries[position + 1].tick != entry.tick {
        if !repeated { result.append(tick: entry.tick, items: entries[start...position].map(\.item)) }
        start = position + 1
        repeated = false
      }
    }
    guard !result.isEmpty, writesItsNotes(with: result) else { return [] }
    return result
  }

  /// Whether the track, written with `orders`, reads back with exactly its notes (in any order
  /// of ``notes``): the two collections are compared as multisets through an order-free
  /// fingerprint (a count and two sums of a 64-bit mix of every field), so the check holds
  /// nothing per note beyond the notes read back.
  private func writesItsNotes(with orders: TickOrders) -> Bool {
    let track = SongTrack(notes: notes, events: events, tickOrders: orders)
    var pairing = NotePairing(capacity: notes.count * 2 + events.count)
    track.writeEvents(into: &pairing)
    let read = pairing.finish(track: 0).notes
    return read.count == notes.count && Self.fingerprint(read) == Self.fingerprint(notes)
  }

  /// An order-free fingerprint of notes: the sum and the sum of squares (wrapping) of a 64-bit
  /// mix of each note's fields.
  private static func fingerprint(_ notes: [Note]) -> (UInt64, UInt64) {
    var sum: UInt64 = 0
    var squares: UInt64 = 0
    for note in notes {
      var hash = mix(UInt64(bitPattern: Int64(note.tick)))
      hash = mix(hash ^ UInt64(bitPattern: Int64(note.durationTicks)))
      let small =
        UInt64(note.channel) | UInt64(note.pitch) << 8 | UInt64(note.velocity) << 16
        | UInt64(note.offVelocity) << 24 | UInt64(note.end.rawValue) << 32
      hash = mix(hash ^ small)
      sum &+= hash
      squares &+= hash &* hash
    }
    return (sum, squares)
  }

  /// SplitMix64's finalizer.
  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
