import SMF

extension Song {
  /// The song of a Standard MIDI File: each track's notes paired (see ``Note``), every other
  /// event kept.
  /// - Complexity: O(*n*) in the number of events.
  public init(file: MIDIFile) {
    self.init(
      format: file.format, division: file.division,
      tracks: file.tracks.enumerated().map { NotePairing.pair($0.element.events, track: $0.offset) },
      unknownChunks: file.unknownChunks)
  }

  /// Reads a Standard MIDI File's bytes into a song, one track at a time: each track's events
  /// are paired as soon as they are read and then dropped, so that the file is never held
  /// whole beside the song.
  /// - Throws: ``SMFError`` with the byte offset and track of the problem.
  public init(bytes: [UInt8], options: ReadOptions = .tolerant) throws(SMFError) {
    self = try Song.read(bytes, options: options).song
  }

  /// Reads a Standard MIDI File's bytes into a song (one track at a time, as
  /// ``init(bytes:options:)``) and returns it with the reader's warnings.
  /// - Throws: ``SMFError`` with the byte offset and track of the problem.
  public static func read(_ bytes: [UInt8], options: ReadOptions = .tolerant) throws(SMFError)
    -> (song: Song, warnings: [SMFWarning])
  {
    var tracks: [SongTrack] = []
    let outline = try MIDIFile.readTracks(bytes, options: options, into: NotePairing.self) { index, pairing in
      tracks.append(pairing.finish(track: index))
    }
    let song = Song(
      format: outline.format, division: outline.division, tracks: tracks, unknownChunks: outline.unknownChunks
    )
    return (song, outline.warnings)
  }

  /// The song as a Standard MIDI File.
  ///
  /// Each note becomes its note-on and, unless it ended at the End of Track with no message,
  /// its note-off (or note-on with velocity 0, as it was read). Within one tick the events are
  /// written in this order: meta events; SysEx and channel messages other than notes, in their
  /// order in ``SongTrack/events``; note-offs of notes that started earlier (in the order the
  /// notes started); note-offs that ended no note; note-ons; note-offs of notes that last 0
  /// ticks; End of Track. A file already in this order gives the same file back, event for
  /// event.
  /// - Precondition: every note's pitch, velocities and channel are in MIDI's ranges.
  /// - Complexity: O(*n* log *n*) in the number of events.
  public func midiFile() -> MIDIFile {
    MIDIFile(
      format: format, division: division, tracks: tracks.map { Track(events: $0.trackEvents()) },
      unknownChunks: unknownChunks)
  }

  /// The song as Standard MIDI File bytes (``midiFile()``, serialized with running status),
  /// written one track at a time, each encoded as its events are merged: no track is held as
  /// events.
  public func serialized() -> [UInt8] {
    var writer = MIDIFileWriter(
      format: format, division: division, trackCount: tracks.count, unknownChunks: unknownChunks,
      capacity: 14 + tracks.reduce(0) { $0 + 8 + $1.notes.count * 6 + $1.events.count * 4 })
    for track in tracks {
      var body = EncodedTrack(capacity: track.notes.count * 2 + track.events.count)
      track.writeEvents(into: &body)
      writer.append(body)
    }
    return writer.finish()
  }
}

extension SongTrack {
  /// One event to write, with what orders it: 16 bytes. The order says what the event is:
  /// its rank and, below ``sequenceBits``, its sequence — a position in the notes' tick order
  /// for a note's message, ``notes``' count plus an index of ``events`` for an event.
  private struct Entry: Equatable, Comparable {
    var tick: Int
    var order: Int

    static func < (a: Entry, b: Entry) -> Bool { (a.tick, a.order) < (b.tick, b.order) }

    static let sequenceBits = 40

    var rank: EventRank { EventRank(rawValue: order >> Entry.sequenceBits) ?? .other }
    var sequence: Int { order & (1 << Entry.sequenceBits - 1) }
  }

  /// The indices of ``notes`` in tick order (stable: notes of one tick keep their order).
  package func noteIndicesInTickOrder() -> TickOrderedIndices {
    zip(notes, notes.dropFirst()).allSatisfy { $0.tick <= $1.tick }
      ? TickOrderedIndices(identityOf: notes.count)
      : TickOrderedIndices(notes.indices.sorted { (notes[$0].tick, $0) < (notes[$1].tick, $1) })
  }

  /// The indices of ``events`` in writing order: by tick; within a tick meta events, then
  /// SysEx and channel messages, then note-offs, then note-ons, End of Track last; otherwise
  /// in their order in ``events``.
  package func eventIndicesInWritingOrder() -> TickOrderedIndices {
    var previous = (Int.min, 0)
    var sorted = true
    for index in events.indices {
      let key = (events.tick(at: index), events.rank(at: index).rawValue)
      if key < previous {
        sorted = false
        break
      }
      previous = key
    }
    if sorted { return TickOrderedIndices(identityOf: events.count) }
    let keys = events.indices.map { (events.tick(at: $0), events.rank(at: $0).rawValue) }
    return TickOrderedIndices(
      events.indices.sorted { (keys[$0].0, keys[$0].1, $0) < (keys[$1].0, keys[$1].1, $1) })
  }

