import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("Note pairing")
struct NotePairingTests {
  typealias F = Fixtures

  func song(_ events: [TrackEvent]) -> Song {
    Song(file: MIDIFile(tracks: [Track(events: events)]))
  }

  @Test("note-off and note-on with velocity 0 both end a note, and say which they were")
  func endings() {
    let song = song([F.on(0, 60), F.off(480, 60, 64), F.on(480, 62, 90), F.on(960, 62, 0), F.end(960)])
    let notes = song.tracks[0].notes
    #expect(notes.count == 2)
    #expect(
      notes[0] == Note(pitch: 60, velocity: 100, offVelocity: 64, tick: 0, durationTicks: 480, end: .noteOff))
    #expect(
      notes[1] == Note(pitch: 62, velocity: 90, tick: 480, durationTicks: 480, end: .noteOnWithVelocityZero))
    #expect(song.tracks[0].events == [F.end(960)])
  }

  @Test("overlapping notes of one pitch and channel pair first-in-first-out")
  func fifo() {
    let song = song([F.on(0, 60, 10), F.on(100, 60, 20), F.off(200, 60, 1), F.off(300, 60, 2), F.end(300)])
    let notes = song.tracks[0].notes
    #expect(notes.map(\.velocity) == [10, 20])
    #expect(notes.map(\.durationTicks) == [200, 200])
    #expect(notes.map(\.offVelocity) == [1, 2])
  }

  @Test("channels keep their own notes")
  func channels() {
    let song = song([
      F.on(0, 60, channel: 1), F.on(10, 60, channel: 2), F.off(20, 60, channel: 2), F.off(30, 60, channel: 1),
      F.end(30),
    ])
    let notes = song.tracks[0].notes
    #expect(notes.map(\.channel) == [1, 2])
    #expect(notes.map(\.durationTicks) == [30, 10])
  }

  @Test("a note still sounding ends at the end of its track")
  func endOfTrack() {
    let song = song([F.on(100, 60), F.cc(500, 7, 100), F.end(1000)])
    #expect(song.tracks[0].notes == [Note(pitch: 60, tick: 100, durationTicks: 900, end: .endOfTrack)])
  }

  @Test("a note-off with no note sounding stays a plain event")
  func strayNoteOff() {
    let song = song([F.off(0, 60, 5), F.on(10, 60), F.off(20, 60), F.on(30, 61, 0), F.end(40)])
    #expect(song.tracks[0].notes.count == 1)
    #expect(song.tracks[0].events == [F.off(0, 60, 5), F.on(30, 61, 0), F.end(40)])
  }

  @Test("a note can last zero ticks")
  func zeroLength() {
    let song = song([F.on(10, 60), F.off(10, 60), F.end(20)])
    #expect(song.tracks[0].notes == [Note(pitch: 60, tick: 10, durationTicks: 0)])
  }

  @Test("every note's track index is its track")
  func trackIndex() {
    let file = MIDIFile(tracks: [Track(events: [F.end(0)]), Track(events: [F.on(0, 1), F.end(5)])])
    #expect(Song(file: file).tracks[1].notes[0].track == 1)
  }

  @Test("names: C4 is 60")
  func names() {
    #expect(Note(pitch: 60, tick: 0, durationTicks: 1).name == "C4")
    #expect(Note.name(ofPitch: 0) == "C-1")
    #expect(Note.name(ofPitch: 127) == "G9")
    #expect(Note.name(ofPitch: 54) == "F#3")
  }

  @Test("the pitch range of notes: lowest to highest, nil without notes")
  func pitchRange() {
    let song = song([
      F.on(0, 64), F.on(0, 72), F.on(10, 60), F.off(20, 64), F.off(20, 72), F.off(20, 60), F.end(20),
    ])
    #expect(song.tracks[0].notes.pitchRange == 60...72)
    #expect(song.tracks[0].pitchRange == 60...72)
    #expect(song.tracks[0].notes.prefix(1).pitchRange == 64...64)
    #expect([Note]().pitchRange == nil)
  }
}
