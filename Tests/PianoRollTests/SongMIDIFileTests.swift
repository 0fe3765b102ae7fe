import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("Song ⇄ MIDIFile")
struct SongMIDIFileTests {
  typealias F = Fixtures

  @Test("a file in the writing order comes back event for event")
  func eventForEvent() {
    let events: [TrackEvent] = [
      F.meta(0, .text(.trackName, "Piano")), F.meta(0, .tempo(microsecondsPerQuarter: 400_000)),
      TrackEvent(tick: 0, .sysEx(SysExEvent(.start, data: [0x7E, 0x7F, 0x09, 0x01, 0xF7]))),
      F.cc(0, 7, 100), F.on(0, 60), F.on(0, 64, 80),
      F.off(480, 60, 30), F.on(480, 64, 0), F.off(480, 70, 3), F.on(480, 67),
      F.on(500, 72), F.off(500, 72),
      F.on(960, 67, 0), F.on(960, 40), F.end(1200),
    ]
    let file = MIDIFile(
      format: .multipleTracks, division: .ticksPerQuarter(480), tracks: [Track(events: events)])
    let song = Song(file: file)
    #expect(song.midiFile() == file)
  }

  @Test(
    "without a recorded order, events within a tick are put in the writing order; the events per tick are the same"
  )
  func reordered() {
    let events: [TrackEvent] = [
      F.on(0, 60), F.cc(0, 7, 100), F.meta(0, .text(.marker, "A")),
      F.on(480, 62), F.off(480, 60), F.end(960),
    ]
    let file = MIDIFile(tracks: [Track(events: events)])
    var song = Song(file: file)
    // The file's order within ticks 0 and 480 is recorded, and kept while it is there.
    #expect(song.tracks[0].tickOrders.map(\.tick) == [0, 480])
    #expect(song.midiFile() == file)
    song.tracks[0].tickOrders = []
    let written = song.midiFile()
    #expect(
      written.tracks[0].events.map(\.event) == [
        F.meta(0, .text(.marker, "A")).event, F.cc(0, 7, 100).event, F.on(0, 60).event,
        F.off(480, 60).event, F.on(480, 62).event, F.end(960).event,
      ])
    #expect(Fixtures.eventsPerTick(written.tracks[0]) == Fixtures.eventsPerTick(file.tracks[0]))
  }

  @Test("stray note-offs and same-tick overlaps keep their pairing through a round trip")
  func tricky() {
    let events: [TrackEvent] = [
      F.on(0, 60, 10), F.on(0, 60, 20), F.off(100, 60, 1), F.off(100, 60, 2), F.off(100, 60, 3),
      F.on(100, 60, 30), F.off(100, 60, 4), F.on(200, 61), F.end(300),
    ]
    let file = MIDIFile(tracks: [Track(events: events)])
    let song = Song(file: file)
    let again = Song(file: song.midiFile())
    #expect(again == song)
    #expect(Fixtures.eventsPerTick(song.midiFile().tracks[0]) == Fixtures.eventsPerTick(file.tracks[0]))
  }

  @Test("a note that ended at End of Track writes no note-off unless it was moved")
  func endOfTrackNotes() {
    var song = Song(file: MIDIFile(tracks: [Track(events: [F.on(0, 60), F.end(480)])]))
    #expect(song.midiFile().tracks[0].events == [F.on(0, 60), F.end(480)])
    song.tracks[0].notes[0].durationTicks = 240
    #expect(song.midiFile().tracks[0].events == [F.on(0, 60), F.off(240, 60), F.end(480)])
  }

  @Test("notes added out of order are written in tick order")
  func addedNotes() {
    var song = Song(file: MIDIFile(tracks: [Track(events: [F.end(960)])]))
    song.tracks[0].notes.append(Note(pitch: 64, tick: 480, durationTicks: 240))
    song.tracks[0].notes.append(Note(pitch: 60, tick: 0, durationTicks: 480))
    #expect(
      song.midiFile().tracks[0].events == [
        F.on(0, 60), F.off(480, 60), F.on(480, 64), F.off(720, 64), F.end(960),
      ])
  }

  @Test("header, division and unknown chunks survive")
  func header() {
    let chunk = UnknownChunk(type: ChunkType("XFIH"), data: [1, 2, 3], tracksBefore: 1)
    let file = MIDIFile(
      format: .independentTracks, division: .smpte(framesPerSecond: 25, ticksPerFrame: 40),
      tracks: [Track(events: [F.end(0)]), Track(events: [F.end(0)])], unknownChunks: [chunk])
    #expect(Song(file: file).midiFile() == file)
  }

  @Test("summary: bars, meters, tempos, keys, notes per track, pitch range")
  func summary() {
    let events: [TrackEvent] = [
      F.meta(0, .timeSignature(numerator: 3, denominator: 4)),
      F.meta(0, .keySignature(sharps: 1, isMinor: false)),
      F.meta(1440, .tempo(microsecondsPerQuarter: 1_000_000)),
      F.meta(2880, .timeSignature(numerator: 6, denominator: 8)),
      F.on(0, 48), F.off(480, 48), F.on(2880, 72), F.off(4320, 72), F.end(4320),
    ]
    let summary = Song(file: MIDIFile(tracks: [Track(events: events), Track(events: [F.end(0)])])).summary
    #expect(summary.barCount == 3)
    #expect(summary.timeSignatures.map(\.bar) == [0, 2])
    #expect(summary.tempos.map(\.position) == [Position(), Position(bar: 1)])
    #expect(summary.tempos.map(\.seconds) == [0, 1.5])
    #expect(summary.keySignatures.map(\.key.name) == ["G major"])
    #expect(summary.notesPerTrack == [2, 0])
    #expect(summary.pitchRange == 48...72)
    #expect(summary.durationSeconds == 1.5 + 6)
  }
}
