import SMF

/// Turns the events of one track into notes and the events that are not notes, as the reader
/// hands them over (a ``TrackEventSink``): a track's events are never held as such.
///
/// The rules (docs/DESIGN.md, "Pairing"): a note-on with velocity 0 ends a note like a note-off;
/// overlapping notes of one pitch and channel pair first-in-first-out; a note still sounding at
/// the end of the track ends at the track's last tick (its End of Track); a note-off with no
/// note sounding stays a plain event. Nothing is dropped. Where the order of a tick's events in
/// the file differs from the order ``Song/midiFile()`` writes, a ``TickOrder`` records it.
struct NotePairing: TrackEventSink {
  private var notes: [Note] = []
  private var others = TrackEvents()
  /// A first-in-first-out queue of sounding notes per channel and key (`channel << 7 | key`):
  /// indices of `notes`, -1 for none. A sounding note has no length yet, so its
  /// `durationTicks` holds the link to the next note of its queue (-1 for none) until it ends:
  /// the queues take no memory per note.
  private var head = [Int](repeating: -1, count: 16 * 128)
  private var tail = [Int](repeating: -1, count: 16 * 128)
  private var order = TickOrderRecorder()
  private(set) var lastTick = 0

  /// The notes and other events of a track's events (in file order).
  /// - Complexity: O(*n*) in the number of events.
  static func pair(_ events: some Collection<TrackEvent>, track: Int) -> SongTrack {
    var pairing = NotePairing(capacity: events.count)
    pairing.take(contentsOf: events)
    return pairing.finish(track: track)
  }

  /// An empty pairing with room for the notes of about `capacity` events.
  init(capacity: Int) {
    notes.reserveCapacity(capacity / 2)
  }

  mutating func appendChannel(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    lastTick = max(lastTick, tick)
    order.move(to: tick)
    let kind = status & 0xF0
    guard kind == 0x90 || kind == 0x80 else {
      order.add(.event(others.count), rank: .other, isEvent: true)
      others.appendChannel(tick: tick, status: status, data1, data2)
      return
    }
    let key = Int(status & 0x0F) << 7 | Int(data1)
    if kind == 0x90 && data2 > 0 {
      let index = notes.count
      order.add(.noteOn(index), rank: .noteOn, isEvent: false)
      notes.append(
        Note(
          pitch: data1, velocity: data2, offVelocity: 0, channel: status & 0x0F, tick: tick,
          durationTicks: -1,
          end: .endOfTrack))
      if tail[key] >= 0 { notes[tail[key]].durationTicks = index } else { head[key] = index }
      tail[key] = index
      return
    }
    guard head[key] >= 0 else {
      order.add(.event(others.count), rank: .strayNoteOff, isEvent: true)
      others.appendChannel(tick: tick, status: status, data1, data2)  // a note-off with no note sounding
      return
    }
    let index = head[key]
    head[key] = notes[index].durationTicks  // the next sounding note of the key
    if head[key] < 0 { tail[key] = -1 }
    notes[index].durationTicks = tick - notes[index].tick
    notes[index].offVelocity = data2
    notes[index].end = kind == 0x80 ? .noteOff : .noteOnWithVelocityZero
    order.add(
      .noteOff(index), rank: notes[index].durationTicks == 0 ? .instantNoteOff : .endingNoteOff,
      isEvent: false)
  }

  mutating func appendData(tick: Int, status: UInt8, type: UInt8, _ data: ArraySlice<UInt8>) {
    lastTick = max(lastTick, tick)
    order.move(to: tick)
    order.add(.event(others.count), rank: EventRank(status: status, data1: type, data2: 0), isEvent: true)
    others.appendData(tick: tick, status: status, type: type, data)
  }

  /// The track: notes still sounding end at the last tick; every note is marked as of track
  /// `track`. The pairing is left empty (its storage moves into the track, uncopied).
  mutating func finish(track: Int) -> SongTrack {
    order.flush()
    for key in 0..<head.count {
      var index = head[key]
      while index >= 0 {
        let next = notes[index].durationTicks
        notes[index].durationTicks = lastTick - notes[index].tick
        index = next
      }
    }
    if track != 0 {
      for index in notes.indices { notes[index].track = track }
    }
    defer { self = NotePairing(capacity: 0) }
    return SongTrack(notes: notes, events: others, tickOrders: order.tickOrders)
  }
}

/// Collects the items of one tick in file order and keeps a ``TickOrder`` for each tick whose
/// file order is not the order ``Song/midiFile()`` writes.
struct TickOrderRecorder {
  private(set) var tickOrders = TickOrders()
  private var tick = Int.min
  private var items: [TickOrder.Item] = []
  private var lastKey = Int.min
  private var inWritingOrder = true

  /// Starts a new tick when `newTick` is not the current one.
  mutating func move(to newTick: Int) {
    guard newTick != tick else { return }
    flush()
    tick = newTick
  }

  /// Adds the next item of the current tick. The key is where the writer puts it: by rank,
  /// notes before events within a rank, then by index (notes are in start order).
  mutating func add(_ item: TickOrder.Item, rank: EventRank, isEvent: Bool) {
    let index: Int
    switch item {
    case .noteOn(let i), .noteOff(let i), .event(let i): index = i
    }
    let key = rank.rawValue << 48 | (isEvent ? 1 << 47 : 0) | index
    if key <= lastKey { inWritingOrder = false }
    lastKey = key
    items.append(item)
  }

  /// Ends the current tick.
  mutating func flush() {
    if !inWritingOrder { tickOrders.append(tick: tick, items: items) }
    items.removeAll(keepingCapacity: true)
    lastKey = Int.min
    inWritingOrder = true
  }
}
