import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("Resampling ticks per beat")
struct ResampleTests {
  @Test("a ticks per beat that divides scales every tick exactly", arguments: [1, 2])
  func exact(seed: UInt64) throws {
    let generated = EditSong.generate(seed: seed, ticksPerQuarter: 480)
    for target in [960, 96, 480 * 3] {
      var song = try generated.song()
      let report = try song.resample(with: Resampling(ticksPerBeat: target))
      let expected = generated.notes.map { note in
        var scaled = note
        scaled.tick = note.tick * target / 480
        scaled.end = note.end * target / 480
        return scaled
      }
      // 480 → 96 divides only ticks that are multiples of 5; the generator's are not all.
      let roundedTicks =
        generated.notes.flatMap { [$0.tick, $0.end] }.filter { $0 * target % 480 != 0 }.count
        + generated.events.joined().filter { $0.tick * target % 480 != 0 }.count
      if roundedTicks == 0 {
        #expect(WrittenNote.of(song) == expected.sorted())
      }
      #expect(report.rounded == roundedTicks)
      #expect(song.division == .ticksPerQuarter(target))
    }
  }

  @Test("a ticks per beat that does not divide rounds to the nearest tick and never shortens a note to 0")
  func rounded() throws {
    let generated = EditSong.generate(seed: 7, ticksPerQuarter: 480)
    let target = 100
    var song = try generated.song()
    let report = try song.resample(with: Resampling(ticksPerBeat: target))
    func nearest(_ tick: Int) -> Int { Int((Double(tick) * Double(target) / 480).rounded()) }
    var lengthened = 0
    let expected = generated.notes.map { note in
      var scaled = note
      scaled.tick = nearest(note.tick)
      scaled.end = nearest(note.end)
      if scaled.end == scaled.tick && note.end > note.tick {
        scaled.end += 1
        lengthened += 1
      }
      return scaled
    }.sorted()
    #expect(WrittenNote.of(song) == expected)
    #expect(report.lengthened == lengthened)
    let roundedTicks =
      generated.notes.flatMap { [$0.tick, $0.end] }.filter { $0 * target % 480 != 0 }.count
      + generated.events.joined().filter { $0.tick * target % 480 != 0 }.count
    // The End of Track of each track (at the song's end, a whole bar) is exact.
    #expect(report.rounded == roundedTicks)
    #expect(report.description.hasPrefix("resampled 480 to 100 ticks per beat: \(roundedTicks) of "))
    for (index, events) in generated.events.enumerated() {
      let resampled = song.tracks[index].events.filter { !$0.event.isEndOfTrack }
      #expect(resampled.map(\.tick) == events.map { nearest($0.tick) })
      #expect(resampled.map(\.event) == events.map(\.event))
    }
    // Seconds stay where they were, within half a new tick.
    let before = try generated.song().makeTimeline()
    let after = song.makeTimeline()
    for note in generated.notes.prefix(50) {
      let tolerance = after.tempos.tempo(atTick: nearest(note.tick)).microsecondsPerQuarter
      #expect(
        abs(before.seconds(atTick: note.tick) - after.seconds(atTick: nearest(note.tick))) <= Double(
          tolerance) / 1e6 / 200 + 1e-9)
    }
    // A note one tick long at 480 stays one tick long at 100.
    var short = Song(tracks: [
      SongTrack(
        notes: [Note(pitch: 60, tick: 10, durationTicks: 1), Note(pitch: 61, tick: 10, durationTicks: 0)],
        events: [TrackEvent(tick: 11, .meta(.endOfTrack))])
    ])
    try short.resample(with: Resampling(ticksPerBeat: 100))
    #expect(short.allNotes.map(\.durationTicks) == [1, 0])
    #expect(short.tracks[0].endOfTrackTick == 3)
  }

  @Test("SMPTE songs and values outside 1...32767 are refused")
  func refusals() throws {
    var smpte = Song(division: .smpte(framesPerSecond: 25, ticksPerFrame: 40))
    #expect(throws: EditError.smpteDivision(framesPerSecond: 25, ticksPerFrame: 40)) {
      try smpte.resample(with: Resampling(ticksPerBeat: 480))
    }
    var song = Song()
    #expect(throws: EditError.badTicksPerBeat(0)) { try song.resample(with: Resampling(ticksPerBeat: 0)) }
    #expect(throws: EditError.badTicksPerBeat(40000)) {
      try song.resample(with: Resampling(ticksPerBeat: 40000))
    }
  }
}
