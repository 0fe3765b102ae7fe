import NoteQueue
import SMF

/// Turns the events of one track into notes and the events that are not notes, as the reader
/// hands them over (a ``TrackEventSink``): a track's events are never held as such.
///
/// The rules (docs/DESIGN.md, "Pairing"): a note-on with velocity 0 ends a note like a note-off;
/// overlapping notes of one pitch and channel pair first-in-first-out; a note still sounding at
/// the end of the track ends at the track's last tick (its End of Track); a note-off with no
/// note sounding stays a plain event. Nothing is dropped. Where the order of a tick's events in
/// the file differs from the order ``Song/midiFile()`` writes, a ``TickOrder`` records it.
///
/// The hot path is ``appendChannels(_:)``: the reader's batches of raw messages are paired
/// over unsafe buffers of the storage, so that no event value is built and no copy-on-write
/// check is made per message (`make bench` measures it against symusic).
package struct NotePairing: TrackEventSink {
  /// The notes (`notes[..<noteCount]`), then room for a batch's notes, so that a batch writes
  /// them without growing the array. A sounding note has no length yet, so its `durationTicks`
  /// holds the link to the next note of its queue (-1 for none) until it ends (``Links``): the
  /// queues take no memory per note.
  private var notes: [Note] = []
  private var noteCount = 0
  private var others = TrackEvents()
  /// The notes sounding, first-in-first-out per channel and key (16 KB to clear per track,
  /// allocated with the first channel message).
  private var sounding = SoundingNotes()
  private var order = TickOrderRecorder()
  /// The file's order of events, note-ons and note-offs (``WritingOrder``).
  private var writingOrder = WritingOrder(capacity: 0)
  /// Whether an event came before the one before it (events made in memory, not read): the
  /// track then has no ``WritingOrder``.
  private var outOfTickOrder = false
  package private(set) var lastTick = 0
  /// The track the notes are marked as of while they are paired (``finish(track:)`` marks
  /// them again if it is told another).
  private let track: Int

  /// What fills the room after the notes, a batch at a time (copied whole, not note by note).
  private static let room = [Note](
    repeating: Note(pitch: 0, tick: 0, durationTicks: 0), count: RawChannelEvent.batchSize)

  /// The notes and other events of a track's events, handed over as the reader would (no
  /// ``TrackEvent`` made).
  /// - Complexity: O(*n*) in the number of events.
  static func pair(_ events: TrackEvents, track: Int) -> SongTrack {
    var pairing = NotePairing(capacity: events.count, track: track)
    events.send(to: &pairing)
    return pairing.finish(track: track)
  }

  /// An empty pairing with room for the notes of about `capacity` events, of track 0.
  package init(capacity: Int) {
    self.init(capacity: capacity, track: 0)
  }

  /// An empty pairing with room for the notes of about `capacity` events, whose notes are of
  /// track `track` (the reader says which it is reading, so that the notes are marked as they
  /// are made, not in a pass of their own).
  package init(capacity: Int, track: Int) {
    precondition(track >= 0 && track <= Note.maximumTrack, "track index out of range")
    self.track = track
    // A note takes two events; and a batch's room after the notes, so that the last batch of a
    // track whose every event pairs does not double the storage (past 32 MiB, glibc maps such
    // a block afresh each time: a song of a million notes faulted 24 MB in a read).
    notes.reserveCapacity(capacity / 2 + RawChannelEvent.batchSize)
    writingOrder = WritingOrder(capacity: capacity)
  }

  package mutating func appendChannel(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    withUnsafePointer(to: RawChannelEvent(tick: tick, status: status, data1, data2)) {
      appendChannels(UnsafeBufferPointer(start: $0, count: 1))
    }
  }

  package mutating func appendChannels(_ events: UnsafeBufferPointer<RawChannelEvent>) {
    guard !events.isEmpty else { return }
    // A track of 4 billion notes would take 100 GB: memory runs out long before this.
    precondition(
      noteCount + events.count < WritingOrder.maximumNoteCount, "more than 4 billion notes in a track")
    while notes.count < noteCount + events.count {
      notes.append(contentsOf: Self.room.prefix(noteCount + events.count - notes.count))
    }
    // The storage moves out of `self` while its buffers are in use (each array is checked for
    // a unique owner once, here), and the loop keeps its counts in locals.
    var notes: [Note] = []
    var sounding = SoundingNotes()
    var order = TickOrderRecorder()
    var writingOrder = WritingOrder(capacity: 0)
    swap(&notes, &self.notes)
    swap(&sounding, &self.sounding)
    swap(&order, &self.order)
    swap(&writingOrder, &self.writingOrder)
    var counts = Counts(
      notes: noteCount, others: 0, firstOther: others.count, lastTick: lastTick, track: track,
      outOfTickOrder: outOfTickOrder)
    withUnsafeTemporaryAllocation(of: RawChannelEvent.self, capacity: events.count) { others in
      writingOrder.append(count: events.count) { stream in
        notes.withUnsafeMutableBufferPointer { notes in
          sounding.withBuffers { queue in
            order.withRoom(for: events.count) { cursor, items, orders in
              Self.pair(
                events, notes: notes.baseAddress!, queue: &queue, others: others.baseAddress!,
                counts: &counts, order: &cursor, items: items, orders: &orders, stream: stream)
            }
          }
        }
        return (counts.others, counts.notes - noteCount)
      }
      self.others.appendChannels(UnsafeBufferPointer(rebasing: others[..<counts.others]))
    }
    swap(&notes, &self.notes)
    swap(&sounding, &self.sounding)
    swap(&order, &self.order)
    swap(&writingOrder, &self.writingOrder)
    noteCount = counts.notes
    lastTick = counts.lastTick
    outOfTickOrder = counts.outOfTickOrder
  }

  /// The notes as the queue's links: a sounding note's `durationTicks` is the next note of its
  /// key (-1 for none).
  private struct Links: NoteLinks {
    let notes: UnsafeMutablePointer<Note>

    @inline(__always)
    func next(after note: Int) -> Int { notes[note].durationTicks }

    @inline(__always)
    func link(_ note: Int, to next: Int) { notes[note].durationTicks = next }
  }

  /// What the pairing loop counts.
  private struct Counts {
    /// The track's notes so far.
    var notes: Int
    /// The batch's messages that are not part of a note so far.
    var others: Int
    /// The index in ``NotePairing/others`` of the batch's first such message.
    let firstOther: Int
    /// The last tick so far.
    var lastTick: Int
    /// The track of the notes.
    let track: Int
    /// Whether a message came before the one before it.
    var outOfTickOrder: Bool
  }

  /// Pairs a batch: `notes` has room for every message to be a note-on, and the messages that
  /// are not part of a note are put in `others` (in order) for the caller to append to
  /// ``others``; `stream` gets the batch's ``WritingOrder`` items, one a message. Everything the
  /// loop changes is a local or behind a pointer, so that it stays in registers.
  private static func pair(
    _ events: UnsafeBufferPointer<RawChannelEvent>, notes: UnsafeMutablePointer<Note>,
    queue sounding: inout SoundingNotes.Buffers, others: UnsafeMutablePointer<RawChannelEvent>,
    counts: inout Counts, order: inout TickOrderRecorder.Cursor, items: UnsafeMutablePointer<UInt64>,
    orders: inout TickOrders, stream: UnsafeMutablePointer<UInt32>
  ) {
    var queue = sounding
    var noteCount = counts.notes
    var otherCount = counts.others
    var lastTick = counts.lastTick
    var outOfTickOrder = counts.outOfTickOrder
    let track = counts.track
    var cursor = order
    var item = stream
    for event in events {
      let tick = event.tick
      if tick > lastTick { lastTick = tick } else if tick < lastTick { outOfTickOrder = true }
      cursor.move(to: tick, items: items, orders: &orders)
      let kind = event.status & 0xF0
      var rank = EventRank.other
      if kind == 0x90 || kind == 0x80 {
        let key = SoundingNotes.key(channel: event.status, pitch: event.data1)
        if kind == 0x90 && event.data2 > 0 {
          let index = noteCount
          noteCount &+= 1
          notes[index] = Note(
            pitch: event.data1, velocity: event.data2, offVelocity: 0, channel: event.status & 0x0F,
            track: track, tick: tick, durationTicks: -1, end: .endOfTrack)
          cursor.add(UInt64(index), rank: .noteOn, isEvent: false, items: items)
          item.pointee = WritingOrder.noteOn
          item += 1
          var links = Links(notes: notes)
          queue.push(index, key: key, links: &links)
          continue
        }
        if let index = queue.popFirst(key: key, links: Links(notes: notes)) {
          let duration = tick - notes[index].tick
          notes[index].durationTicks = duration
          notes[index].offVelocity = event.data2
          notes[index].end = kind == 0x80 ? .noteOff : .noteOnWithVelocityZero
          cursor.add(
            TickOrders.noteOffKind | UInt64(index), rank: duration == 0 ? .instantNoteOff : .endingNoteOff,
            isEvent: false, items: items)
          item.pointee = WritingOrder.firstNoteOff &+ UInt32(truncatingIfNeeded: index)
          item += 1
          continue
        }
        rank = .strayNoteOff  // a note-off with no note sounding
      }
      cursor.add(
        TickOrders.eventKind | UInt64(counts.firstOther + otherCount), rank: rank, isEvent: true, items: items
      )
      others[otherCount] = event
      otherCount &+= 1
      item.pointee = WritingOrder.event
      item += 1
    }
    order = cursor
    sounding = queue
    counts.notes = noteCount
    counts.others = otherCount
    counts.lastTick = lastTick
    counts.outOfTickOrder = outOfTickOrder
  }

  package mutating func appendData(tick: Int, status: UInt8, type: UInt8, _ data: ArraySlice<UInt8>) {
    if tick < lastTick { outOfTickOrder = true }
    lastTick = max(lastTick, tick)
    writingOrder.appendEvent()
    let index = others.count
    order.withRoom(for: 1) { cursor, items, orders in
      cursor.move(to: tick, items: items, orders: &orders)
      cursor.add(
        TickOrders.eventKind | UInt64(index), rank: EventRank(status: status, data1: type, data2: 0),
        isEvent: true, items: items)
    }
    others.appendData(tick: tick, status: status, type: type, data)
  }

  /// The track: notes still sounding end at the last tick; every note is marked as of track
  /// `track` (already, when the pairing was made for it). The pairing is left empty (its
  /// storage moves into the track, uncopied).
  package mutating func finish(track: Int) -> SongTrack {
    order.finish()
    notes.removeSubrange(noteCount..<notes.count)  // the room
    let lastTick = self.lastTick
    let endsSounding = !sounding.isEmpty
    if endsSounding {
      notes.withUnsafeMutableBufferPointer { notes in
        sounding.removeAll(links: Links(notes: notes.baseAddress!)) {
          notes[$0].durationTicks = lastTick - notes[$0].tick
        }
      }
    }
    if track != self.track {
      notes.withUnsafeMutableBufferPointer { notes in
        for index in notes.indices { notes[index].track = track }
      }
    }
    defer { self = NotePairing(capacity: 0) }
    var result = SongTrack(notes: notes, events: others, tickOrders: order.tickOrders)
    // The file's order is what the track writes, unless its events came out of tick order, or
    // notes sounding to the end would be written a note-off (no End of Track at the last tick).
    if !outOfTickOrder && (!endsSounding || result.endOfTrackTick == lastTick) {
      result.writingOrder = writingOrder
    }
    return result
  }
}
