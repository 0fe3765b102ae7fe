import PianoRoll
import TestSupport
import Testing

@Suite("Time-signature map")
struct TimeSignatureMapTests {
  func map(_ tpq: Int, _ meters: [(Int, Int, Int)]) -> TimeSignatureMap {
    TimeSignatureMap(
      ticksPerQuarter: tpq,
      timeSignatures: meters.map {
        (tick: $0.0, timeSignature: TimeSignature(numerator: $0.1, denominator: $0.2))
      })
  }

  @Test("without time signatures the song is 4/4")
  func defaultMeter() {
    let map = TimeSignatureMap(ticksPerQuarter: 480)
    #expect(map.changes == [TimeSignatureChange(tick: 0, bar: 0, timeSignature: .common)])
    #expect(map.position(atTick: 1920) == Position(bar: 1))
    #expect(map.position(atTick: 480 + 120 + 1) == Position(beat: 1, subbeat: 1, cent: 2))
    #expect(map.tick(at: Position(bar: 3, beat: 2, subbeat: 3, cent: 2)) == 3 * 1920 + 960 + 360 + 1)
  }

  @Test("a beat is the denominator's note: 6/8, 3/2, 12/8")
  func denominators() {
    let sixEight = map(480, [(0, 6, 8)])
    #expect(sixEight.position(atTick: 1440) == Position(bar: 1))
    #expect(sixEight.position(atTick: 240 + 60) == Position(beat: 1, subbeat: 1))
    let threeTwo = map(480, [(0, 3, 2)])
    #expect(threeTwo.position(atTick: 960) == Position(beat: 1))
    #expect(threeTwo.position(atTick: 2880) == Position(bar: 1))
    let twelveEight = map(96, [(0, 12, 8)])
    #expect(twelveEight.position(atTick: 12 * 48 + 47) == Position(bar: 1, beat: 0, subbeat: 3, cent: 220))
  }

  @Test("a change inside a bar starts a new bar there; the cut bar keeps its length")
  func changeInsideBar() {
    // 4/4; 3/4 from tick 2400 (bar 1, beat 1): bar 1 is cut to one beat.
    let map = map(480, [(0, 4, 4), (2400, 3, 4)])
    #expect(map.changes.map(\.bar) == [0, 2])
    #expect(map.position(atTick: 2399) == Position(bar: 1, beat: 0, subbeat: 3, cent: 238))
    #expect(map.position(atTick: 2400) == Position(bar: 2))
    #expect(map.position(atTick: 2400 + 1440) == Position(bar: 3))
    #expect(map.startTick(ofBar: 2) == 2400)
    #expect(map.tick(at: Position(bar: 1)) == 1920)
    // A cut between beats: 7/8 from tick 2000, 80 ticks into bar 1.
    let odd = self.map(480, [(0, 4, 4), (2000, 7, 8)])
    #expect(odd.position(atTick: 1999) == Position(bar: 1, beat: 0, subbeat: 0, cent: 158))
    #expect(odd.position(atTick: 2000) == Position(bar: 2))
    #expect(odd.position(atTick: 2000 + 7 * 240) == Position(bar: 3))
    #expect(odd.timeSignature(ofBar: 1) == .common)
    #expect(odd.timeSignature(ofBar: 2) == TimeSignature(numerator: 7, denominator: 8))
  }

  @Test("changes at one tick merge, the last wins; invalid meters are ignored")
  func merging() {
    let map = map(480, [(0, 3, 4), (0, 5, 4), (960, 0, 4), (960, 4, 3)])
    #expect(map.changes.count == 1)
    #expect(map.changes[0].timeSignature == TimeSignature(numerator: 5, denominator: 4))
  }

  @Test("ticks → position → ticks is exact when a beat has at most 960 ticks")
  func inverses() {
    for tpq in [1, 3, 96, 120, 240, 480, 960] {
      let map = map(tpq, [(0, 3, 4), (tpq * 3 + tpq / 2, 7, 8), (tpq * 20 + 1, 5, 16)])
      for tick in 0..<(tpq * 40) {
        #expect(map.tick(at: map.position(atTick: tick)) == tick)
      }
    }
  }

