import PianoRoll
import SMF

/// Songs built for the audio tests: one track, 480 ticks a quarter, notes placed in seconds at
/// 120 BPM (a quarter is 0.5 s) unless the test adds tempo changes.
struct TestSong {
  /// The notes.
  var notes: [Note] = []
  /// Every other event (tempos, programs, controllers, pitch bends).
  var events: [TrackEvent] = []

  /// Ticks a quarter note.
  static let ticksPerQuarter = 480

  /// Adds a note.
  mutating func note(_ pitch: UInt8, tick: Int, ticks: Int, channel: UInt8 = 0, velocity: UInt8 = 100) {
    notes.append(Note(pitch: pitch, velocity: velocity, channel: channel, tick: tick, durationTicks: ticks))
  }

  /// Adds a channel message.
  mutating func message(_ message: ChannelMessage, tick: Int) {
    events.append(TrackEvent(tick: tick, .channel(message)))
  }

  /// Adds a tempo change.
  mutating func tempo(bpm: Int, tick: Int) {
    events.append(TrackEvent(tick: tick, .meta(.tempo(microsecondsPerQuarter: 60_000_000 / bpm))))
  }

  /// The song, with an End of Track after everything.
  var song: Song {
    let end = max(notes.map(\.endTick).max() ?? 0, events.map(\.tick).max() ?? 0)
    let sorted = events.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
      .map(\.element)
    let track = SongTrack(
      notes: notes.sorted { $0.tick < $1.tick },
      events: sorted + [TrackEvent(tick: end, .meta(MetaEvent(.endOfTrack, data: [])))])
    return Song(format: .singleTrack, division: .ticksPerQuarter(Self.ticksPerQuarter), tracks: [track])
  }
}
