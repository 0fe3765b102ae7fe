import Foundation
import PianoRoll
import SMF

/// The repository's Samples folder.
let samplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")

/// The names of every sample `.mid` file, sorted.
let sampleNames: [String] = {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: samplesFolder.path)) ?? []
  return names.filter { $0.hasSuffix(".mid") }.sorted()
}()

/// A sample read as a song.
func sampleSong(_ name: String) throws -> Song {
  let data = try Data(contentsOf: samplesFolder.appendingPathComponent(name))
  return try Song(bytes: [UInt8](data))
}

/// A one-track song from notes and meta events (480 ticks a quarter).
func makeSong(
  notes: [Note], meta: [(Int, MetaEvent)] = [], name: String? = nil, ticksPerQuarter: Int = 480
) -> Song {
  var events = meta.map { TrackEvent(tick: $0.0, .meta($0.1)) }
  if let name { events.insert(TrackEvent(tick: 0, .meta(.text(.trackName, name))), at: 0) }
  let end = max(notes.map(\.endTick).max() ?? 0, events.map(\.tick).max() ?? 0)
  events.append(TrackEvent(tick: end, .meta(.endOfTrack)))
  return Song(division: .ticksPerQuarter(ticksPerQuarter), tracks: [SongTrack(notes: notes, events: events)])
}
