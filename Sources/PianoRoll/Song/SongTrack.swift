import SMF

/// One track of a song: its notes, and every other event of the track.
public struct SongTrack: Hashable, Sendable {
  /// The notes, in the order they start (tick, then the order of their note-ons in the file).
  public var notes: [Note] {
    didSet { writingOrder = nil }
  }
  /// Every event that is not part of a note, in file order: meta events (End of Track
  /// included), SysEx, controllers, programs, pitch bends, pressure, and note-offs that found
  /// no sounding note.
  public var events: TrackEvents {
    didSet { writingOrder = nil }
  }
  /// The ticks whose order in the file differs from the canonical order, in tick order
  /// (usually none; see ``TickOrder``).
  public var tickOrders: TickOrders {
    didSet { writingOrder = nil }
  }
  /// The file's order of the track's events and notes while nothing has changed them since it
  /// was read (``WritingOrder``): not part of the track's value (``==`` and hashing leave it
  /// out). An edit that moves nothing in time (a transposition) sets it back.
  package var writingOrder: WritingOrder?

  /// Creates a track.
  public init(notes: [Note] = [], events: TrackEvents = [], tickOrders: TickOrders = []) {
    self.notes = notes
    self.events = events
    self.tickOrders = tickOrders
  }

  /// Creates a track from notes and a sequence of other events.
  public init(notes: [Note] = [], events: some Sequence<TrackEvent>, tickOrders: TickOrders = []) {
    self.init(notes: notes, events: TrackEvents(events), tickOrders: tickOrders)
  }

  /// The text of the track's first track-name meta event, if any.
  public var name: String? {
    events.trackName
  }

  /// The tick of the track's End of Track event, if it has one.
  public var endOfTrackTick: Int? {
    events.last(where: \.event.isEndOfTrack)?.tick
  }

  /// The last tick the track reaches: its End of Track, or its last event or note end.
  public var endTick: Int {
    max(
      endOfTrackTick ?? 0, events.last?.tick ?? 0,
      notes.reduce(0) { max($0, $1.endTick) })
  }

  /// The lowest and highest pitch of the track's notes, or `nil` without notes.
  public var pitchRange: ClosedRange<UInt8>? { notes.pitchRange }

  /// Whether two tracks hold the same notes, events and tick orders (a recorded
  /// ``writingOrder`` is not compared: it only says how the same track is written fastest).
  public static func == (a: SongTrack, b: SongTrack) -> Bool {
    a.notes == b.notes && a.events == b.events && a.tickOrders == b.tickOrders
  }

  /// Hashes the notes, events and tick orders (as ``==`` compares them).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(notes)
    hasher.combine(events)
    hasher.combine(tickOrders)
  }
}
