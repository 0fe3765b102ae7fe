/// Which program plays a track's notes: the last program change on a note's channel, in its
/// track, before the note starts (0 without one).
extension SongTrack {
  /// The program of the last program change on `channel` in this track at or before `tick`, or
  /// 0 when there is none.
  public func program(onChannel channel: UInt8, atOrBefore tick: Int) -> Int {
    var program = 0
    for index in events.indices(ofChannelKind: 0xC0) where events.tick(at: index) <= tick {
      if let (status, data1, _) = events.channelBytes(at: index), status & 0x0F == channel {
        program = Int(data1)
      }
    }
    return program
  }

  /// The program each note starts under, in the order of ``notes``: the last program change on
  /// its channel, in this track, before its note-on in the file (in writing order, which is the
  /// file's for a track read from one). One pass over the notes and events together, a tick of
  /// notes at a time: a program change at a note's tick comes before it (the writer puts channel
  /// messages before note-ons), unless the tick has an order of its own (``tickOrders``), which
  /// then says which came first.
  /// - Complexity: O(*n* + *m*) for *n* notes and *m* events.
  public func notePrograms() -> [UInt8] {
    var programs = [UInt8](repeating: 0, count: notes.count)
    let changes = events.indices(ofChannelKind: 0xC0)  // few: the program changes alone are walked
    guard !changes.isEmpty else { return programs }
    let changeTicks = changes.map { events.tick(at: $0) } + [Int.max]
    func apply(_ event: Int, to current: inout SIMD16<UInt8>) {
      if let (status, program, _) = events.channelBytes(at: event), status & 0xF0 == 0xC0 {
        current[Int(status & 0x0F)] = program
      }
    }
    notes.withUnsafeBufferPointer { notes in
      programs.withUnsafeMutableBufferPointer { programs in
        var current = SIMD16<UInt8>()  // each channel's program
        var next = 0  // the next program change
        var index = 0
        var lastTick = Int.min
        while index < notes.count {
          let tick = notes[index].tick
          if tick < lastTick {
            // A note out of start order (a song built so): looked up on its own.
            programs[index] = UInt8(program(onChannel: notes[index].channel, atOrBefore: tick))
            index += 1
            continue
          }
          lastTick = tick
          if tick < changeTicks[next] {  // the common case: no program change due
            programs[index] = current[Int(notes[index].channel & 0x0F)]
            index += 1
            continue
          }
          while changeTicks[next] < tick {
            apply(changes[next], to: &current)
            next += 1
          }
          guard changeTicks[next] == tick else { continue }
          // Program changes at this note's tick: before its notes, unless the tick's own order
          // says otherwise.
          let before = current
          while changeTicks[next] == tick {
            apply(changes[next], to: &current)
            next += 1
          }
          var end = index
          while end < notes.count && notes[end].tick == tick {
            programs[end] = current[Int(notes[end].channel & 0x0F)]
            end += 1
          }
          if let order = tickOrders.order(atTick: tick) {
            var inOrder = before
            for item in order.items {
              switch item {
              case .event(let event) where event < events.count: apply(event, to: &inOrder)
              case .noteOn(let note) where (index..<end).contains(note):
                programs[note] = inOrder[Int(notes[note].channel & 0x0F)]
              default: break
              }
            }
          }
          index = end
        }
      }
    }
    return programs
  }
}
