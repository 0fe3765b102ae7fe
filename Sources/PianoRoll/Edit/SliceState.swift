import SMF

/// The events of a track that are in force at a cut (see ``SongSlice``): the last of each
/// kind of state before the cut, unless the track sets that state again at the cut itself.
struct SliceState {
  /// What an event sets; two events with one key replace each other.
  enum Key: Hashable {
    case meta(UInt8)
    case program(UInt8)
    case controller(UInt8, UInt8)
    case pitchBend(UInt8)
    case channelPressure(UInt8)
    case sysEx(Int)
  }

  /// Meta events that set state: sequence number, copyright, track and instrument names,
  /// program and device names, channel prefix, port, tempo, time and key signatures.
  static let stateMetaTypes: Set<UInt8> = [0x00, 0x02, 0x03, 0x04, 0x08, 0x09, 0x20, 0x21, 0x51, 0x58, 0x59]

  /// Controllers that Reset All Controllers leaves alone (RP-015): bank select, volume, pan,
  /// effect depths.
  static let keptByReset: Set<UInt8> = [0, 32, 7, 10, 91, 92, 93, 94, 95]

  /// The indices of the events in force at the cut, in their original order.
  let carried: [Int]

  /// Finds the events of `events` (in file order) in force at tick `start`.
  init(events: TrackEvents, start: Int) {
    var last: [Key: Int] = [:]
    var atCut: Set<Key> = []
    for (index, item) in events.enumerated() where item.tick <= start {
      if case .channel(let message) = item.event, message.kind == .controlChange, message.data1 == 121,
        item.tick < start
      {
        last = last.filter { key, _ in
          switch key {
          case .controller(let channel, let controller):
            channel != message.channel || Self.keptByReset.contains(controller)
          case .pitchBend(let channel), .channelPressure(let channel): channel != message.channel
          default: true
          }
        }
        continue
      }
      guard let key = Self.key(of: item.event, index: index) else { continue }
      if item.tick == start { atCut.insert(key) } else { last[key] = index }
    }
    carried = last.filter { !atCut.contains($0.key) }.values.sorted()
  }

  /// What an event sets, or `nil` for an event that is a moment (a note-off, a marker, a
  /// lyric, a channel-mode message, End of Track).
  static func key(of event: MIDIEvent, index: Int) -> Key? {
    switch event {
    case .meta(let meta):
      return stateMetaTypes.contains(meta.type) ? .meta(meta.type) : nil
    case .sysEx:
      return .sysEx(index)
    case .channel(let message):
      switch message.kind {
      case .programChange: return .program(message.channel)
      case .controlChange where message.data1 < 120: return .controller(message.channel, message.data1)
      case .pitchBend: return .pitchBend(message.channel)
      case .channelPressure: return .channelPressure(message.channel)
      default: return nil
      }
    }
  }
}
