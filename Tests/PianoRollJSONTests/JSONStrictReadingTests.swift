import PianoRoll
import PianoRollJSON
import SMF
import Testing

/// Reading refuses what a Standard MIDI File cannot hold and what a lenient reader would guess
/// at (issue 17), each with its JSON path.
@Suite("Piano-roll JSON strict reading")
struct JSONStrictReadingTests {
  static let head = #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "#

  /// A refused input, the path its error names and a piece of its message.
  static let refused: [(name: String, json: String, path: String, message: String)] = [
    (
      "a name twice",
      head + #""tracks": [{"notes": [{"pitch": 60, "pitch": 61, "tick": 0, "durationTicks": 1}]}]}"#,
      "tracks[0].notes[0].pitch", "the name \"pitch\" appears twice in this object"
    ),
    (
      "a name twice at the top",
      #"{"midiroll": 1, "midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": []}"#,
      "midiroll", "appears twice"
    ),
    (
      "a name twice in an event",
      head + #""tracks": [{"events": [{"tick": 0, "tick": 5, "type": "endOfTrack"}]}]}"#,
      "tracks[0].events[0].tick", "the name \"tick\" appears twice"
    ),
    (
      "a meter of 0 beats (summary)",
      head + #""timeSignatures": [{"tick": 0, "numerator": 0, "denominator": 4}], "tracks": []}"#,
      "timeSignatures[0].numerator", "0 is out of range (expected an integer 1…255)"
    ),
    (
      "a meter of 0 beats (event)",
      head
        + #""tracks": [{"events": [{"tick": 0, "type": "timeSignature", "numerator": 0, "denominator": 4}]}]}"#,
      "tracks[0].events[0].numerator", "0 is out of range (expected an integer 1…255)"
    ),
    (
      "a denominator not a power of two",
      head
        + #""tracks": [{"events": [{"tick": 0, "type": "timeSignature", "numerator": 3, "denominator": 6}]}]}"#,
      "tracks[0].events[0].denominator", "6 is out of range (expected a power of two"
    ),
    (
      "an object for tempos", head + #""tempos": {}, "tracks": []}"#, "tempos",
      "expected an array, found an object"
    ),
    (
      "an object for notes", head + #""tracks": [{"notes": {"pitch": 60}}]}"#, "tracks[0].notes",
      "expected an array, found an object"
    ),
    (
      "both divisions",
      head + #""smpte": {"framesPerSecond": 25, "ticksPerFrame": 40}, "tracks": []}"#, "(top level)",
      "both \"ticksPerBeat\" and \"smpte\" are given"
    ),
    (
      "a pitch of 1e-400",
      head + #""tracks": [{"notes": [{"pitch": 1e-400, "tick": 0, "durationTicks": 1}]}]}"#,
      "tracks[0].notes[0].pitch", "found the number 1e-400, which is not a whole number"
    ),
    (
      "a pitch of 1.5", head + #""tracks": [{"notes": [{"pitch": 1.5, "tick": 0, "durationTicks": 1}]}]}"#,
      "tracks[0].notes[0].pitch",
      "expected an integer 0…127, found the number 1.5, which is not a whole number"
    ),
    (
      "a controller of 7.25",
      head
        + #""tracks": [{"events": [{"tick": 0, "type": "controlChange", "channel": 0, "controller": 7.25, "value": 1}]}]}"#,
      "tracks[0].events[0].controller", "found the number 7.25, which is not a whole number"
    ),
    (
      "a tick of 1e30", head + #""tracks": [{"notes": [{"pitch": 60, "tick": 1e30, "durationTicks": 1}]}]}"#,
      "tracks[0].notes[0].tick", "1e30 is out of range"
    ),
    (
      "a tick and a position that disagree",
      head
        + #""tracks": [{"notes": [{"pitch": 60, "tick": 480, "durationTicks": 1, "position": {"bar": 0, "beat": 2, "subbeat": 0, "cent": 0}}]}]}"#,
      "tracks[0].notes[0].position",
      "\"tick\": 480 is at bar 0, beat 1, subbeat 0, cent 0 but \"position\" says bar 0, beat 2, subbeat 0, cent 0"
    ),
    (
      "a tick and seconds that disagree",
      head + #""tracks": [{"notes": [{"pitch": 60, "tick": 480, "durationTicks": 1, "seconds": 0.75}]}]}"#,
      "tracks[0].notes[0].seconds", "\"tick\": 480 is at 0.5 seconds but \"seconds\" says 0.75"
    ),
    (
      "an unknown profile",
      #"{"midiroll": 1, "profile": "tiny", "format": 1, "ticksPerBeat": 480, "tracks": []}"#,
      "profile", "\"tiny\" is not allowed here"
    ),
    (
      "a note row of 5 items", head + #""tracks": [{"notes": [[0, 480, 60, 90, 0]]}]}"#, "tracks[0].notes[0]",
      "expected a note row of 6 integers: [tick, durationTicks, pitch, velocity, channel, off], found an array of 5 items"
    ),
    (
      "a note row of 7 items", head + #""tracks": [{"notes": [[0, 480, 60, 90, 0, 0, 0]]}]}"#,
      "tracks[0].notes[0]", "found an array of more than 6 items"
    ),
    (
      "a note row with a pitch as a string", head + #""tracks": [{"notes": [[0, 480, "C4", 90, 0, 0]]}]}"#,
      "tracks[0].notes[0][2]", "expected pitch: an integer 0…127, found a string \"C4\""
    ),
    (
      "a note row with an off of -3", head + #""tracks": [{"notes": [[0, 480, 60, 90, 0, -3]]}]}"#,
      "tracks[0].notes[0][5]", "-3 is out of range (expected off: an integer -2…127)"
    ),
    (
      "a note row with a velocity of null", head + #""tracks": [{"notes": [[0, 480, 60, null, 0, 0]]}]}"#,
      "tracks[0].notes[0][3]", "expected velocity: an integer 1…127, found null"
    ),
    (
      "an event row of the wrong length", head + #""tracks": [{"events": [[0, "controlChange", 0, 7]]}]}"#,
      "tracks[0].events[0]",
      "expected a controlChange row of 5 items: [tick, \"controlChange\", channel, controller, value], found an array of 4 items"
    ),
    (
      "an event row with a controller of 128",
      head + #""tracks": [{"events": [[0, "controlChange", 0, 128, 1]]}]}"#, "tracks[0].events[0][3]",
      "128 is out of range (expected an integer 0…127)"
    ),
    (
      "an event row with a tick as a string", head + #""tracks": [{"events": [["0", "endOfTrack"]]}]}"#,
      "tracks[0].events[0][0]", "found a string \"0\""
    ),
    (
      "an event row with a tick of null", head + #""tracks": [{"events": [[null, "endOfTrack"]]}]}"#,
      "tracks[0].events[0][0]",
      "expected tick: the tick (or a \"position\" in the song) of the event, found null"
    ),
    (
      "an event row of an unknown type", head + #""tracks": [{"events": [[0, "noteWhat", 1]]}]}"#,
      "tracks[0].events[0][1]", "\"noteWhat\" is not allowed here (expected an event type: noteOff, noteOn"
    ),
    (
      "an event row with null where nothing is the default",
      head + #""tracks": [{"events": [[0, "tempo", null]]}]}"#, "tracks[0].events[0][2]",
      "expected microsecondsPerBeat: microseconds per quarter note 1…16777215, or \"bpm\", found null"
    ),
    (
      "an order pair of 3 items",
      head + #""tracks": [{"events": [[0, "endOfTrack"]], "eventOrders": [[0, 0, 0]]}]}"#,
      "tracks[0].eventOrders[0]", "expected an [index, rank] pair of integers"
    ),
  ]