  @Test("position → ticks → position is exact when ticks are finer than cents")
  func positionsExact() {
    for tpq in [1000, 10080, 1920] {
      // 3/4 in bar 0, 5/4 from bar 1: a beat has at least 960 ticks.
      let map = map(tpq, [(0, 3, 4), (tpq * 3, 5, 4)])
      var positions = stride(from: 0, to: 2880, by: 7).map { Position(bar: 0, centsIntoBar: $0) }
      positions += stride(from: 0, to: 3 * 4800, by: 11).map {
        Position(bar: 1 + $0 / 4800, centsIntoBar: $0 % 4800)
      }
      for position in positions {
        #expect(map.position(atTick: map.tick(at: position)) == position)
      }
      // The nearest cent at or before a tick.
      #expect(map.position(atTick: 1) == Position(cent: (960 / tpq)))
    }
  }

  @Test("arithmetic carries with each bar's own beat count")
  func arithmetic() {
    // 3/4 in bar 0, 2/4 from bar 1 (tick 1440).
    let map = map(480, [(0, 3, 4), (1440, 2, 4)])
    #expect(map.add(Position(beat: 2), Position(beat: 2)) == Position(bar: 1, beat: 1))
    #expect(map.subtract(Position(bar: 2), Position(beat: 1)) == Position(bar: 1, beat: 1))
    #expect(
      map.subtract(Position(bar: 1), Position(cent: 300)) == Position(bar: 0, beat: 2, subbeat: 2, cent: 180))
    #expect(map.add(Position(bar: 0, beat: 2), Position(bar: 1)) == Position(bar: 2, beat: 0))
    #expect(map.normalized(Position(beat: 5)) == Position(bar: 2))
    #expect(
      map.subtract(Position.zero, Position(cent: 1)) == Position(bar: -1, beat: 2, subbeat: 3, cent: 239))
    let start = Position(beat: 2)
    let end = Position(bar: 2, beat: 1)
    let duration = map.duration(from: start, to: end)
    #expect(duration == Position(bar: 1, beat: 1))
    #expect(map.add(start, duration) == end)
    #expect(map.duration(from: end, to: start) == Position(bar: -1, beat: -1))
  }

  @Test("in 4/4 the map agrees with the operators")
  func agreesWithOperators() {
    let map = TimeSignatureMap(ticksPerQuarter: 480)
    #expect(
      map.subtract(Position(bar: 5), Position(cent: 300)) == Position(bar: 4, beat: 3, subbeat: 2, cent: 180))
    var random = SplitMix64(seed: 3)
    for _ in 0..<500 {
      let a = Position(totalCents: random.int(in: 0...400_000), beatsPerBar: 4)
      let b = Position(totalCents: random.int(in: 0...400_000), beatsPerBar: 4)
      #expect(map.add(a, b) == a + b)
      #expect(map.subtract(a, b) == a - b)
      if a <= b { #expect(map.add(a, map.duration(from: a, to: b)) == b) }
    }
  }

  @Test("bar count holds everything up to the end tick")
  func barCount() {
    let map = map(480, [(0, 4, 4), (2400, 3, 4)])
    #expect(map.barCount(endTick: 0) == 0)
    #expect(map.barCount(endTick: 1) == 1)
    #expect(map.barCount(endTick: 1920) == 1)
    #expect(map.barCount(endTick: 2400) == 2)
    #expect(map.barCount(endTick: 2401) == 3)
  }

  @Test("ticks far beyond any song saturate instead of trapping")
  func extremes() {
    let huge = 1 << 58
    let map = map(1, [(0, 255, 32768), (huge, 1, 32768), (huge + 1, 255, 1), (huge + 2, 1, 32768)])
    for tick in [0, 1, huge - 1, huge, huge + 1, huge + 3, Int.max / 4] {
      let position = map.position(atTick: tick)
      _ = map.tick(at: position)
      _ = map.duration(ofTicks: 5, from: tick)
      _ = map.add(position, Position(bar: 1_000_000_000, beat: 1_000_000_000))
    }
    let tempos = TempoMap(
      division: .ticksPerQuarter(1),
      tempos: [
        TempoChange(tick: huge, microsecondsPerQuarter: 0xFF_FFFF),
        TempoChange(tick: huge * 2, microsecondsPerQuarter: 1),
      ])
    #expect(tempos.seconds(atTick: Int.max / 4).isFinite)
    #expect(tempos.exactSeconds(atTick: Int.max / 4) == nil)
  }
}
