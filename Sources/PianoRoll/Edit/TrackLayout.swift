import SMF

/// Regroups a song's notes and events into other tracks, without changing any of them.
///
/// - ``merge``: every track into one, format 0. Events and notes keep their ticks; within a
///   tick, the tracks' order. One End of Track, at the latest track end.
/// - ``split(by:)``: format 1 with a conductor track first — every meta event (tempo, meters,
///   keys, the song's name, markers, texts) and SysEx message of the song — then one track per
///   channel (``SplitKey/channel``, in channel order) or per program (``SplitKey/program``, in
///   program order, drums of channel 10 last as one track). A note goes to the program in force
///   on its channel when it starts (0 before any program change); a channel message to the
///   program in force on its channel at its tick (a program change to its own program). Every
///   track ends at the song's end. Track names stay with their notes (``SplitNames``): each new
///   track is named after the tracks (other than the first, whose name is the song's) whose
///   notes and channel messages it takes.
///
/// Either way the song plays the same: the same events at the same ticks, regrouped. Format 2
/// songs (independent patterns) are refused (``EditError/independentTracks``). Orders recorded
/// within a tick (``SongTrack/tickOrders``) are dropped.
public enum TrackLayout: Hashable, Sendable, CustomStringConvertible {
  /// What ``split(by:)`` groups by.
  public enum SplitKey: String, Hashable, Sendable, CaseIterable {
    /// One track per MIDI channel.
    case channel
    /// One track per program (instrument), drums apart.
    case program
  }

  /// Every track into one, format 0.
  case merge
  /// One track per channel or program after a conductor track, format 1.
  case split(by: SplitKey)

  /// The layout as people write it: `merge`, `split by channel`.
  public var description: String {
    switch self {
    case .merge: "merge"
    case .split(let key): "split by \(key.rawValue)"
    }
  }

  /// Regroups a song's tracks in place.
  /// - Returns: How many tracks there were and are.
  /// - Throws: ``EditError/independentTracks`` for a format 2 song.
  /// - Complexity: O(*n* log *n*) in the number of notes and events.
  @discardableResult
  public func apply(to song: inout Song) throws(EditError) -> TrackLayoutReport {
    if song.format == .independentTracks { throw .independentTracks }
    let before = song.tracks.count
    let end = song.endTick
    let hasEndOfTrack = song.tracks.contains { $0.endOfTrackTick != nil } || song.tracks.isEmpty
    switch self {
    case .merge:
      var merged = Self.grouped(song.tracks, into: 1, hasEndOfTrack: hasEndOfTrack, end: end) { _, _, _ in
        0
      } note: { _ in
        0
      }
      for i in merged[0].notes.indices { merged[0].notes[i].track = 0 }
      song.tracks = merged
      song.format = .singleTrack
    case .split(let key):
      let groups = SplitGroups(song.tracks, by: key)
      let names = SplitNames(song.tracks, groups: groups)
      song.tracks = Self.grouped(
        song.tracks, into: groups.count + 1, hasEndOfTrack: hasEndOfTrack, end: end, leading: names.names,
        event: { source, index, item in
          names.moves(source: source, index: index) ? nil : groups.track(of: item)
        },
        note: { groups.track(of: $0) })
      for index in song.tracks.indices {
        for i in song.tracks[index].notes.indices { song.tracks[index].notes[i].track = index }
      }
      song.format = .multipleTracks
    }
    return TrackLayoutReport(layout: description, tracksBefore: before, tracksAfter: song.tracks.count)
  }

  /// The notes and events of `tracks` (End of Track left out) regrouped into `count` tracks,
  /// each in tick order (ties: source track order, then the order within the track), each
  /// ending at `end`.
  /// - Parameters:
  ///   - leading: Events added to new tracks, each first at its tick (a split track's name).
  ///   - event: The new track of an event, given with its source track and its index there;
  ///     `nil` leaves it out.
  ///   - note: The new track of a note.
  static func grouped(
    _ tracks: [SongTrack], into count: Int, hasEndOfTrack: Bool, end: Int, leading: [Int: TrackEvent] = [:],
    event: (_ source: Int, _ index: Int, TrackEvent) -> Int?, note: (Note) -> Int
  ) -> [SongTrack] {
    var events = [[(key: (Int, Int, Int), item: TrackEvent)]](repeating: [], count: count)
    var notes = [[(key: (Int, Int, Int), note: Note)]](repeating: [], count: count)
    for (index, item) in leading { events[index].append(((item.tick, -1, 0), item)) }
    for (source, track) in tracks.enumerated() {
      for (order, item) in track.events.enumerated() where !item.event.isEndOfTrack {
        if let index = event(source, order, item) { events[index].append(((item.tick, source, order), item)) }
      }
      for (order, value) in track.notes.enumerated() {
        notes[note(value)].append(((value.tick, source, order), value))
      }
    }
    return (0..<count).map { index in
      var trackEvents = events[index].sorted { $0.key < $1.key }.map(\.item)
      let trackNotes = notes[index].sorted { $0.key < $1.key }.map(\.note)
      if hasEndOfTrack {
        var last = end
        for value in trackNotes { last = max(last, value.endTick) }
        trackEvents.append(TrackEvent(tick: last, .meta(.endOfTrack)))
      }
      return SongTrack(notes: trackNotes, events: trackEvents)
    }
  }
}

extension Song {
  /// Merges the song's tracks into one, or splits them by channel or program (see
  /// ``TrackLayout``).
  /// - Returns: How many tracks there were and are.
  /// - Throws: ``EditError/independentTracks`` for a format 2 song.
  @discardableResult
  public mutating func regroupTracks(with layout: TrackLayout) throws(EditError) -> TrackLayoutReport {
    try layout.apply(to: &self)
  }
}
