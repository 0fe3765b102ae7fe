import SMF

/// Which track of a split song (``TrackLayout/split(by:)``) each note and event goes to: 0 for
/// the conductor (meta and SysEx), then one track per channel or program in order.
struct SplitGroups {
  /// A group of notes: a channel, a program, or the drums.
  enum Group: Hashable, Comparable {
    case channel(UInt8)
    case program(UInt8)
    case drums
  }

  /// What the song is split by.
  let key: TrackLayout.SplitKey
  /// Per channel, the program changes in tick order (tick, program).
  let programs: [[(tick: Int, program: UInt8)]]
  /// The groups found, in order; group `i` is track `i + 1`.
  let order: [Group: Int]

  /// The number of groups (tracks after the conductor).
  var count: Int { order.count }

  /// Finds the groups of a song's tracks.
  init(_ tracks: [SongTrack], by key: TrackLayout.SplitKey) {
    self.key = key
    var changes = [[(tick: Int, sequence: Int, program: UInt8)]](repeating: [], count: 16)
    var sequence = 0
    for track in tracks {
      for item in track.events {
        if case .channel(let message) = item.event, message.kind == .programChange {
          changes[Int(message.channel)].append((item.tick, sequence, message.data1))
          sequence += 1
        }
      }
    }
    programs = changes.map { list in
      list.sorted { ($0.tick, $0.sequence) < ($1.tick, $1.sequence) }.map { ($0.tick, $0.program) }
    }
    var groups: Set<Group> = []
    // A temporary value with an empty order, to ask for groups.
    let finder = SplitGroups(key: key, programs: programs, order: [:])
    for track in tracks {
      for note in track.notes { groups.insert(finder.group(channel: note.channel, tick: note.tick)) }
      for item in track.events {
        if case .channel(let message) = item.event {
          groups.insert(finder.group(channel: message.channel, tick: item.tick))
        }
      }
    }
    order = Dictionary(uniqueKeysWithValues: groups.sorted().enumerated().map { ($0.element, $0.offset) })
  }

  private init(key: TrackLayout.SplitKey, programs: [[(tick: Int, program: UInt8)]], order: [Group: Int]) {
    self.key = key
    self.programs = programs
    self.order = order
  }

  /// The group of something on a channel at a tick.
  func group(channel: UInt8, tick: Int) -> Group {
    switch key {
    case .channel: return .channel(channel)
    case .program:
      if channel == KeyFilter.drumChannel { return .drums }
      let list = programs[Int(channel)]
      let index = SortedKeys.lastIndex(count: list.count, atOrBefore: tick) { list[$0].tick }
      return .program(list.isEmpty || list[index].tick > tick ? 0 : list[index].program)
    }
  }

  /// The new track of an event: 0 (the conductor) for meta and SysEx.
  func track(of item: TrackEvent) -> Int {
    guard case .channel(let message) = item.event else { return 0 }
    return 1 + (order[group(channel: message.channel, tick: item.tick)] ?? 0)
  }

  /// The new track of a note.
  func track(of note: Note) -> Int {
    1 + (order[group(channel: note.channel, tick: note.tick)] ?? 0)
  }
}