  /// The track's notes and events as the events of a track chunk, in writing order.
  func trackEvents() -> TrackEvents {
    var output = TrackEvents(capacity: notes.count * 2 + events.count)
    writeEvents(into: &output)
    return output
  }

  /// Hands the track's notes and events to `sink` as the events of a track chunk, in writing
  /// order (``Song/midiFile()``), merged as they go (``inWritingOrder(_:)``), so that a track is
  /// written without being held a second time as events.
  package func writeEvents<Sink: TrackEventSink>(into sink: inout Sink) {
    if let order = writingOrder, order.describes(events: events.count, notes: notes.count) {
      writeEvents(in: order, into: &sink)
      return
    }
    inWritingOrder { _, item in
      let message: RawChannelEvent
      switch item {
      case .event(let index):
        events.send(index, to: &sink)
        return
      case .noteOn(let index): message = Self.noteOn(of: notes[index])
      case .noteOff(let index): message = Self.noteOff(of: notes[index])
      }
      sink.appendChannel(tick: message.tick, status: message.status, message.data1, message.data2)
    }
  }

  /// Hands the track to `sink` in the file's order it was read in (``WritingOrder``): what
  /// ``inWritingOrder(_:)`` would give, without merging or sorting anything. Channel messages
  /// go in batches (``TrackEventSink/appendChannels(_:)``), as the reader hands them over.
  private func writeEvents<Sink: TrackEventSink>(in order: WritingOrder, into sink: inout Sink) {
    notes.withUnsafeBufferPointer { notes in
      withUnsafeTemporaryAllocation(of: RawChannelEvent.self, capacity: RawChannelEvent.batchSize) { batch in
        var count = 0
        var nextEvent = 0
        var nextNote = 0
        for item in order.items {
          switch item {
          case WritingOrder.event:
            if let (status, data1, data2) = events.channelBytes(at: nextEvent) {
              batch[count] = RawChannelEvent(tick: events.tick(at: nextEvent), status: status, data1, data2)
              count += 1
            } else {
              if count > 0 { sink.appendChannels(UnsafeBufferPointer(rebasing: batch[..<count])) }
              count = 0
              events.send(nextEvent, to: &sink)
            }
            nextEvent += 1
          case WritingOrder.noteOn:
            batch[count] = Self.noteOn(of: notes[nextNote])
            count += 1
            nextNote += 1
          default:
            batch[count] = Self.noteOff(of: notes[Int(item - WritingOrder.firstNoteOff)])
            count += 1
          }
          if count == batch.count {
            sink.appendChannels(UnsafeBufferPointer(batch))
            count = 0
          }
        }
        if count > 0 { sink.appendChannels(UnsafeBufferPointer(rebasing: batch[..<count])) }
      }
    }
  }

  /// A note's note-on, at its tick.
  @inline(__always)
  private static func noteOn(of note: Note) -> RawChannelEvent {
    let note = note.writable
    return RawChannelEvent(tick: note.tick, status: 0x90 | note.channel, note.pitch, note.velocity)
  }

  /// A note's note-off (or note-on with velocity 0, as it was read), at its end.
  @inline(__always)
  private static func noteOff(of note: Note) -> RawChannelEvent {
    let note = note.writable
    return note.end == .noteOnWithVelocityZero
      ? RawChannelEvent(tick: note.endTick, status: 0x90 | note.channel, note.pitch, 0)
      : RawChannelEvent(tick: note.endTick, status: 0x80 | note.channel, note.pitch, note.offVelocity)
  }

