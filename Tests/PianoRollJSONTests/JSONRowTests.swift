import Foundation
import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

/// Notes and events as rows (the compact profile), read in any document next to objects.
@Suite("Piano-roll JSON rows")
struct JSONRowTests {
  static let head = #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "#

  /// The rows of the first track's `events` in compact JSON, parsed by Foundation.
  static func eventRows(_ song: Song) throws -> [[Any]] {
    let json = PianoRollJSON.encode(song, profile: .compact)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
    let tracks = try #require(document["tracks"] as? [[String: Any]])
    return try #require(tracks.first?["events"] as? [[Any]])
  }

  @Test("every event row has its type's fields in the order of eventRows, and reads back")
  func eventRowsFollowTheTable() throws {
    for (name, song) in try JSONSchemaTests.songs() {
      let viaCompact = try PianoRollJSON.decode(PianoRollJSON.encode(song, profile: .compact))
      let viaFull = try PianoRollJSON.decode(PianoRollJSON.encode(song))
      #expect(viaCompact == viaFull, "\(name)")
      guard !song.tracks.isEmpty else { continue }
      for row in try Self.eventRows(song) {
        let type = try #require(row.count >= 2 ? row[1] as? String : nil, "\(name): \(row)")
        let layout = try #require(PianoRollJSON.eventRows.first { $0.type == type }, "\(name): \(type)")
        #expect(row.count == 2 + layout.fields.count, "\(name): \(row)")
      }
    }
  }

  @Test("a controller, a meter, a key and a SysEx as rows: the fields in the table's order")
  func rowText() throws {
    // In the order they are written: meta events, then SysEx and channel messages.
    let events = [
      TrackEvent(tick: 0, .meta(.timeSignature(numerator: 6, denominator: 8))),
      TrackEvent(tick: 0, .meta(.keySignature(sharps: -3, isMinor: true))),
      TrackEvent(tick: 0, .meta(.tempo(microsecondsPerQuarter: 400_000))),
      TrackEvent(tick: 0, .meta(MetaEvent(.tempo, data: [1]))),
      TrackEvent(tick: 0, .meta(MetaEvent(.copyright, data: [0xA9, 0xFF]))),
      TrackEvent(tick: 0, .sysEx(SysExEvent(.start, data: [0x43, 0xF7]))),
      TrackEvent(tick: 0, .channel(.controlChange(channel: 2, controller: 7, value: 100))),
      TrackEvent(tick: 0, .channel(.pitchBend(channel: 1, value: 0))),
      TrackEvent(tick: 5, .meta(.endOfTrack)),
    ]
    let song = Song(
      format: .singleTrack, division: .ticksPerQuarter(480), tracks: [SongTrack(notes: [], events: events)])
    let text = String(decoding: PianoRollJSON.encode(song, profile: .compact), as: UTF8.self)
    for row in [
      #"[0,"controlChange",2,7,100]"#, #"[0,"pitchBend",1,-8192]"#, #"[0,"timeSignature",6,8,24,8]"#,
      #"[0,"keySignature",-3,true]"#, #"[0,"tempo",400000]"#, #"[0,"sysEx","F0","43 F7"]"#,
      // Bytes without a readable form: the meta row, whatever the type.
      #"[0,"meta",81,"01"]"#, #"[0,"meta",2,"A9 FF"]"#, #"[5,"endOfTrack"]"#,
    ] {
      #expect(text.contains(row), "\(row) in \(text)")
    }
    #expect(try PianoRollJSON.decode(Array(text.utf8)) == song)
  }

  @Test("objects in a compact document and rows in a full one read as the same song")
  func objectsAndRowsAnywhere() throws {
    let rows =
      Self.head + #"""
        "profile": "full", "tracks": [{"notes": [[0, 480, 60, 90, 1, 64], [480, 240, 62, 100, 0, -1]],
        "events": [[0, "trackName", "Piano"], [0, "programChange", 1, 5], [960, "endOfTrack"]]}]}
        """#
    let objects =
      Self.head + #"""
        "profile": "compact", "tracks": [{"notes": [
          {"tick": 0, "durationTicks": 480, "pitch": 60, "velocity": 90, "channel": 1, "offVelocity": 64},
          {"tick": 480, "durationTicks": 240, "pitch": 62, "end": "noteOnVelocity0"}],
        "events": [{"tick": 0, "type": "trackName", "text": "Piano"},
          {"tick": 0, "type": "programChange", "channel": 1, "program": 5}, {"tick": 960, "type": "endOfTrack"}]}]}
        """#
    let mixed =
      Self.head + #"""
        "profile": "compact", "tracks": [{"notes": [
          [0, 480, 60, 90, 1, 64], {"tick": 480, "durationTicks": 240, "pitch": 62, "end": "noteOnVelocity0"}],
        "events": [{"tick": 0, "type": "trackName", "text": "Piano"}, [0, "programChange", 1, 5],
          {"tick": 960, "type": "endOfTrack"}]}]}
        """#
    let song = try PianoRollJSON.decode(Array(rows.utf8))
    #expect(song.tracks[0].notes.map(\.end) == [.noteOff, .noteOnWithVelocityZero])
    #expect(song.tracks[0].notes.map(\.offVelocity) == [64, 0])
    #expect(song.tracks[0].name == "Piano")
    #expect(try PianoRollJSON.decode(Array(objects.utf8)) == song)
    #expect(try PianoRollJSON.decode(Array(mixed.utf8)) == song)
  }

  @Test("null in a row's field with a default is the default")
  func nullIsTheDefault() throws {
    let json =
      Self.head + #"""
        "tracks": [{"events": [[0, "noteOff", 0, 60, null], [0, "sysEx", null, "43"],
          [0, "timeSignature", 3, 4, null, null], [0, "keySignature", 2, null], [1, "endOfTrack"]]}]}
        """#
    let events = try PianoRollJSON.decode(Array(json.utf8)).tracks[0].events.map(\.event)
    #expect(events.contains(.channel(.noteOff(channel: 0, key: 60, velocity: 0))))
    #expect(events.contains(.sysEx(SysExEvent(.start, data: [0x43]))))
    #expect(
      events.contains(
        .meta(.timeSignature(numerator: 3, denominator: 4, clocksPerClick: 24, thirtySecondsPerQuarter: 8))))
    #expect(events.contains(.meta(.keySignature(sharps: 2, isMinor: false))))
  }

  @Test("numpy reads a compact track's notes as an N×6 integer matrix", .tags(.judge), .tiered)
  func numpyMatrix() throws {
    let path = try #require(RealFiles.samples.first { $0.hasSuffix(".mid") })
    let song = try Song(bytes: try RealFiles.bytes(path))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID().uuidString).json")
    try Data(PianoRollJSON.encode(song, profile: .compact)).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let script = """
      import json, sys, numpy
      document = json.load(open(sys.argv[1]))
      for track in document["tracks"]:
          notes = numpy.array(track["notes"])
          if len(track["notes"]):
              assert notes.ndim == 2 and notes.shape[1] == 6, notes.shape
              assert notes.dtype.kind == "i", notes.dtype
      print(sum(len(track["notes"]) for track in document["tracks"]))
      """
    let result = try Python.run(script: script, [file.path])
    #expect(result.status == 0, "\(result.output)")
    let count = song.tracks.reduce(0) { $0 + $1.notes.count }
    #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "\(count)")
  }
}
