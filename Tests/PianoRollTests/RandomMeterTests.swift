import PianoRoll
import SMF
import TestSupport
import Testing

/// Files with random meter changes (some inside a bar), random ticks per quarter and random
/// tempo changes; notes placed at known bars and offsets. Every note's position and time is
/// checked against values the generator computes on its own, from its list of bars.
@Suite("Random meters, tempos and resolutions")
struct RandomMeterTests {
  static let meters: [(Int, Int)] = [
    (4, 4), (3, 8), (5, 4), (6, 8), (7, 8), (12, 8), (3, 2), (2, 4), (3, 4), (2, 2), (9, 16), (1, 4),
  ]
  static let resolutions = [96, 1000, 10080, 480, 384, 120, 960, 25, 1920]

  /// A bar the generator laid out: where it starts, how long it is, and its meter.
  struct Bar {
    var startTick: Int
    var lengthTicks: Int
    var numerator: Int
    var denominator: Int
  }

  /// A generated song and what its notes must be.
  struct Case {
    var tpq: Int
    var bars: [Bar]
    var tempos: [(tick: Int, microseconds: Int)]
    var file: MIDIFile
    /// Per note (in tick order): the bar index, and the ticks into the bar.
    var placements: [(bar: Int, offset: Int)]
  }

  static func generate(seed: UInt64) -> Case {
    var random = SplitMix64(seed: seed)
    let tpq = resolutions[Int(seed) % resolutions.count]
    var bars: [Bar] = []
    var conductor: [TrackEvent] = []
    var tick = 0
    // Meter segments: whole bars, the last one sometimes cut by the next change.
    for segment in 0..<random.int(in: 1...8) {
      var meter = random.pick(meters)
      if tpq * 4 % meter.1 != 0 { meter = (4, 4) }  // beats must be whole ticks here
      if segment > 0 || random.chance(0.8) {
        conductor.append(
          TrackEvent(tick: tick, .meta(.timeSignature(numerator: meter.0, denominator: meter.1))))
      } else {
        meter = (4, 4)  // no time signature: the default
      }
      let barTicks = tpq * 4 / meter.1 * meter.0
      for _ in 0..<random.int(in: 1...5) {
        bars.append(Bar(startTick: tick, lengthTicks: barTicks, numerator: meter.0, denominator: meter.1))
        tick += barTicks
      }
      if random.chance(0.4) {  // the next change comes inside this bar
        let cut = random.int(in: 1...barTicks - 1)
        bars.append(Bar(startTick: tick, lengthTicks: cut, numerator: meter.0, denominator: meter.1))
        tick += cut
      }
    }
    let endTick = tick
    // Tempo changes anywhere, with awkward values.
    var tempos: [(tick: Int, microseconds: Int)] = [(0, 500_000)]
    if random.chance(0.7) { tempos[0].microseconds = random.int(in: 250_000...1_200_000) }
    for _ in 0..<random.int(in: 0...6) {
      tempos.append(
        (random.int(in: 1...endTick), random.pick([428_571, 333_333, 600_001, 1_000_000, 377_777])))
    }
    tempos.sort { $0.tick < $1.tick }
    for tempo in tempos where tempo.tick > 0 || tempos[0].microseconds != 500_000 {
      conductor.append(
        TrackEvent(tick: tempo.tick, .meta(.tempo(microsecondsPerQuarter: tempo.microseconds))))
    }
    conductor.sort { $0.tick < $1.tick }
    conductor.append(TrackEvent(tick: endTick, .meta(.endOfTrack)))

    // Notes at known bars and offsets: on beats, subbeats, or any tick.
    var placements: [(bar: Int, offset: Int, duration: Int)] = []
    for (index, bar) in bars.enumerated() {
      for _ in 0..<random.int(in: 0...4) {
        let beatTicks = tpq * 4 / bar.denominator
        var offset: Int
        switch random.int(in: 0...2) {
        case 0: offset = random.int(in: 0...bar.numerator - 1) * beatTicks
        case 1: offset = random.int(in: 0...bar.numerator * 4 - 1) * beatTicks / 4
        default: offset = random.int(in: 0...bar.lengthTicks - 1)
        }
        offset = min(offset, bar.lengthTicks - 1)
        placements.append((index, offset, random.int(in: 0...tpq * 6)))
      }
    }
    placements.sort { ($0.bar, $0.offset) < ($1.bar, $1.offset) }
    var notes: [TrackEvent] = []
    for (index, placement) in placements.enumerated() {
      let start = bars[placement.bar].startTick + placement.offset
      let key = UInt8(index % 128)
      notes.append(TrackEvent(tick: start, .channel(.noteOn(channel: 0, key: key, velocity: 100))))
      notes.append(TrackEvent(tick: start + placement.duration, .channel(.noteOff(channel: 0, key: key))))
    }
    let noteEnd = notes.map(\.tick).max() ?? 0
    notes = notes.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(
      \.element)
    notes.append(TrackEvent(tick: noteEnd, .meta(.endOfTrack)))
    let file = MIDIFile(
      format: .multipleTracks, division: .ticksPerQuarter(tpq),
      tracks: [Track(events: conductor), Track(events: notes)])
    return Case(
      tpq: tpq, bars: bars, tempos: tempos, file: file,
      placements: placements.map { ($0.bar, $0.offset) })
  }

