import PianoRoll
import PianoRollJSON
import SMF
import Testing

/// A note edited out of MIDI's ranges is mended in one place when written, never trapped on.
@Suite("Notes out of MIDI's ranges")
struct NoteWritableTests {
  /// A one-note song whose note was edited by `edit`.
  static func song(_ edit: (inout Note) -> Void) -> Song {
    var note = Note(pitch: 60, velocity: 100, tick: 0, durationTicks: 480)
    edit(&note)
    return Song(
      format: .singleTrack, division: .ticksPerQuarter(480),
      tracks: [SongTrack(notes: [note], events: [TrackEvent(tick: 960, .meta(.endOfTrack))])])
  }

  @Test(
    "pitch, velocities and channel past their ranges are clamped; velocity 0 becomes 1, so the note survives",
    arguments: [
      (UInt8(200), UInt8(100), UInt8(0), UInt8(0), UInt8(127), UInt8(100), UInt8(0), UInt8(0)),
      (60, 0, 0, 0, 60, 1, 0, 0),
      (60, 255, 200, 0, 60, 127, 127, 0),
      (60, 100, 0, 16, 60, 100, 0, 15),
    ])
  func clamped(
    _ pitch: UInt8, _ velocity: UInt8, _ offVelocity: UInt8, _ channel: UInt8, _ expectedPitch: UInt8,
    _ expectedVelocity: UInt8, _ expectedOff: UInt8, _ expectedChannel: UInt8
  ) throws {
    let song = Self.song {
      $0.pitch = pitch
      $0.velocity = velocity
      $0.offVelocity = offVelocity
      $0.channel = channel
    }
    for back in [try Song(bytes: song.serialized()), try PianoRollJSON.decode(PianoRollJSON.encode(song))] {
      let notes = back.tracks.flatMap(\.notes)
      try #require(notes.count == 1)
      #expect(notes[0].pitch == expectedPitch)
      #expect(notes[0].velocity == expectedVelocity)
      #expect(notes[0].offVelocity == expectedOff)
      #expect(notes[0].channel == expectedChannel)
      #expect(notes[0].durationTicks == 480)
    }
  }

  @Test("a note in range is written as it is")
  func inRange() {
    let note = Note(pitch: 127, velocity: 1, offVelocity: 127, channel: 15, tick: 5, durationTicks: 7)
    #expect(note.writable == note)
  }
}
