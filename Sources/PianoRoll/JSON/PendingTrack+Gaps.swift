import SMF

extension PendingTrack {
  /// Refuses a track that a MIDI file cannot hold because two of its events, once placed, are
  /// more than ``PianoRollJSON/maximumDeltaTicks`` apart (a delta-time has at most 28 bits).
  ///
  /// - Parameters:
  ///   - events: This track's events as placed, one for each of ``events``.
  ///   - notes: This track's notes as placed, one for each of ``notes``.
  /// - Throws: ``PianoRollJSONError`` at the first event or note after too long a gap.
  /// - Complexity: O(*n*) when every tick fits in one delta-time, else O(*n* log *n*).
  func checkGaps(events placedEvents: some Collection<TrackEvent>, notes placedNotes: [Note]) throws(PianoRollJSONError) {
    let limit = PianoRollJSON.maximumDeltaTicks
    let latest = max(
      placedEvents.lazy.map(\.tick).max() ?? 0, placedNotes.lazy.map { $0.tick + $0.durationTicks }.max() ?? 0
    )
    guard latest > limit else { return }

    // Every tick the written track has an event at, with the JSON that put it there.
    var places: [(tick: Int, path: JSONPath)] = []
    places.reserveCapacity(placedEvents.count + 2 * placedNotes.count)
    for (placed, pending) in zip(placedEvents, events) { places.append((placed.tick, pending.path)) }
    for (placed, pending) in zip(placedNotes, notes) {
      places.append((placed.tick, pending.path))
      places.append((placed.tick + placed.durationTicks, pending.path))
    }
    places.sort { $0.tick < $1.tick }
    var previous = 0
    for place in places {
      if place.tick - previous > limit {
        throw PianoRollJSONError(
          .outOfRange(
            value: "tick \(place.tick)",
            expected: "at most \(limit) ticks after the track's event before it, at tick \(previous): "
              + "the longest delta-time of a MIDI file"),
          path: place.path)
      }
      previous = place.tick
    }
  }
}
