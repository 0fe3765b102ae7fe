import SMF

/// The track names a split carries over: a name stays with the notes it named.
///
/// The first track-name event (`FF 03`) of each source track other than the first (in format 1
/// the first track's name is the song's, and stays in the conductor track) moves to the new
/// tracks that take that track's notes and channel messages. A new track that takes them from
/// several named tracks is named after all of them, in track order, joined by ` / ` (the bytes
/// as they are, so any text encoding survives); it gets one name event, first at the earliest
/// tick of the names it joins. A source track whose notes and messages all went elsewhere (a
/// lyrics track, say) keeps its name in the conductor track, with its other meta events.
struct SplitNames {
  /// Per source track whose name moves, the index of that name event among its events.
  private let moved: [Int: Int]
  /// Per new track (1…), its name event.
  let names: [Int: TrackEvent]

  /// The names of `tracks`, regrouped as `groups` says.
  init(_ tracks: [SongTrack], groups: SplitGroups) {
    var nameIndex: [Int: Int] = [:]
    var sources = [Set<Int>](repeating: [], count: groups.count + 1)
    for (source, track) in tracks.enumerated() where source > 0 {
      guard let index = track.events.firstIndex(where: Self.isName) else { continue }
      var targets = Set(track.notes.map { groups.track(of: $0) })
      for item in track.events where item.event.channelMessage != nil {
        targets.insert(groups.track(of: item))
      }
      guard !targets.isEmpty else { continue }
      nameIndex[source] = index
      for target in targets { sources[target].insert(source) }
    }
    moved = nameIndex
    var names: [Int: TrackEvent] = [:]
    for (target, named) in sources.enumerated() where !named.isEmpty {
      let parts = named.sorted().map { tracks[$0].events[nameIndex[$0]!] }
      let text = parts.map { $0.event.metaEvent?.data ?? [] }.joined(separator: Array(" / ".utf8))
      names[target] = TrackEvent(
        tick: parts.map(\.tick).min() ?? 0, .meta(MetaEvent(.trackName, data: Array(text))))
    }
    self.names = names
  }

  /// Whether the event at `index` of source track `source` is a name that moves to new tracks
  /// (and so leaves the conductor).
  func moves(source: Int, index: Int) -> Bool { moved[source] == index }

  /// Whether an event is a track name.
  private static func isName(_ item: TrackEvent) -> Bool {
    item.event.metaEvent?.type == MetaEvent.Kind.trackName.rawValue
  }
}
