import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

@Suite("Piano-roll JSON writer")
struct JSONWriterTests {
  typealias F = Fixtures

  static let small = MIDIFile(
    format: .multipleTracks, division: .ticksPerQuarter(480),
    tracks: [
      Track(events: [
        F.meta(0, .text(.trackName, "Piano \"1\"")), F.meta(0, .keySignature(sharps: 1, isMinor: false)),
        F.meta(0, .timeSignature(numerator: 3, denominator: 4)),
        TrackEvent(tick: 0, .channel(.programChange(channel: 0, program: 5))),
        F.on(0, 60), F.off(480, 60, 64), F.on(480, 61, 90), F.on(960, 61, 0),
        TrackEvent(tick: 960, .channel(.pitchBend(channel: 0, value: 0))),
        F.on(1440, 72), F.end(1920),
      ])
    ])

  static let smallJSON = """
    {
      "midiroll": 1,
      "profile": "full",
      "format": 1,
      "ticksPerBeat": 480,
      "tempos": [
        {"tick": 0, "microsecondsPerBeat": 500000, "bpm": 120.0, "position": {"bar": 0, "beat": 0, "subbeat": 0, "cent": 0}, "seconds": 0.0}
      ],
      "timeSignatures": [
        {"tick": 0, "bar": 0, "numerator": 3, "denominator": 4}
      ],
      "keySignatures": [
        {"tick": 0, "sharps": 1, "minor": false, "name": "G major", "position": {"bar": 0, "beat": 0, "subbeat": 0, "cent": 0}}
      ],
      "tracks": [
        {
          "name": "Piano \\"1\\"",
          "notes": [
            {"pitch": 60, "name": "C4", "velocity": 100, "offVelocity": 64, "channel": 0, "tick": 0, "durationTicks": 480, "position": {"bar": 0, "beat": 0, "subbeat": 0, "cent": 0}, "duration": {"bar": 0, "beat": 1, "subbeat": 0, "cent": 0}, "seconds": 0.0, "durationSeconds": 0.5},
            {"pitch": 61, "name": "C#4", "velocity": 90, "offVelocity": 0, "channel": 0, "tick": 480, "durationTicks": 480, "position": {"bar": 0, "beat": 1, "subbeat": 0, "cent": 0}, "duration": {"bar": 0, "beat": 1, "subbeat": 0, "cent": 0}, "seconds": 0.5, "durationSeconds": 0.5, "end": "noteOnVelocity0", "offOrder": 0},
            {"pitch": 72, "name": "C5", "velocity": 100, "offVelocity": 0, "channel": 0, "tick": 1440, "durationTicks": 480, "position": {"bar": 1, "beat": 0, "subbeat": 0, "cent": 0}, "duration": {"bar": 0, "beat": 1, "subbeat": 0, "cent": 0}, "seconds": 1.5, "durationSeconds": 0.5, "end": "endOfTrack"}
          ],
          "events": [
            {"tick": 0, "type": "trackName", "text": "Piano \\"1\\""},
            {"tick": 0, "type": "keySignature", "sharps": 1, "minor": false, "name": "G major"},
            {"tick": 0, "type": "timeSignature", "numerator": 3, "denominator": 4, "clocksPerClick": 24, "thirtySecondsPerQuarter": 8},
            {"tick": 0, "type": "programChange", "channel": 0, "program": 5},
            {"tick": 960, "type": "pitchBend", "channel": 0, "value": -8192, "order": 1},
            {"tick": 1920, "type": "endOfTrack"}
          ]
        }
      ]
    }

    """

  @Test("a small song gives exactly the expected JSON")
  func golden() {
    let json = String(decoding: PianoRollJSON.encode(Song(file: Self.small)), as: UTF8.self)
    #expect(json == Self.smallJSON)
  }
}
