import PianoRoll
import SMF
import TestSupport

/// Songs whose notes lie on a known grid, laid out bar by bar by the generator itself, so that
/// quantize tests can compare against lines computed here, not by the code under test.
struct GridSong {
  /// A bar the generator laid out.
  struct Bar {
    var startTick: Int
    var lengthTicks: Int
  }

  var tpq: Int
  var grid: Grid
  var bars: [Bar]
  /// Every grid line, bar lines included, ascending (the end of the last bar too).
  var lines: [Int]
  /// The song with every note on a line.
  var song: Song
  /// The cell as `numerator / denominator` ticks.
  var cell: (numerator: Int, denominator: Int)

  static let meters: [(Int, Int)] = [
    (4, 4), (3, 4), (5, 8), (7, 8), (6, 8), (2, 4), (12, 8), (5, 4), (3, 8), (9, 16), (2, 2), (6, 4), (3, 2),
  ]

  /// Line `k` of a bar, `k` cells from its start, rounded to the nearest tick (halves up).
  static func offset(_ k: Int, cell: (numerator: Int, denominator: Int)) -> Int {
    (2 * k * cell.numerator + cell.denominator) / (2 * cell.denominator)
  }

  /// The cell of `grid` at `tpq`, as a fraction computed from the note value on its own.
  static func cell(_ grid: Grid, tpq: Int) -> (numerator: Int, denominator: Int) {
    let (p, q) =
      switch grid.kind {
      case .straight: (1, 1)
      case .triplet: (2, 3)
      case .dotted: (3, 2)
      }
    return (4 * tpq * p, grid.noteValue * q)
  }

  /// A song with meters (some changing inside a bar), two tracks of notes on several
  /// channels, every note starting and ending on a line that has at least a cell minus one
  /// tick to its neighbours.
  static func generate(seed: UInt64, grid: Grid, tpq: Int) -> GridSong {
    var random = SplitMix64(seed: seed)
    let cell = cell(grid, tpq: tpq)
    var bars: [Bar] = []
    var conductor: [TrackEvent] = []
    var tick = 0
    var lines: [Int] = []
    var safe: [Int] = []
    // Meter segments until there are lines enough for notes (a whole-note triplet grid needs
    // a few bars).
    var segments = random.int(in: 1...5)
    for _ in 0..<100 where safe.count < 6 {
      for _ in 0..<segments {
        var meter = random.pick(meters)
        if tpq * 4 % meter.1 != 0 { meter = (4, 4) }
        conductor.append(
          TrackEvent(tick: tick, .meta(.timeSignature(numerator: meter.0, denominator: meter.1))))
        let barTicks = tpq * 4 / meter.1 * meter.0
        for _ in 0..<random.int(in: 1...4) {
          bars.append(Bar(startTick: tick, lengthTicks: barTicks))
          tick += barTicks
        }
        if random.chance(0.5) {  // the next meter starts inside this bar
          let cut = random.int(in: 1...barTicks - 1)
          bars.append(Bar(startTick: tick, lengthTicks: cut))
          tick += cut
        }
      }
      segments = 1
      lines = []
      for bar in bars {
        var k = 0
        while offset(k, cell: cell) < bar.lengthTicks {
          lines.append(bar.startTick + offset(k, cell: cell))
          k += 1
        }
      }
      lines.append(tick)
      // A line is safe when both neighbours are at least a cell minus one tick away.
      let minimumGap = (cell.numerator - 1) / cell.denominator  // ⌈cell − 1⌉
      safe = lines.indices.filter { i in
        (i == 0 || lines[i] - lines[i - 1] >= minimumGap)
          && (i == lines.count - 1 || lines[i + 1] - lines[i] >= minimumGap)
      }
    }
    precondition(safe.count >= 6, "no meter fits \(grid) at \(tpq) ticks per quarter")
    // The last bar may be cut: a meter change there makes the bar line real.
    conductor.append(TrackEvent(tick: tick, .meta(.timeSignature(numerator: 4, denominator: 4))))
    var tracks = [SongTrack(events: conductor)]
    for trackIndex in 1...2 {
      var notes: [Note] = []
      for _ in 0..<random.int(in: 5...40) {
        let s = random.int(in: 0...safe.count - 2)
        guard let e = safe[(s + 1)...].prefix(random.int(in: 1...6)).last else { continue }
        let channel = UInt8(random.pick([0, 1, 9, 15]))
        let pitch = UInt8(random.int(in: 30...90))
        let start = lines[safe[s]]
        // Notes of one key and channel never overlap (they may touch).
        let overlaps = notes.contains {
          $0.channel == channel && $0.pitch == pitch && $0.tick < lines[e] && start < $0.endTick
        }
        if overlaps { continue }
        notes.append(
          Note(
            pitch: pitch, velocity: UInt8(random.int(in: 1...127)), channel: channel, track: trackIndex,
            tick: start, durationTicks: lines[e] - start))
      }
      notes.sort { ($0.tick, $0.pitch, $0.channel) < ($1.tick, $1.pitch, $1.channel) }
      let end = max(tick, notes.map(\.endTick).max() ?? 0) + tpq
      tracks.append(SongTrack(notes: notes, events: [TrackEvent(tick: end, .meta(.endOfTrack))]))
    }
    let conductorEnd = TrackEvent(tick: tick, .meta(.endOfTrack))
    tracks[0].events.append(conductorEnd)
    let song = Song(format: .multipleTracks, division: .ticksPerQuarter(tpq), tracks: tracks)
    return GridSong(tpq: tpq, grid: grid, bars: bars, lines: lines, song: song, cell: cell)
  }

  /// The largest whole number of ticks strictly below 40 % of a cell.
  var maximumJitter: Int { (2 * cell.numerator - 1) / (5 * cell.denominator) }

  /// The song with every note start and end moved by a random amount under 40 % of a cell
  /// (never before tick 0, never making a note shorter than a fifth of a cell).
  func jittered(seed: UInt64) -> Song {
    var random = SplitMix64(seed: seed)
    var song = self.song
    let jitter = maximumJitter
    for t in song.tracks.indices {
      for n in song.tracks[t].notes.indices {
        let note = song.tracks[t].notes[n]
        let start = max(0, note.tick + random.int(in: -jitter...jitter))
        let end = note.endTick + random.int(in: -jitter...jitter)
        song.tracks[t].notes[n].tick = start
        song.tracks[t].notes[n].durationTicks = end - start
      }
      song.tracks[t].notes.sort { $0.tick < $1.tick }
    }
    return song
  }
}

/// A note's key and timing, to compare notes whatever their order and end kind.
struct NoteTiming: Hashable, Comparable, CustomStringConvertible {
  var track: Int
  var channel: UInt8
  var pitch: UInt8
  var tick: Int
  var endTick: Int

  init(_ note: Note) {
    track = note.track
    channel = note.channel
    pitch = note.pitch
    tick = note.tick
    endTick = note.endTick
  }

  static func < (a: NoteTiming, b: NoteTiming) -> Bool {
    (a.track, a.tick, a.channel, a.pitch, a.endTick) < (b.track, b.tick, b.channel, b.pitch, b.endTick)
  }

  var description: String { "t\(track) ch\(channel) p\(pitch) \(tick)-\(endTick)" }

  /// The timings of every note of a song, sorted.
  static func of(_ song: Song) -> [NoteTiming] { song.allNotes.map(NoteTiming.init).sorted() }
}
