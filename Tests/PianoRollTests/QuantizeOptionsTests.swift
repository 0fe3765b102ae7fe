import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("Quantize options")
struct QuantizeOptionsTests {
  /// A one-track song at 480 ticks per quarter (4/4 unless meters are given).
  func song(_ notes: [Note], meters: [(Int, Int, Int)] = [], events: [TrackEvent] = [], tpq: Int = 480)
    -> Song
  {
    var all = meters.map { TrackEvent(tick: $0.0, .meta(.timeSignature(numerator: $0.1, denominator: $0.2))) }
    all += events
    all.sort { $0.tick < $1.tick }
    let end = max(notes.map(\.endTick).max() ?? 0, all.last?.tick ?? 0)
    all.append(TrackEvent(tick: end, .meta(.endOfTrack)))
    let sorted = notes.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
    return Song(
      division: .ticksPerQuarter(tpq), tracks: [SongTrack(notes: sorted.map(\.element), events: all)])
  }

  func note(_ tick: Int, _ duration: Int, pitch: UInt8 = 60, channel: UInt8 = 0) -> Note {
    Note(pitch: pitch, channel: channel, tick: tick, durationTicks: duration)
  }

  @Test("strength 50 % moves each note exactly half way (±1 tick)", arguments: [1, 2, 3, 4, 5])
  func halfStrength(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let tpq = random.pick([480, 96, 100, 384])
    let grid = random.pick([Grid.sixteenth, .eighth, .eighth.triplet, .quarter])
    var notes: [Note] = []
    for pitch in 0..<100 {
      notes.append(note(random.int(in: 0...tpq * 16), random.int(in: 1...tpq), pitch: UInt8(pitch)))
    }
    let original = song(notes, tpq: tpq)
    let lines = GridLines(grid: grid, timeSignatures: original.makeTimeline().timeSignatures)
    var half = original
    let report = half.quantize(with: Quantizer(grid: grid, strength: 50))
    for (before, after) in zip(
      original.tracks[0].notes.sorted { $0.pitch < $1.pitch },
      half.tracks[0].notes.sorted { $0.pitch < $1.pitch })
    {
      let target = lines.nearestLine(toTick: before.tick)
      let exactDoubled = before.tick + target  // 2 × (half way)
      #expect(
        abs(2 * after.tick - exactDoubled) <= 2,
        "\(grid) at \(tpq): \(before.tick) → \(after.tick), line \(target)")
      #expect(after.durationTicks == before.durationTicks)
    }
    #expect(report.notes == 100)
  }

  @Test("strength 0 % moves nothing; 100 % puts every start on a line")
  func strengthExtremes() {
    let original = song([note(10, 100), note(250, 100, pitch: 61), note(1000, 30, pitch: 62)])
    var none = original
    #expect(none.quantize(with: Quantizer(grid: .eighth, strength: 0)).moved == 0)
    #expect(none == original)
    var full = original
    let report = full.quantize(with: Quantizer(grid: .eighth))
    #expect(full.tracks[0].notes.map(\.tick) == [0, 240, 960])
    #expect(report.moved == 3)
  }

  @Test("swing 100 % at 1/8 puts every off-beat eighth at the triplet position")
  func fullSwing() {
    // Straight eighths in 4/4, 3/4 and 2/4 bars, slightly off the grid.
    var notes: [Note] = []
    var expected: [Int] = []
    let meters = [(0, 4, 4), (1920, 3, 4), (1920 + 1440, 2, 4)]
    var barStart = 0
    for beats in [4, 3, 2] {
      for eighth in 0..<beats * 2 {
        let tick = barStart + eighth * 240
        notes.append(note(tick + (eighth % 3) - 1 + (tick == 0 ? 1 : 0), 100, pitch: UInt8(40 + notes.count)))
        // On-beat eighths stay; off-beat ones go to two thirds of the beat.
        expected.append(eighth % 2 == 0 ? tick : barStart + eighth / 2 * 480 + 320)
      }
      barStart += beats * 480
    }
    var swung = song(notes, meters: meters)
    swung.quantize(with: Quantizer(grid: .eighth, swing: 100))
    #expect(swung.tracks[0].notes.map(\.tick) == expected)
    // The eighth-note triplet grid agrees on every swung line.
    let triplets = GridLines(grid: .eighth.triplet, timeSignatures: swung.makeTimeline().timeSignatures)
    for (index, tick) in expected.enumerated() where index % 2 == 1 {
      #expect(triplets.nearestLine(toTick: tick) == tick)
    }
  }

  @Test("--window: only notes within that share of half a cell move")
  func window() {
    // 1/16 = 120 ticks; half a cell is 60. Window 50 % moves notes within 30 ticks.
    let original = song([note(1000 - 30, 50), note(1200 - 31, 50, pitch: 61), note(1440 + 12, 50, pitch: 62)])
    var windowed = original
    let report = windowed.quantize(with: Quantizer(grid: .sixteenth, window: 50))
    #expect(windowed.tracks[0].notes.map(\.tick) == [960, 1169, 1440])
    #expect(report.moved == 2)
  }

  @Test("--ends moves each end to its own line; a note keeps at least a cell; 0-tick notes stay 0")
  func ends() {
    let original = song([
      note(5, 470), note(950, 20, pitch: 61), note(1925, 1, pitch: 62), note(2890, 0, pitch: 63),
    ])
    var quantized = original
    quantized.quantize(with: Quantizer(grid: .quarter, quantizesEnds: true))
    let notes = quantized.tracks[0].notes
    #expect(notes.map(\.tick) == [0, 960, 1920, 2880])
    #expect(notes.map(\.durationTicks) == [480, 480, 480, 0])
    // Without --ends every note keeps its length.
    var starts = original
    starts.quantize(with: Quantizer(grid: .quarter))
    #expect(starts.tracks[0].notes.map(\.durationTicks) == [470, 20, 1, 0])
  }

  @Test("--min-duration: no note shorter than a cell, never 0 ticks")
  func minimumDuration() {
    let original = song([note(0, 0), note(480, 10, pitch: 61), note(960, 400, pitch: 62)])
    var longer = original
    let report = longer.quantize(with: Quantizer(grid: .eighth, minimumDuration: true))
    #expect(longer.tracks[0].notes.map(\.durationTicks) == [240, 240, 400])
    #expect(report.lengthened == 2)
    var withEnds = original
    withEnds.quantize(with: Quantizer(grid: .eighth, quantizesEnds: true, minimumDuration: true))
    #expect(withEnds.tracks[0].notes.map(\.durationTicks) == [240, 240, 480])
  }

  @Test("notes of one pitch and channel that would overlap: the earlier is shortened, none merged")
  func collisions() {
    // Two C4s that land on 0 and 240 with the first lasting 400 ticks: cut to 240.
    // Two D4s that both land on 960: both kept, the first 0 ticks long.
    // An E4 on channel 2 overlapping an E4 on channel 3 is no collision.
    let original = song([
      note(10, 400), note(230, 100), note(950, 200, pitch: 62), note(970, 300, pitch: 62),
      note(1900, 500, pitch: 64, channel: 2), note(1930, 500, pitch: 64, channel: 3),
    ])
    var quantized = original
    let report = quantized.quantize(with: Quantizer(grid: .eighth))
    let notes = quantized.tracks[0].notes
    #expect(notes.count == 6)
    #expect(report.collisions == 2)
    #expect(notes.filter { $0.pitch == 60 }.map { [$0.tick, $0.durationTicks] } == [[0, 240], [240, 100]])
    #expect(notes.filter { $0.pitch == 62 }.map { [$0.tick, $0.durationTicks] } == [[960, 0], [960, 300]])
    #expect(notes.filter { $0.pitch == 64 }.map(\.durationTicks) == [500, 500])
    #expect(report.description == "quantized 6 notes: 6 moved, 2 collisions")
    // Written and read back, the stacked D4s are still two notes.
    let back = Song(file: quantized.midiFile())
    #expect(back.tracks[0].notes.filter { $0.pitch == 62 }.map(\.durationTicks).sorted() == [0, 300])
    // And quantizing again changes nothing.
    var again = quantized
    let second = again.quantize(with: Quantizer(grid: .eighth))
    #expect(again == quantized)
    #expect(second.moved == 0 && second.collisions == 0)
  }

  @Test("non-note events stay unless --all-events; timeline events and End of Track always stay")
  func events() {
    let events = [
      TrackEvent(tick: 10, .channel(.controlChange(channel: 0, controller: 64, value: 127))),
      TrackEvent(tick: 475, .channel(.programChange(channel: 0, program: 5))),
      TrackEvent(tick: 250, .meta(.tempo(microsecondsPerQuarter: 400_000))),
      TrackEvent(tick: 235, .meta(.text(.marker, "verse"))),
    ]
    let original = song([note(5, 100)], meters: [(0, 4, 4)], events: events)
    var notesOnly = original
    notesOnly.quantize(with: Quantizer(grid: .eighth))
    #expect(notesOnly.tracks[0].events == original.tracks[0].events)
    var all = original
    let report = all.quantize(with: Quantizer(grid: .eighth, movesAllEvents: true))
    let ticks = all.tracks[0].events.map { ($0.tick, $0.event.bytes) }
    #expect(ticks.contains { $0 == (0, [0xB0, 64, 127]) })
    #expect(ticks.contains { $0 == (480, [0xC0, 5]) })
    #expect(ticks.contains { $0.0 == 240 && $0.1.starts(with: [0xFF, 0x06]) })
    #expect(ticks.contains { $0.0 == 250 && $0.1.starts(with: [0xFF, 0x51]) })
    #expect(report.eventsMoved == 3)
    #expect(zip(all.tracks[0].events, all.tracks[0].events.dropFirst()).allSatisfy { $0.tick <= $1.tick })
  }

  @Test("an End of Track earlier than a quantized note end moves to it")
  func endOfTrack() throws {
    var quantized = song([note(900, 100)])  // ends at 1000, End of Track at 1000
    quantized.quantize(with: Quantizer(grid: .half))
    #expect(quantized.tracks[0].notes[0].endTick == 1060)
    #expect(quantized.tracks[0].endOfTrackTick == 1060)
    let back = Song(file: try MIDIFile(bytes: quantized.serialized()))
    #expect(back.tracks[0].notes.map(\.endTick) == [1060])
  }

  @Test("drums are quantized like everything else")
  func drums() {
    var quantized = song([note(100, 10, pitch: 36, channel: 9), note(350, 10, pitch: 38, channel: 9)])
    quantized.quantize(with: Quantizer(grid: .quarter))
    #expect(quantized.tracks[0].notes.map(\.tick) == [0, 480])
  }
}
