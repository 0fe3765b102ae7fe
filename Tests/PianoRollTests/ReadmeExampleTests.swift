import PianoRoll
import PianoRollJSON
import SMF
import Testing

/// The README's Swift example, compiled and run, so the README never shows code that does not work.
@Suite("README example")
struct ReadmeExampleTests {
  @Test("load, read notes with positions and seconds, edit, quantize, filter, save")
  func readmeExample() throws {
    let bytes = MIDIFile(
      tracks: [
        Track(events: [
          TrackEvent(tick: 0, .meta(.timeSignature(numerator: 3, denominator: 4))),
          TrackEvent(tick: 10, .channel(.noteOn(channel: 0, key: 61, velocity: 90))),
          TrackEvent(tick: 470, .channel(.noteOff(channel: 0, key: 61))),
          TrackEvent(tick: 1440, .channel(.noteOn(channel: 0, key: 64, velocity: 90))),
          TrackEvent(tick: 1920, .channel(.noteOff(channel: 0, key: 64))),
          TrackEvent(tick: 1920, .meta(.endOfTrack)),
        ])
      ]
    ).serialized()

    // --- README example starts here ---
    var song = try Song(bytes: bytes)  // or Song(file: MIDIFile(bytes: …)), PianoRollJSON.decode(…)
    let timeline = song.makeTimeline()
    for note in song.tracks[0].notes {
      let at = note.position(in: timeline)  // bar / beat / subbeat / cent, 0-based
      print(note.name, "bar \(at.bar + 1) beat \(at.beat + 1)", note.seconds(in: timeline), "s")
    }
    song.tracks[0].notes[0].velocity = 110  // edit
    song.quantize(with: Quantizer(grid: .eighth))  // quantize to 1/8
    song.filter(with: KeyFilter(keys: KeySet(scale: try Scale(parsing: "C major")), mode: .snap(.nearest)))
    let midi: [UInt8] = song.serialized()  // .mid bytes
    let json: [UInt8] = PianoRollJSON.encode(song)  // piano-roll JSON bytes
    // --- README example ends here ---

    let back = try Song(bytes: midi)
    #expect(back.tracks[0].notes.map(\.pitch) == [60, 64])  // C#4 snapped down to C4 (ties go down)
    #expect(back.tracks[0].notes.map(\.tick) == [0, 1440])  // 10 → 0 on the 1/8 grid
    #expect(back.tracks[0].notes[0].velocity == 110)
    #expect(try PianoRollJSON.decode(json).midiFile() == back.midiFile())
    #expect(back.tracks[0].notes[1].position(in: back.makeTimeline()) == Position(bar: 1))
  }
}
