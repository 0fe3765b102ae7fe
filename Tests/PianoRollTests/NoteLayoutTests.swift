import PianoRoll
import Testing

@Suite("Note layout")
struct NoteLayoutTests {
  @Test("a note takes at most 24 bytes")
  func stride() {
    #expect(MemoryLayout<Note>.stride <= 24)
  }

  @Test("the narrow storage keeps every property's value")
  func properties() {
    for end in NoteEnd.allCases {
      var note = Note(
        pitch: 127, velocity: 1, offVelocity: 64, channel: 15, track: Note.maximumTrack,
        tick: Int(Int32.max) + 5, durationTicks: 1 << 40, end: end)
      #expect(note.track == Note.maximumTrack)
      #expect(note.end == end)
      #expect(note.tick == Int(Int32.max) + 5)
      #expect(note.durationTicks == 1 << 40)
      #expect((note.pitch, note.velocity, note.offVelocity, note.channel) == (127, 1, 64, 15))
      note.track = 3
      #expect(note.track == 3 && note.end == end)
      note.end = .noteOff
      #expect(note.track == 3 && note.end == .noteOff)
    }
  }
}
