import SMF

/// Turns the events of one track into notes and the events that are not notes.
///
/// The rules (docs/DESIGN.md, "Pairing"): a note-on with velocity 0 ends a note like a note-off;
/// overlapping notes of one pitch and channel pair first-in-first-out; a note still sounding at
/// the end of the track ends at the track's last tick (its End of Track); a note-off with no
/// note sounding stays a plain event. Nothing is dropped.
enum NotePairing {
  /// The notes and other events of a track's events (in file order).
  /// - Complexity: O(*n*) in the number of events.
  static func pair(_ events: [TrackEvent], track: Int) -> SongTrack {
    var notes: [Note] = []
    var others: [TrackEvent] = []
    notes.reserveCapacity(events.count / 2)
    // A first-in-first-out queue of sounding notes per channel and key, linked through `next`.
    var head = [Int](repeating: -1, count: 16 * 128)
    var tail = [Int](repeating: -1, count: 16 * 128)
    var next: [Int] = []
    next.reserveCapacity(events.count / 2)
    var lastTick = 0
    for item in events {
      lastTick = max(lastTick, item.tick)
      guard case .channel(let message) = item.event,
        message.kind == .noteOn || message.kind == .noteOff
      else {
        others.append(item)
        continue
      }
      let key = Int(message.channel) << 7 | Int(message.data1)
      if message.kind == .noteOn && message.data2 > 0 {
        let index = notes.count
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
        others.append(item)  // a note-off with no note sounding
        continue
      }
      notes[index].durationTicks = item.tick - notes[index].tick
      notes[index].offVelocity = message.data2
      notes[index].end = message.kind == .noteOff ? .noteOff : .noteOnWithVelocityZero
      head[key] = next[index]
      if head[key] < 0 { tail[key] = -1 }
    }
    for key in 0..<head.count {
      var index = head[key]
      while index >= 0 {
        notes[index].durationTicks = lastTick - notes[index].tick
        index = next[index]
      }
    }
    return SongTrack(notes: notes, events: others)
  }
}
