import PianoRoll
import PianoRollJSON
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

  @Test("the ranks are written where the tick has an order, and read back into tickOrders")
  func roundTripFull() throws {
    let song = Self.song()
    let json = PianoRollJSON.encode(song)
    let text = String(decoding: json, as: UTF8.self)
    #expect(text.contains("\"onOrder\": 0"))
    #expect(text.contains("\"order\": 1"))
    #expect(text.contains("\"offOrder\": 2"))
    // Only tick 480 has an order: the note at 0 has no onOrder, the End of Track no order.
    #expect(text.components(separatedBy: "onOrder").count == 2)
    #expect(text.components(separatedBy: "\"order\"").count == 2)
    let decoded = try PianoRollJSON.decode(json)
    #expect(decoded.tracks[0].tickOrders == song.tracks[0].tickOrders)
    #expect(decoded == song)
  }

  @Test("compact: the ranks move out of the rows into the track's onOrders, offOrders and eventOrders")
  func roundTripCompact() throws {
    let song = Self.song()
    let json = PianoRollJSON.encode(song, profile: .compact)
    let text = String(decoding: json, as: UTF8.self)
    // [index in notes or events, rank]: note 1's note-on first, the controller, note 0's note-off.
    #expect(text.contains(#""onOrders":[[1,0]],"offOrders":[[0,2]],"eventOrders":[[0,1]]"#), "\(text)")
    #expect(!text.contains("Order\":") && !text.contains("\"order\""))
    let decoded = try PianoRollJSON.decode(json)
    #expect(decoded.tracks[0].tickOrders == song.tracks[0].tickOrders)
    #expect(decoded == song)
    #expect(PianoRollJSON.encode(decoded, profile: .compact) == json)
  }

  @Test("order lists and order fields read alike, in any document")
  func listsAndFields() throws {
    let rows = #"""
      {"midiroll": 1, "format": 0, "ticksPerBeat": 96, "tracks": [{
        "eventOrders": [[0, 0]], "offOrders": [[0, 1]],
        "events": [[96, "programChange", 0, 1]], "notes": [[0, 96, 60, 100, 0, 0]]}]}
      """#
    let objects = #"""
      {"midiroll": 1, "format": 0, "ticksPerBeat": 96, "tracks": [{
        "events": [{"order": 0, "tick": 96, "type": "programChange", "channel": 0, "program": 1}],
        "notes": [{"offOrder": 1, "pitch": 60, "tick": 0, "durationTicks": 96}]}]}
      """#
    let mixed = #"""
      {"midiroll": 1, "profile": "compact", "format": 0, "ticksPerBeat": 96, "tracks": [{
        "events": [{"order": 0, "tick": 96, "type": "programChange", "channel": 0, "program": 1}],
        "notes": [[0, 96, 60, 100, 0, 0]], "offOrders": [[0, 1]]}]}
      """#
    let expected: TickOrders = [TickOrder(tick: 96, items: [.event(0), .noteOff(0)])]
    for json in [rows, objects, mixed] {
      let song = try PianoRollJSON.decode(Array(json.utf8))
      #expect(song.tracks[0].tickOrders == expected)
    }
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
