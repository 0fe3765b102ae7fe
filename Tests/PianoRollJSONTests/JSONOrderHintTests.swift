import PianoRoll
import PianoRollJSON
import SMF
import Testing

/// Order hints (`onOrder`, `offOrder`, `order`, `onOrders`, `offOrders`, `eventOrders`) are
/// hints: where one no longer fits, the tick keeps the canonical order; never a refusal.
@Suite("Piano-roll JSON order hints")
struct JSONOrderHintTests {
  static let head = #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "#

  static let stale: [(name: String, json: String)] = [
    (
      "a rank twice at one tick",
      head
        + #""tracks": [{"notes": [{"pitch": 60, "tick": 0, "durationTicks": 1, "onOrder": 0}, {"pitch": 61, "tick": 0, "durationTicks": 1, "onOrder": 0}]}]}"#
    ),
    (
      "an order given as a field and in a list",
      head
        + #""tracks": [{"notes": [{"pitch": 60, "tick": 0, "durationTicks": 1, "onOrder": 0}], "onOrders": [[0, 0]]}]}"#
    ),
    (
      "an order of a note that is not there",
      head + #""tracks": [{"notes": [[0, 1, 60, 100, 0, 0]], "offOrders": [[1, 0]]}]}"#
    ),
    (
      "an order of a track with no notes",
      head + #""tracks": [{"notes": [], "onOrders": [[65, 0]]}]}"#
    ),
    (
      "an order of an event that is not there",
      head + #""tracks": [{"notes": [[0, 1, 60, 100, 0, 0]], "eventOrders": [[7, 1]]}]}"#
    ),
    (
      "a rank twice at one tick, in a list",
      head
        + #""tracks": [{"notes": [[0, 1, 60, 100, 0, 0], [0, 1, 61, 100, 0, 0]], "onOrders": [[0, 0], [1, 0]]}]}"#
    ),
    (
      "a note-off ranked before its own 0-tick note-on",
      head + #""tracks": [{"notes": [[0, 0, 60, 100, 0, 0]], "onOrders": [[0, 1]], "offOrders": [[0, 0]]}]}"#
    ),
  ]

  @Test("a hint that no longer fits is dropped: the song reads, in the canonical order", arguments: stale)
  func staleHint(name: String, json: String) throws {
    let song = try PianoRollJSON.decode(Array(json.utf8))
    // (An item ranked twice keeps its first rank, which here orders a tick of one item.)
    #expect(song.tracks[0].tickOrders.isEmpty || name == "an order given as a field and in a list", "\(name)")
    // Written as .mid, it reads back with the notes the JSON states.
    let back = try Song(bytes: song.serialized())
    #expect(back.tracks[0].notes.map(\.tick) == song.tracks[0].notes.map(\.tick), "\(name)")
    #expect(back.tracks[0].notes.map(\.durationTicks) == song.tracks[0].notes.map(\.durationTicks), "\(name)")
  }

  @Test("a hint that still fits is kept after the notes around it are deleted and shuffled")
  func hintKept() throws {
    // Tick 480: note 1's note-on before note 0's note-off (not the canonical order).
    let json =
      Self.head
      + #""tracks": [{"notes": [{"pitch": 60, "tick": 0, "durationTicks": 480, "offOrder": 1}, "#
      + #"{"pitch": 62, "tick": 480, "durationTicks": 480, "onOrder": 0}]}]}"#
    let song = try PianoRollJSON.decode(Array(json.utf8))
    #expect(song.tracks[0].tickOrders.count == 1)
    // The same notes in the other order, with a third (unranked) note at another tick.
    let shuffled =
      Self.head
      + #""tracks": [{"notes": [[960, 10, 70, 100, 0, 0], {"pitch": 62, "tick": 480, "durationTicks": 480, "onOrder": 0}, "#
      + #"{"pitch": 60, "tick": 0, "durationTicks": 480, "offOrder": 1}]}]}"#
    let edited = try PianoRollJSON.decode(Array(shuffled.utf8))
    #expect(edited.tracks[0].tickOrders.count == 1)
    let events: [MIDIEvent] = edited.midiFile().tracks[0].events.filter { $0.tick == 480 }.map { $0.event }
    #expect(events.first == MIDIEvent.channel(.noteOn(channel: 0, key: 62, velocity: 100)))
  }

  @Test("an offVelocity on a note with no note-off reads as 0, from objects as from rows")
  func offVelocityRule() throws {
    for end in ["noteOnVelocity0", "endOfTrack"] {
      let json =
        Self.head
        + #""tracks": [{"notes": [{"pitch": 60, "tick": 0, "durationTicks": 10, "offVelocity": 5, "end": ""#
        + end + #""}]}]}"#
      let song = try PianoRollJSON.decode(Array(json.utf8))
      #expect(song.tracks[0].notes[0].offVelocity == 0, "\(end)")
      #expect(try PianoRollJSON.decode(PianoRollJSON.encode(song, profile: .compact)) == song, "\(end)")
    }
  }

  @Test(
    "--prefer ticks ignores a stale position; positions places the note by it; neither refuses naming both")
  func prefer() throws {
    let json =
      Self.head
      + #""tracks": [{"notes": [{"pitch": 60, "tick": 490, "durationTicks": 10, "position": {"beat": 1}}]}]}"#
    do throws(PianoRollJSONError) {
      _ = try PianoRollJSON.decode(Array(json.utf8))
      Issue.record("no error")
    } catch {
      #expect(error.path.description == "tracks[0].notes[0].position")
      #expect(error.description.hasSuffix("keep one of them, or say which wins"), "\(error.description)")
      guard case .conflict = error.kind else {
        Issue.record("not a conflict (the kit turns a conflict into the hint that names --prefer)")
        return
      }
    }
    let ticks = try PianoRollJSON.decode(Array(json.utf8), options: .init(prefer: .ticks))
    #expect(ticks.tracks[0].notes[0].tick == 490)
    let positions = try PianoRollJSON.decode(Array(json.utf8), options: .init(prefer: .positions))
    #expect(positions.tracks[0].notes[0].tick == 480)
  }
}
