/// Which program plays a track's notes: the last program change on a note's channel, in its
/// track, before the note starts (0 without one).
extension SongTrack {
  /// The program of the last program change on `channel` in this track at or before `tick`, or
  /// 0 when there is none.
  public func program(onChannel channel: UInt8, atOrBefore tick: Int) -> Int {
    var program = 0
    for item in events {
      guard item.tick <= tick else { break }
      if let message = item.event.channelMessage, message.kind == .programChange,
        message.channel == channel
      {
        program = Int(message.data1)
      }
    }
    return program
  }

  /// The program each note starts under, in the order of ``notes``: the last program change on
  /// its channel, in this track, before its note-on in the file (in writing order, which is the
  /// file's for a track read from one). One pass over the notes and events together; a tick
  /// where the file's order differs from the writer's (``tickOrders``) and a program change
  /// falls takes the pass in writing order, which knows which came first.
  /// - Complexity: O(*n* + *m*) for *n* notes and *m* events (O(*n* log *n*) in writing order).
  public func notePrograms() -> [UInt8] {
    var programs = [UInt8](repeating: 0, count: notes.count)
    guard !notes.isEmpty else { return programs }
    var current = [UInt8](repeating: 0, count: 16)
    if !tickOrders.isEmpty
      && events.contains(where: {
        $0.event.channelMessage?.kind == .programChange && tickOrders.order(atTick: $0.tick) != nil
      })
    {
      inWritingOrder { _, item in
        switch item {
        case .event(let index):
          if let message = events[index].event.channelMessage, message.kind == .programChange {
            current[Int(message.channel & 0x0F)] = message.data1
          }
        case .noteOn(let index): programs[index] = current[Int(notes[index].channel & 0x0F)]
        case .noteOff: break
        }
      }
      return programs
    }
    // Otherwise a program change at a note's tick comes before its note-on (the writer puts
    // channel messages before note-ons).
    var changes = events.makeIterator()
    var pending = changes.next()
    var lastTick = Int.min
    for (index, note) in notes.enumerated() {
      guard note.tick >= lastTick else {
        // Notes out of start order (a song built so): each looked up on its own.
        programs[index] = UInt8(program(onChannel: note.channel, atOrBefore: note.tick))
        continue
      }
      lastTick = note.tick
      while let item = pending, item.tick <= note.tick {
        if let message = item.event.channelMessage, message.kind == .programChange {
          current[Int(message.channel & 0x0F)] = message.data1
        }
        pending = changes.next()
      }
      programs[index] = current[Int(note.channel & 0x0F)]
    }
    return programs
  }
}
