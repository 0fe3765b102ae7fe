import SMF

extension Song {
  /// The sustain pedal's controller number.
  public static let sustainController: UInt8 = 64

  /// Applies the sustain pedal to note durations: while controller 64 is at 64 or more on a
  /// channel, a note of that channel released then sounds on until the pedal lifts (the first
  /// controller 64 below 64 after the release) or the same pitch starts again on the channel,
  /// whichever comes first; if neither comes, until the song's end.
  ///
  /// The pedal of a channel is read from every track (a channel is one instrument, whichever
  /// track holds its events). At the release tick the pedal is in the state its last event at
  /// or before that tick left it. A note that another note of its pitch already restarted
  /// before its release is not extended. Ticks, velocities and every event stay as they are.
  /// - Returns: How many notes were lengthened.
  @discardableResult
  public mutating func extendSustain() -> Int {
    // Pedal events per channel, in tick order (stable across tracks).
    var pedals = [[(tick: Int, down: Bool)]](repeating: [], count: 16)
    for track in tracks {
      for item in track.events {
        if let message = item.event.channelMessage, message.kind == .controlChange,
          message.data1 == Self.sustainController
        {
          pedals[Int(message.channel)].append((item.tick, message.data2 >= 64))
        }
      }
    }
    guard pedals.contains(where: { $0.contains(where: \.down) }) else { return 0 }
    for channel in 0..<16 where tracks.count > 1 {
      pedals[channel] = pedals[channel].enumerated().sorted {
        ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset)
      }.map(\.element)
    }
    // Note starts per channel and pitch, in tick order, from every track.
    var starts = [Int: [Int]]()
    for track in tracks {
      for note in track.notes {
        starts[Int(note.channel) << 7 | Int(note.pitch), default: []].append(note.tick)
      }
    }
    for key in starts.keys { starts[key]!.sort() }
    let songEnd = endTick

    var lengthened = 0
    for trackIndex in tracks.indices {
      for noteIndex in tracks[trackIndex].notes.indices {
        let note = tracks[trackIndex].notes[noteIndex]
        let events = pedals[Int(note.channel)]
        guard !events.isEmpty else { continue }
        let release = note.endTick
        // The last pedal event at or before the release.
        let atOrBefore = Self.countAtOrBefore(release, in: events.lazy.map(\.tick)) - 1
        guard atOrBefore >= 0, events[atOrBefore].down else { continue }
        var end = songEnd
        if let lift = events[(atOrBefore + 1)...].first(where: { !$0.down }) { end = lift.tick }
        // The same pitch starting again after this note's start.
        let sameKey = starts[Int(note.channel) << 7 | Int(note.pitch)] ?? []
        let after = Self.countAtOrBefore(note.tick, in: sameKey)
        if after < sameKey.count { end = min(end, sameKey[after]) }
        if end > release {
          tracks[trackIndex].notes[noteIndex].durationTicks = end - note.tick
          lengthened += 1
        }
      }
    }
    return lengthened
  }

  /// How many of the sorted values are at or before `tick`.
  private static func countAtOrBefore<C: RandomAccessCollection>(_ tick: Int, in values: C) -> Int
  where C.Element == Int, C.Index == Int {
    var low = values.startIndex
    var high = values.endIndex
    while low < high {
      let middle = (low + high) / 2
      if values[middle] <= tick { low = middle + 1 } else { high = middle }
    }
    return low - values.startIndex
  }
}