  /// Visits the track's events, note-ons and note-offs in writing order (the file's order for a
  /// track read from one, its tick orders applied), each with its tick: three streams already in
  /// order — the events, the note-ons, the note-offs (the one thing sorted: 4 bytes a note) —
  /// merged as they go.
  @inline(__always)
  package func inWritingOrder(_ visit: (Int, TickOrder.Item) -> Void) {
    let noteOrder = noteIndicesInTickOrder()
    let eventOrder = eventIndicesInWritingOrder()
    let endOfTrack = endOfTrackTick
    func entry(_ tick: Int, _ rank: EventRank, _ sequence: Int) -> Entry {
      Entry(tick: tick, order: rank.rawValue << Entry.sequenceBits | sequence)
    }
    func offEntry(_ sequence: Int) -> Entry {
      let note = notes[noteOrder[sequence]]
      return entry(note.endTick, note.durationTicks == 0 ? .instantNoteOff : .endingNoteOff, sequence)
    }
    func onEntry(_ sequence: Int) -> Entry { entry(notes[noteOrder[sequence]].tick, .noteOn, sequence) }
    func eventEntry(_ position: Int) -> Entry {
      let index = eventOrder[position]
      return entry(events.tick(at: index), events.rank(at: index), notes.count + index)
    }
    // Notes that end at the End of Track with no message write no note-off.
    var offs: [Entry] = []
    offs.reserveCapacity(notes.count)
    for sequence in noteOrder.indices {
      let note = notes[noteOrder[sequence]]
      if note.end == .endOfTrack && note.endTick == endOfTrack { continue }
      offs.append(offEntry(sequence))
    }
    if !zip(offs, offs.dropFirst()).allSatisfy({ $0 < $1 }) { offs.sort() }

    var group: [Entry] = []  // the entries of one tick, when the track has tick orders
    var scratch = TickOrderScratch()
    func flushGroup() {
      applyTickOrder(to: &group, noteOrder: noteOrder, scratch: &scratch)
      for entry in group { visit(entry.tick, self.item(of: entry, noteOrder: noteOrder)) }
      group.removeAll(keepingCapacity: true)
    }

    var nextOrder = 0
    var nextEvent = 0
    var nextOn = 0
    var nextOff = 0
    var eventHead = eventOrder.isEmpty ? nil : eventEntry(0)
    var onHead = noteOrder.isEmpty ? nil : onEntry(0)
    var offHead = offs.first
    while true {
      var smallest = eventHead
      if let on = onHead, smallest.map({ on < $0 }) ?? true { smallest = on }
      if let off = offHead, smallest.map({ off < $0 }) ?? true { smallest = off }
      guard let item = smallest else { break }
      if item == eventHead {
        nextEvent += 1
        eventHead = nextEvent < eventOrder.count ? eventEntry(nextEvent) : nil
      } else if item == onHead {
        nextOn += 1
        onHead = nextOn < noteOrder.count ? onEntry(nextOn) : nil
      } else {
        nextOff += 1
        offHead = nextOff < offs.count ? offs[nextOff] : nil
      }
      // Only the ticks with an order of their own are gathered (the orders are in tick order).
      while nextOrder < tickOrders.count && tickOrders.tick(at: nextOrder) < item.tick { nextOrder += 1 }
      if let first = group.first, first.tick != item.tick { flushGroup() }
      if nextOrder < tickOrders.count && tickOrders.tick(at: nextOrder) == item.tick {
        group.append(item)
      } else {
        visit(item.tick, self.item(of: item, noteOrder: noteOrder))
      }
    }
    if !group.isEmpty { flushGroup() }
  }

  /// What an entry writes, as an item of a ``TickOrder``.
  private func item(of entry: Entry, noteOrder: TickOrderedIndices) -> TickOrder.Item {
    let sequence = entry.sequence
    if sequence >= notes.count { return .event(sequence - notes.count) }
    return entry.rank == .noteOn ? .noteOn(noteOrder[sequence]) : .noteOff(noteOrder[sequence])
  }

  /// The buffers ``applyTickOrder(to:noteOrder:scratch:)`` works in, kept from tick to tick.
  private struct TickOrderScratch {
    var byItem: [(item: UInt64, entry: Entry)] = []
    var ordered: [Entry] = []
  }

  /// Puts the entries of one tick in the order of its ``TickOrder``, if it has one and the
  /// entries are exactly the items it lists (otherwise the tick keeps the canonical order).
  /// Matched by their packed items, sorted (no hashing, nothing allocated per tick).
  private func applyTickOrder(
    to entries: inout [Entry], noteOrder: TickOrderedIndices, scratch: inout TickOrderScratch
  ) {
    guard let tick = entries.first?.tick, let index = tickOrders.index(ofTick: tick) else { return }
    let wanted = tickOrders.packedItems(at: index)
    guard wanted.count == entries.count else { return }
    scratch.byItem.removeAll(keepingCapacity: true)
    for entry in entries {
      scratch.byItem.append((TickOrders.pack(item(of: entry, noteOrder: noteOrder)), entry))
    }
    scratch.byItem.sort { $0.item < $1.item }
    scratch.ordered.removeAll(keepingCapacity: true)
    for packed in wanted {  // (the items of an order are distinct)
      var low = 0
      var high = scratch.byItem.count
      while low < high {
        let middle = (low + high) / 2
        if scratch.byItem[middle].item < packed { low = middle + 1 } else { high = middle }
      }
      guard low < scratch.byItem.count, scratch.byItem[low].item == packed else { return }
      scratch.ordered.append(scratch.byItem[low].entry)
    }
    swap(&entries, &scratch.ordered)
  }
}