  /// The refusals the schema can say too (it cannot compare a tick with a position, see
  /// duplicate names or tell 1e-400 from 0).
  static let refusedBySchema = refused.filter {
    [
      "a meter of 0 beats (summary)", "a meter of 0 beats (event)", "a denominator not a power of two",
      "an object for tempos", "an object for notes", "both divisions", "a pitch of 1.5",
      "a controller of 7.25",
      "a tick of 1e30", "an unknown profile", "a note row of 5 items", "a note row of 7 items",
      "a note row with a pitch as a string", "a note row with an off of -3",
      "a note row with a velocity of null",
      "an event row of the wrong length", "an event row with a controller of 128",
      "an event row with a tick as a string", "an event row of an unknown type",
      "an event row with null where nothing is the default", "an order pair of 3 items",
    ].contains($0.name)
  }

  @Test("each refusal names its path and what was expected", arguments: refused)
  func refusal(name: String, json: String, path: String, message: String) {
    do {
      _ = try PianoRollJSON.decode(Array(json.utf8))
      Issue.record("\(name): no error")
    } catch {
      #expect(error.path.description == path, "\(name): \(error.description)")
      #expect(error.description.contains(message), "\(name): \(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }

  @Test("65,535 tracks read; one more is refused at its index")
  func trackCount() throws {
    func document(_ count: Int) -> [UInt8] {
      Array(
        (Self.head + #""tracks": ["# + Array(repeating: "{}", count: count).joined(separator: ",") + "]}")
          .utf8)
    }
    #expect(try PianoRollJSON.decode(document(65_535)).tracks.count == 65_535)
    #expect {
      try PianoRollJSON.decode(document(65_536))
    } throws: { error in
      let error = error as? PianoRollJSONError
      return error?.path.description == "tracks[65535]"
        && error?.description.contains("at most 65535 tracks") == true
    }
  }

  @Test("whole numbers written with a fraction or an exponent are integers")
  func wholeNumbers() throws {
    let song = try PianoRollJSON.decode(
      Array(
        (Self.head
          + #""tracks": [{"notes": [{"pitch": 6e1, "velocity": 100.000, "tick": 4.8e2, "durationTicks": 10}]}]}"#)
          .utf8))
    let note = try #require(song.tracks.first?.notes.first)
    #expect(note.pitch == 60 && note.velocity == 100 && note.tick == 480)
  }

  @Test("with positionWins, an edited position places the note and keeps its length")
  func positionWins() throws {
    let json =
      Self.head
      + #""tracks": [{"notes": [{"pitch": 60, "tick": 480, "durationTicks": 100, "position": {"bar": 1, "beat": 0, "subbeat": 0, "cent": 0}, "seconds": 0.5}]}]}"#
    let song = try PianoRollJSON.decode(
      Array(json.utf8), options: PianoRollJSON.DecodeOptions(positionWins: true))
    let note = try #require(song.tracks.first?.notes.first)
    #expect(note.tick == 1920 && note.durationTicks == 100)
  }

  @Test("a position and seconds that agree with the tick are accepted, as midiroll writes them")
  func agreeing() throws {
    let json =
      Self.head
      + #""tracks": [{"notes": [{"pitch": 60, "tick": 720, "durationTicks": 1, "position": {"bar": 0, "beat": 1, "subbeat": 2, "cent": 0}, "seconds": 0.75}]}]}"#
    #expect(try PianoRollJSON.decode(Array(json.utf8)).tracks[0].notes[0].tick == 720)
  }

  @Test("a meter of 0 beats read from a .mid is written as hex and reads back")
  func zeroMeterRoundTrip() throws {
    let file = MIDIFile(
      format: .singleTrack, division: .ticksPerQuarter(96),
      tracks: [
        Track(events: [
          TrackEvent(tick: 0, .meta(MetaEvent(.timeSignature, data: [0, 2, 24, 8]))),
          TrackEvent(tick: 10, .meta(.endOfTrack)),
        ])
      ])
    let song = Song(file: file)
    let json = PianoRollJSON.encode(song)
    #expect(String(decoding: json, as: UTF8.self).contains(#""hex": "00 02 18 08""#))
    #expect(try PianoRollJSON.decode(json).midiFile() == song.midiFile())
  }
}