  /// The expected time of a tick: exact microseconds × ticks-per-quarter, divided once.
  static func expectedSeconds(_ tick: Int, _ c: Case) -> Double {
    var units = 0
    for (index, tempo) in c.tempos.enumerated() where tempo.tick < tick {
      let next = index + 1 < c.tempos.count ? min(c.tempos[index + 1].tick, tick) : tick
      units += (next - tempo.tick) * tempo.microseconds
    }
    return Double(units) / (Double(c.tpq) * 1_000_000)
  }

  @Test("every note's position and seconds are exact", arguments: 0..<60)
  func positionsAndSeconds(seed: Int) throws {
    let c = Self.generate(seed: UInt64(seed))
    let song = Song(file: try MIDIFile(bytes: c.file.serialized()))
    let timeline = song.makeTimeline()
    let map = timeline.timeSignatures
    // Every bar starts where the generator put it, cut bars included.
    for (index, bar) in c.bars.enumerated() {
      #expect(map.position(atTick: bar.startTick) == Position(bar: index), "bar \(index), tpq \(c.tpq)")
      #expect(map.startTick(ofBar: index) == bar.startTick, "bar \(index), tpq \(c.tpq)")
      #expect(
        map.timeSignature(ofBar: index)
          == TimeSignature(numerator: bar.numerator, denominator: bar.denominator))
    }
    let notes = song.tracks[1].notes
    try #require(notes.count == c.placements.count)
    for (note, placement) in zip(notes, c.placements) {
      let bar = c.bars[placement.bar]
      // Cents into the bar: 960 a beat of `tpq × 4 / denominator` ticks, rounded down.
      let numerator = placement.offset * 960 * bar.denominator
      let cents = numerator / (4 * c.tpq)
      let expected = Position(bar: placement.bar, centsIntoBar: cents)
      let position = note.position(in: timeline)
      #expect(
        position == expected, "tpq \(c.tpq), \(bar.numerator)/\(bar.denominator), offset \(placement.offset)")
      if numerator % (4 * c.tpq) == 0 {
        #expect(timeline.tick(at: expected) == note.tick, "an exact position gives its tick back")
      } else {
        // Ticks finer than cents: the position is within one cent of the tick.
        let back = map.tick(at: position)
        #expect(back <= note.tick && note.tick - back < c.tpq * 4 / bar.denominator / 960 + 2)
      }
      #expect(
        note.seconds(in: timeline) == Self.expectedSeconds(note.tick, c), "tpq \(c.tpq), tick \(note.tick)")
      #expect(
        note.durationSeconds(in: timeline)
          == (Double(Self.expectedUnits(note.endTick, c) - Self.expectedUnits(note.tick, c))
            / (Double(c.tpq) * 1_000_000)))
      #expect(timeline.tick(atSeconds: note.seconds(in: timeline)) == note.tick)
      #expect(map.add(position, note.duration(in: timeline)) == map.position(atTick: note.endTick))
    }
    // The song writes back the same events per track and tick.
    let written = song.midiFile()
    for (original, again) in zip(c.file.tracks, written.tracks) {
      #expect(Fixtures.eventsPerTick(original) == Fixtures.eventsPerTick(again))
    }
  }

  static func expectedUnits(_ tick: Int, _ c: Case) -> Int {
    var units = 0
    for (index, tempo) in c.tempos.enumerated() where tempo.tick < tick {
      let next = index + 1 < c.tempos.count ? min(c.tempos[index + 1].tick, tick) : tick
      units += (next - tempo.tick) * tempo.microseconds
    }
    return units
  }
}
