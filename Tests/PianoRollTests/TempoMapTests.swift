import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("Tempo map")
struct TempoMapTests {
  @Test("without tempo events the song runs at 120 BPM")
  func defaultTempo() {
    let map = TempoMap(division: .ticksPerQuarter(480))
    #expect(map.changes == [TempoChange(tick: 0, microsecondsPerQuarter: 500_000)])
    #expect(map.seconds(atTick: 480) == 0.5)
    #expect(map.changes[0].beatsPerMinute == 120)
  }

  @Test("seconds follow every tempo change")
  func changes() {
    let map = TempoMap(
      division: .ticksPerQuarter(480),
      tempos: [
        TempoChange(tick: 960, microsecondsPerQuarter: 1_000_000),
        TempoChange(tick: 1440, microsecondsPerQuarter: 250_000),
      ])
    #expect(map.seconds(atTick: 960) == 1.0)
    #expect(map.seconds(atTick: 1440) == 2.0)
    #expect(map.seconds(atTick: 1440 + 480 * 4) == 3.0)
    #expect(map.tick(atSeconds: 2.0) == 1440)
    #expect(map.tick(atSeconds: 1.5) == 1200)
    #expect(map.seconds(fromTick: 960, toTick: 1920) == 1.25)
    #expect(map.tempo(atTick: 1000).microsecondsPerQuarter == 1_000_000)
  }

  @Test("tick → seconds → tick is exact")
  func inverse() {
    var random = SplitMix64(seed: 11)
    for tpq in [96, 480, 1000, 10080] {
      var tempos: [TempoChange] = []
      var tick = 0
      for _ in 0..<20 {
        tick += random.int(in: 1...tpq * 8)
        tempos.append(TempoChange(tick: tick, microsecondsPerQuarter: random.int(in: 200_000...1_500_000)))
      }
      let map = TempoMap(division: .ticksPerQuarter(tpq), tempos: tempos)
      for _ in 0..<500 {
        let t = random.int(in: 0...tick + tpq * 8)
        #expect(map.tick(atSeconds: map.seconds(atTick: t)) == t)
      }
    }
  }

  @Test("SMPTE: ticks are fixed fractions of a second; tempo events do not change them")
  func smpte() {
    let map = TempoMap(
      division: .smpte(framesPerSecond: 25, ticksPerFrame: 40),
      tempos: [TempoChange(tick: 100, microsecondsPerQuarter: 1_000_000)])
    #expect(map.seconds(atTick: 1000) == 1.0)
    #expect(map.seconds(atTick: 2500) == 2.5)
    #expect(map.tick(atSeconds: 2.5) == 2500)
    #expect(map.changes.count == 2)
  }
}
