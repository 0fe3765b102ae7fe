/// Which program plays a track's notes: the last program change on a note's channel, in its
/// track, at or before the tick where it starts (0 without one; a program change at the note's
/// own tick counts).
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

  /// The program each note starts under (``program(onChannel:atOrBefore:)`` of its channel and
  /// tick), in the order of ``notes``: one pass over the notes and the events together.
  /// - Complexity: O(*n* + *m*) for *n* notes and *m* events.
  public func notePrograms() -> [UInt8] {
    var programs = [UInt8](repeating: 0, count: notes.count)
    guard !notes.isEmpty else { return programs }
    var current = [UInt8](repeating: 0, count: 16)
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
