import SMF

/// Turns the events of one track into notes and the events that are not notes.
///
/// The rules (docs/DESIGN.md, "Pairing"): a note-on with velocity 0 ends a note like a note-off;
/// overlapping notes of one pitch and channel pair first-in-first-out; a note still sounding at
/// the end of the track ends at the track's last tick (its End of Track); a note-off with no
/// note sounding stays a plain event. Nothing is dropped. Where the order of a tick's events in
/// the file differs from the order ``Song/midiFile()`` writes, a ``TickOrder`` records it.
enum NotePairing {
  /// The notes and other events of a track's events (in file order).
  /// - Complexity: O(*n*) in the number of events.
  static func pair(_ events: some Collection<TrackEvent>, track: Int) -> SongTrack {
    var notes: [Note] = []
    var others = TrackEvents()
    notes.reserveCapacity(events.count / 2)
    // A first-in-first-out queue of sounding notes per channel and key, linked through `next`.
    var head = [Int](repeating: -1, count: 16 * 128)
    var tail = [Int](repeating: -1, count: 16 * 128)
    var next: [Int] = []
    next.reserveCapacity(events.count / 2)
    var order = TickOrderRecorder()
    var lastTick = 0
    for item in events {
      lastTick = max(lastTick, item.tick)
      order.move(to: item.tick)
      guard case .channel(let message) = item.event,
        message.kind == .noteOn || message.kind == .noteOff
      else {
        order.add(.event(others.count), rank: EventRank(item.event), isEvent: true)
        others.append(item)
        continue
      }
      let key = Int(message.channel) << 7 | Int(message.data1)
      if message.kind == .noteOn && message.data2 > 0 {
        let index = notes.count
        order.add(.noteOn(index), rank: .noteOn, isEvent: false)
        notes.append(
          Note(
            pitch: message.data1, velocity: message.data2, offVelocity: 0, channel: message.channel,
            track: track, tick: item.tick, durationTicks: 0, end: .endOfTrack))
        next.append(-1)
        if tail[key] >= 0 { next[tail[key]] = index } else { head[key] = index }
        tail[key] = index
        continue
      }
      let index = head[key]
      guard index >= 0 else {
        order.add(.event(others.count), rank: EventRank(item.event), isEvent: true)
        others.append(item)  // a note-off with no note sounding
        continue
      }
      notes[index].durationTicks = item.tick - notes[index].tick
      notes[index].offVelocity = message.data2
      notes[index].end = message.kind == .noteOff ? .noteOff : .noteOnWithVelocityZero
      order.add(
        .noteOff(index), rank: notes[index].durationTicks == 0 ? .instantNoteOff : .endingNoteOff,
        isEvent: false)
      head[key] = next[index]
      if head[key] < 0 { tail[key] = -1 }
    }
    order.flush()
    for key in 0..<head.count {
      var index = head[key]
      while index >= 0 {
        notes[index].durationTicks = lastTick - notes[index].tick
        index = next[index]
      }
    }
    return SongTrack(notes: notes, events: others, tickOrders: order.tickOrders)
  }
}

/// Collects the items of one tick in file order and keeps a ``TickOrder`` for each tick whose
/// file order is not the order ``Song/midiFile()`` writes.
struct TickOrderRecorder {
  private(set) var tickOrders: [TickOrder] = []
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
    if !inWritingOrder { tickOrders.append(TickOrder(tick: tick, items: items)) }
    items.removeAll(keepingCapacity: true)
    lastKey = Int.min
    inWritingOrder = true
  }
}
