import PianoRoll
import SMF
import Testing

/// `onOrder`, `offOrder` and `order` carry ``SongTrack/tickOrders`` through piano-roll JSON,
/// written only at the ticks that have one.
@Suite("Piano-roll JSON order within a tick")
struct JSONTickOrderTests {
  /// A track whose tick 480 is in the file's order: a note-on before a controller and before
  /// the note-off of the note that started at 0.
  static func song() -> Song {
    let notes = [
      Note(
        pitch: 60, velocity: 90, offVelocity: 0, channel: 0, track: 0, tick: 0, durationTicks: 480,
        end: .noteOff),
      Note(
        pitch: 62, velocity: 80, offVelocity: 0, channel: 0, track: 0, tick: 480, durationTicks: 480,
        end: .noteOff),
    ]
    let events = [
      TrackEvent(tick: 480, .channel(.controlChange(channel: 0, controller: 64, value: 127))),
      TrackEvent(tick: 960, .meta(.endOfTrack)),
    ]
    let order = TickOrder(tick: 480, items: [.noteOn(1), .event(0), .noteOff(0)])
    return Song(
      format: .singleTrack, division: .ticksPerQuarter(480),
      tracks: [SongTrack(notes: notes, events: events, tickOrders: [order])])
  }

  @Test(
    "the ranks are written where the tick has an order, and read back into tickOrders",
    arguments: PianoRollJSON.Profile.allCases)
  func roundTrip(profile: PianoRollJSON.Profile) throws {
    let song = Self.song()
    let json = PianoRollJSON.encode(song, profile: profile)
    let text = String(decoding: json, as: UTF8.self)
    let space = profile == .full ? " " : ""
    #expect(text.contains("\"onOrder\":\(space)0"))
    #expect(text.contains("\"order\":\(space)1"))
    #expect(text.contains("\"offOrder\":\(space)2"))
    // Only tick 480 has an order: the note at 0 has no onOrder, the End of Track no order.
    #expect(text.components(separatedBy: "onOrder").count == 2)
    #expect(text.components(separatedBy: "\"order\"").count == 2)
    let decoded = try PianoRollJSON.decode(json)
    #expect(decoded.tracks[0].tickOrders == song.tracks[0].tickOrders)
    #expect(decoded == song)
  }

  @Test("a track without tick orders writes no order names")
  func none() {
    var song = Self.song()
    song.tracks[0].tickOrders = []
    let text = String(decoding: PianoRollJSON.encode(song), as: UTF8.self)
    #expect(!text.contains("Order") && !text.contains("\"order\""))
  }

  @Test("ranks in hand-written JSON rebuild the order, whatever order the names come in")
  func handWritten() throws {
    let json = #"""
      {"midiroll": 1, "format": 0, "ticksPerBeat": 96, "tracks": [{
        "events": [{"order": 0, "tick": 96, "type": "programChange", "channel": 0, "program": 1}],
        "notes": [{"offOrder": 1, "pitch": 60, "tick": 0, "durationTicks": 96}]}]}
      """#
    let song = try PianoRollJSON.decode(Array(json.utf8))
    #expect(song.tracks[0].tickOrders == [TickOrder(tick: 96, items: [.event(0), .noteOff(0)])])
  }
}
