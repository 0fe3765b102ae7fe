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

  /// Reads a Standard MIDI File's bytes into a song.
  /// - Throws: ``SMFError`` with the byte offset and track of the problem.
  public init(bytes: [UInt8], options: ReadOptions = .tolerant) throws(SMFError) {
    self.init(file: try MIDIFile(bytes: bytes, options: options))
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

  /// The song as Standard MIDI File bytes (``midiFile()``, serialized with running status).
  public func serialized() -> [UInt8] {
    midiFile().serialized()
  }
}

/// Where an event goes among the events of its tick, when a song is written (see
/// ``Song/midiFile()``).
enum EventRank: Int {
  case meta, other, endingNoteOff, strayNoteOff, noteOn, instantNoteOff, endOfTrack

  /// The rank of an event of ``SongTrack/events``.
  init(_ event: MIDIEvent) {
    switch event {
    case .meta(let meta):
      self = meta.type == MetaEvent.Kind.endOfTrack.rawValue ? .endOfTrack : .meta
    case .sysEx:
      self = .other
    case .channel(let message):
      if message.isNoteEnd {
        self = .strayNoteOff
      } else if message.kind == .noteOn {
        self = .noteOn
      } else {
        self = .other
      }
    }
  }
}

extension SongTrack {
  /// One event to write, with what orders it.
  private struct Entry {
    var tick: Int
    var order: Int  // rank × 2^40 + sequence
    var event: MIDIEvent
    var item: TickOrder.Item
  }

  /// The indices of ``notes`` in tick order (stable: notes of one tick keep their order).
  func noteIndicesInTickOrder() -> [Int] {
    zip(notes, notes.dropFirst()).allSatisfy { $0.tick <= $1.tick }
      ? Array(notes.indices) : notes.indices.sorted { (notes[$0].tick, $0) < (notes[$1].tick, $1) }
  }

  /// The indices of ``events`` in writing order: by tick; within a tick meta events, then
  /// SysEx and channel messages, then note-offs, then note-ons, End of Track last; otherwise
  /// in their order in ``events``.
  func eventIndicesInWritingOrder() -> [Int] {
    var previous = (Int.min, 0)
    var sorted = true
    for item in events {
      let key = (item.tick, EventRank(item.event).rawValue)
      if key < previous {
        sorted = false
        break
      }
      previous = key
    }
    if sorted { return Array(events.indices) }
    let keys = events.map { ($0.tick, EventRank($0.event).rawValue) }
    return events.indices.sorted { (keys[$0].0, keys[$0].1, $0) < (keys[$1].0, keys[$1].1, $1) }
  }

  /// The track's notes and events as the events of a track chunk, in writing order.
  func trackEvents() -> [TrackEvent] {
    let noteOrder = noteIndicesInTickOrder()
    let endOfTrack = endOfTrackTick
    var entries: [Entry] = []
    entries.reserveCapacity(events.count + notes.count * 2)
    func add(_ tick: Int, _ rank: EventRank, _ sequence: Int, _ event: MIDIEvent, _ item: TickOrder.Item) {
      entries.append(Entry(tick: tick, order: rank.rawValue << 40 | sequence, event: event, item: item))
    }
    for (sequence, item) in events.enumerated() {
      add(item.tick, EventRank(item.event), notes.count + sequence, item.event, .event(sequence))
    }
    for (sequence, index) in noteOrder.enumerated() {
      let note = notes[index]
      add(
        note.tick, .noteOn, sequence,
        .channel(.noteOn(channel: note.channel, key: note.pitch, velocity: note.velocity)), .noteOn(index))
      let off: ChannelMessage
      switch note.end {
      case .noteOnWithVelocityZero:
        off = .noteOn(channel: note.channel, key: note.pitch, velocity: 0)
      case .endOfTrack where note.endTick == endOfTrack:
        continue
      case .noteOff, .endOfTrack:
        off = .noteOff(channel: note.channel, key: note.pitch, velocity: note.offVelocity)
      }
      add(
        note.endTick, note.durationTicks == 0 ? .instantNoteOff : .endingNoteOff, sequence,
        .channel(off), .noteOff(index))
    }
    entries.sort { ($0.tick, $0.order) < ($1.tick, $1.order) }
    if !tickOrders.isEmpty { applyTickOrders(to: &entries) }
    return entries.map { TrackEvent(tick: $0.tick, $0.event) }
  }

  /// Puts the entries of each tick that has a ``TickOrder`` in its order, while the entries at
  /// that tick are exactly the items it lists (otherwise the tick keeps the canonical order).
  private func applyTickOrders(to entries: inout [Entry]) {
    var ordersByTick: [Int: Int] = [:]
    for (index, order) in tickOrders.enumerated() { ordersByTick[order.tick] = index }
    var start = 0
    while start < entries.count {
      let tick = entries[start].tick
      var end = start + 1
      while end < entries.count && entries[end].tick == tick { end += 1 }
      defer { start = end }
      guard let orderIndex = ordersByTick[tick] else { continue }
      let wanted = tickOrders[orderIndex].items
      guard wanted.count == end - start else { continue }
      var byItem: [TickOrder.Item: Entry] = [:]
      for entry in entries[start..<end] { byItem[entry.item] = entry }
      guard byItem.count == wanted.count, Set(wanted) == Set(byItem.keys) else { continue }
      for (offset, item) in wanted.enumerated() {
        if let entry = byItem[item] { entries[start + offset] = entry }
      }
    }
  }
}
