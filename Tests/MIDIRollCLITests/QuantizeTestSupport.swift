import Foundation
import PianoRoll
import PianoRollJSON
import SMF

/// Songs and file helpers for the quantize and filter command tests.
enum QuantizeTestSupport {
  /// A song at 480 ticks per quarter: 4/4 for two bars, then 7/8, with notes on a `1/8t` grid
  /// (160 ticks) and the starts and ends `jitter` moved by under 40 % of a cell.
  ///
  /// In 7/8 (1680 ticks, 10.5 triplet eighths) the lines restart at the bar line 3840; the
  /// last cell of each 7/8 bar is half a cell, so no note is put next to it.
  static func tripletSong(jitter: [Int] = []) -> Song {
    // (start, end) on the grid.
    let grid: [(Int, Int)] = [
      (0, 160), (160, 480), (480, 800), (800, 1920), (2240, 2400), (3520, 3840), (3840, 4320),
      (4320, 4480), (3840 + 1440, 3840 + 1680 + 320), (3840 + 1680 + 160, 3840 + 1680 + 800),
    ]
    var notes: [Note] = []
    for (index, (start, end)) in grid.enumerated() {
      let shift =
        jitter.isEmpty ? (0, 0) : (jitter[index * 2 % jitter.count], jitter[(index * 2 + 1) % jitter.count])
      let tick = max(0, start + shift.0)
      notes.append(
        Note(
          pitch: UInt8(60 + index), channel: index == 3 ? 9 : 0, tick: tick,
          durationTicks: end + shift.1 - tick))
    }
    notes.sort { $0.tick < $1.tick }
    let conductor = SongTrack(events: [
      TrackEvent(tick: 0, .meta(.timeSignature(numerator: 4, denominator: 4))),
      TrackEvent(tick: 3840, .meta(.timeSignature(numerator: 7, denominator: 8))),
      TrackEvent(tick: 9000, .meta(.endOfTrack)),
    ])
    return Song(
      division: .ticksPerQuarter(480),
      tracks: [conductor, SongTrack(notes: notes, events: [TrackEvent(tick: 9000, .meta(.endOfTrack))])])
  }

  /// (pitch, start, end) of every note, sorted.
  static func timings(_ song: Song) -> [[Int]] {
    song.allNotes.map { [Int($0.pitch), $0.tick, $0.endTick] }.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// Reads a `.mid` or `.json` file as a song.
  static func read(_ url: URL) throws -> Song {
    let bytes = [UInt8](try Data(contentsOf: url))
    return url.pathExtension == "json"
      ? try PianoRollJSON.decode(bytes) : Song(file: try MIDIFile(bytes: bytes))
  }

  /// Writes a song as `.mid`.
  static func write(_ song: Song, to url: URL) throws {
    try Data(song.serialized()).write(to: url)
  }

  /// A song of many random notes over all 128 keys on channels 1, 2 and 10, in two tracks.
  static func randomSong(seed: UInt64) -> Song {
    var state = seed
    func next(_ range: ClosedRange<Int>) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return range.lowerBound + Int((state >> 33) % UInt64(range.count))
    }
    var tracks: [SongTrack] = []
    for track in 0..<2 {
      var notes: [Note] = []
      for _ in 0..<200 {
        notes.append(
          Note(
            pitch: UInt8(next(0...127)), channel: [0, 1, 9][next(0...2)], track: track,
            tick: next(0...40_000),
            durationTicks: next(1...960)))
      }
      notes.sort { $0.tick < $1.tick }
      tracks.append(SongTrack(notes: notes, events: [TrackEvent(tick: 42_000, .meta(.endOfTrack))]))
    }
    return Song(division: .ticksPerQuarter(480), tracks: tracks)
  }
}
