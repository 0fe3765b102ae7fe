import JSON
import PianoRoll
import SMF

extension PendingTrack {
  /// Refuses a track that a MIDI file cannot hold because two of its events, once placed, are
  /// more than ``PianoRollJSON/maximumDeltaTicks`` apart (a delta-time has at most 28 bits).
  ///
  /// - Throws: ``PianoRollJSONError`` at the first event or note after too long a gap.
  /// - Complexity: O(*n*) when every tick fits in one delta-time, else O(*n* log *n*).
  func checkGaps(track: Int) throws(PianoRollJSONError) {
    let limit = PianoRollJSON.maximumDeltaTicks
    let latest = max(events.lazy.map(\.tick).max() ?? 0, notes.lazy.map(\.endTick).max() ?? 0)
    guard latest > limit else { return }

    // Every tick the written track has an event at, with what put it there.
    enum Source {
      case event(Int)
      case note(Int)
    }
    var places: [(tick: Int, source: Source)] = []
    places.reserveCapacity(events.count + 2 * notes.count)
    for (index, event) in events.enumerated() { places.append((event.tick, .event(index))) }
    for (index, note) in notes.enumerated() {
      places.append((note.tick, .note(index)))
      places.append((note.endTick, .note(index)))
    }
    places.sort { $0.tick < $1.tick }
    var previous = 0
    for place in places {
      if place.tick - previous > limit {
        let path: JSONPath
        switch place.source {
        case .event(let index): path = eventPath(index, track: track)
        case .note(let index): path = Self.notePath(index, track: track)
        }
        throw PianoRollJSONError(
          .outOfRange(
            value: "tick \(place.tick)",
            expected: "at most \(limit) ticks after the track's event before it, at tick \(previous): "
              + "the longest delta-time of a MIDI file"),
          path: path)
      }
      previous = place.tick
    }
  }
}
