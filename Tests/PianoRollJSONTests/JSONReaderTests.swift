import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

@Suite("Piano-roll JSON reader")
struct JSONReaderTests {
  typealias F = Fixtures

  func decode(_ text: String) throws(PianoRollJSONError) -> Song {
    try PianoRollJSON.decode(Array(text.utf8))
  }

  @Test("what the writer writes reads back to the same song and the same bytes")
  func roundTrip() throws {
    let song = Song(file: JSONWriterTests.small)
    let json = PianoRollJSON.encode(song)
    let decoded = try PianoRollJSON.decode(json)
    #expect(decoded == song)
    #expect(PianoRollJSON.encode(decoded) == json)
    #expect(
      Fixtures.eventsPerTick(decoded.midiFile().tracks[0])
        == Fixtures.eventsPerTick(JSONWriterTests.small.tracks[0]))
  }

  @Test(
    "every kind of event survives JSON",
    arguments: [
      MIDIEvent.channel(ChannelMessage(.polyPressure, channel: 3, 60, 70)),
      .channel(ChannelMessage(.channelPressure, channel: 15, 9)),
      .channel(.pitchBend(channel: 1, value: 16383)), .channel(.pitchBend(channel: 1, value: 1)),
      .channel(.controlChange(channel: 9, controller: 64, value: 127)),
      .channel(.noteOff(channel: 2, key: 10, velocity: 3)),
      .channel(.noteOn(channel: 2, key: 10, velocity: 0)),
      .sysEx(SysExEvent(.start, data: [0x43, 0x10, 0x4C, 0xF7])), .sysEx(SysExEvent(.continuation, data: [])),
      .meta(MetaEvent(.sequenceNumber, data: [1, 2])), .meta(MetaEvent(.sequenceNumber, data: [])),
      .meta(.text(.lyric, "la \"la\"\n\t\u{1}é♪")),
      .meta(MetaEvent(.copyright, data: [0xA9, 0x20, 0x31, 0xFF])),
      .meta(MetaEvent(.channelPrefix, data: [5])), .meta(MetaEvent(.port, data: [200])),
      .meta(.tempo(microsecondsPerQuarter: 428_571)), .meta(MetaEvent(.tempo, data: [1, 2])),
      .meta(MetaEvent(.smpteOffset, data: [0x61, 2, 3, 4, 5])),
      .meta(.timeSignature(numerator: 7, denominator: 8, clocksPerClick: 12, thirtySecondsPerQuarter: 8)),
      .meta(MetaEvent(.timeSignature, data: [3, 40, 0, 0])),
      .meta(.keySignature(sharps: -5, isMinor: true)), .meta(MetaEvent(.keySignature, data: [1, 2])),
      .meta(MetaEvent(.keySignature, data: [0x21, 0])), .meta(MetaEvent(.keySignature, data: [0xF8, 1])),
      .meta(MetaEvent(.sequencerSpecific, data: [0, 0, 0x41])), .meta(MetaEvent(type: 0x60, data: [9, 8])),
    ])
  func events(event: MIDIEvent) throws {
    let file = MIDIFile(tracks: [Track(events: [TrackEvent(tick: 5, event), F.end(10)])])
    let song = Song(file: file)
    let decoded = try PianoRollJSON.decode(PianoRollJSON.encode(song))
    #expect(decoded.tracks[0].events == file.tracks[0].events)
  }

  @Test("SMPTE division and unknown chunks survive JSON")
  func smpte() throws {
    let file = MIDIFile(
      format: .singleTrack, division: .smpte(framesPerSecond: 29, ticksPerFrame: 80),
      tracks: [Track(events: [F.on(0, 60), F.off(2398, 60), F.end(2398)])],
      unknownChunks: [UnknownChunk(type: ChunkType("XFIH"), data: [1, 2], tracksBefore: 1)])
    let json = PianoRollJSON.encode(Song(file: file))
    let text = String(decoding: json, as: UTF8.self)
    #expect(text.contains("\"smpte\": {\"framesPerSecond\": 29, \"ticksPerFrame\": 80}"))
    #expect(!text.contains("ticksPerBeat"))
    #expect(text.contains("\"durationSeconds\": 1.000166834"))  // 2398 / (29.97 × 80)
    #expect(try PianoRollJSON.decode(json).midiFile() == file)
  }

  @Test("ticks past the largest delta-time survive JSON and .mid when events are close enough")
  func ticksPastTheLargestDeltaTime() throws {
    let step = 0x0FFF_FFFF
    let file = MIDIFile(
      tracks: [
        Track(events: [
          F.on(step, 60), F.off(2 * step, 60), TrackEvent(tick: 3 * step, .meta(.text(.marker, "far"))),
          F.end(3 * step),
        ])
      ])
    let json = PianoRollJSON.encode(Song(file: file))
    #expect(String(decoding: json, as: UTF8.self).contains("\"tick\": \(3 * step)"))
    let decoded = try PianoRollJSON.decode(json)
    #expect(decoded.midiFile() == file)
    #expect(try MIDIFile.read(decoded.serialized()).file == file)
  }

  @Test("a second MThd chunk, kept by the SMF reader, survives JSON")
  func secondHeaderChunk() throws {
    let file = MIDIFile(
      tracks: [Track(events: [F.end(0)])],
      unknownChunks: [UnknownChunk(type: .header, data: [0, 1, 0, 1, 0, 96], tracksBefore: 0)])
    let decoded = try PianoRollJSON.decode(PianoRollJSON.encode(Song(file: file)))
    #expect(decoded.midiFile() == file)
  }

  @Test("hand-written JSON with positions only gives the expected file")
  func positionsOnly() throws {
    let song = try decode(
      """
      {"midiroll": 1, "format": 1, "ticksPerBeat": 96,
       "tempos": [{"bar": 1, "bpm": 90}],
       "timeSignatures": [{"bar": 0, "numerator": 3, "denominator": 4}, {"bar": 2, "numerator": 6, "denominator": 8}],
       "keySignatures": [{"tick": 0, "sharps": -1, "minor": true}],
       "tracks": [{"name": "Lead", "comment": "ignored", "notes": [
         {"pitch": 60, "position": {"bar": 0}, "duration": {"beat": 1}},
         {"pitch": 62, "velocity": 80, "position": {"bar": 1, "beat": 2, "subbeat": 2}, "duration": {"subbeat": 2}},
         {"pitch": 64, "channel": 2, "position": {"bar": 2, "beat": 5}, "duration": {"bar": 1}},
         {"pitch": 65, "seconds": 0.0, "durationSeconds": 0.5}
       ]}]}
      """)
    // Bar 0 and 1 in 3/4 (288 ticks a bar), 6/8 from bar 2 (tick 576, 48 ticks a beat).
    let expected: [TrackEvent] = [
      F.meta(0, .text(.trackName, "Lead")),
      F.meta(0, .timeSignature(numerator: 3, denominator: 4)),
      F.meta(0, .keySignature(sharps: -1, isMinor: true)),
      F.on(0, 60), F.on(0, 65), F.off(96, 60), F.off(96, 65),
      F.meta(288, .tempo(microsecondsPerQuarter: 666_667)), F.on(288 + 192 + 48, 62, 80),
      F.meta(576, .timeSignature(numerator: 6, denominator: 8)), F.off(288 + 192 + 96, 62),
      TrackEvent(tick: 576 + 240, .channel(.noteOn(channel: 2, key: 64, velocity: 100))),
      TrackEvent(tick: 576 + 240 + 288, .channel(.noteOff(channel: 2, key: 64, velocity: 0))),
    ]
    #expect(Array(song.midiFile().tracks[0].events) == expected)
  }

  @Test("summaries never double the events they summarize")
  func summariesAreViews() throws {
    var file = JSONWriterTests.small
    file.tracks[0].events.insert(F.meta(0, .tempo(microsecondsPerQuarter: 400_000)), at: 0)
    let decoded = try PianoRollJSON.decode(PianoRollJSON.encode(Song(file: file)))
    #expect(Fixtures.eventsPerTick(decoded.midiFile().tracks[0]) == Fixtures.eventsPerTick(file.tracks[0]))
    // A file without tempo or meter gets none from the default summaries.
    let plain = MIDIFile(tracks: [Track(events: [F.on(0, 60), F.off(10, 60), F.end(10)])])
    #expect(try PianoRollJSON.decode(PianoRollJSON.encode(Song(file: plain))).midiFile() == plain)
  }

  @Test("decimal numbers read exactly as Double(text) reads them")
  func decimals() throws {
    var random = SplitMix64(seed: 5)
    for _ in 0..<300 {
      let whole = random.int(in: 4...400)
      let fraction = String(random.int(in: 0...999_999_999_999))
      let text = "\(whole).\(fraction)"
      let song = try decode(
        #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tempos": [{"tick": 5, "bpm": "#
          + text + "}], \"tracks\": []}")
      let expected = Int((60_000_000 / Double(text)!).rounded())
      #expect(song.makeTimeline().tempos.changes.last?.microsecondsPerQuarter == expected, "\(text)")
    }
  }

  @Test("an empty file and a file without tracks read back")
  func empty() throws {
    let none = MIDIFile(format: .singleTrack, division: .ticksPerQuarter(96), tracks: [])
    #expect(try PianoRollJSON.decode(PianoRollJSON.encode(Song(file: none))).midiFile() == none)
    let minimal = try decode(#"{"midiroll": 1, "format": 0, "ticksPerBeat": 480, "tracks": [{}]}"#)
    #expect(minimal.tracks == [SongTrack()])
  }

  /// Broken inputs, each with the path the error must name and a piece of its message.
  static let broken: [(json: String, path: String, message: String)] = [
    ("", "(top level)", "the input is empty"),
    ("hello", "(top level)", "expected a value"),
    (#"{"midiroll": 1, "format": 1,"#, "(top level)", "found the end of the input"),
    (#"[1, 2]"#, "(top level)", "expected an object"),
    (
      #"{"midiroll": 2, "format": 1, "ticksPerBeat": 480, "tracks": []}"#, "midiroll",
      "version 2 is not supported"
    ),
    (#"{"midiroll": 1, "format": 1, "tracks": []}"#, "(top level)", "missing \"ticksPerBeat\""),
    (#"{"midiroll": 1, "format": 3, "ticksPerBeat": 480, "tracks": []}"#, "format", "3 is out of range"),
    (#"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": {}}"#, "tracks", "expected an array"),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{}, {}, {"notes": [{"pitch": "C4", "tick": 0, "durationTicks": 1}]}]}"#,
      "tracks[2].notes[0].pitch", "expected an integer 0…127, found a string \"C4\""
    ),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"notes": [{"tick": 0, "durationTicks": 1}]}]}"#,
      "tracks[0].notes[0]", "missing \"pitch\""
    ),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"notes": [{"pitch": 200, "tick": 0, "durationTicks": 1}]}]}"#,
      "tracks[0].notes[0].pitch", "200 is out of range"
    ),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"notes": [{"pitch": 60, "durationTicks": 1}]}]}"#,
      "tracks[0].notes[0]", "missing \"tick\""
    ),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"notes": [{"pitch": 60, "tick": 5}]}]}"#,
      "tracks[0].notes[0]", "missing \"durationTicks\""
    ),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"events": [{"tick": 0, "type": "wobble"}]}]}"#,
      "tracks[0].events[0].type", "\"wobble\" is not allowed here"
    ),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"events": [{"tick": 0, "type": "sysEx", "hex": "F0 4"}]}]}"#,
      "tracks[0].events[0].hex", "expected hexadecimal bytes"
    ),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"events": [{"tick": 0, "type": "controlChange", "channel": 0, "value": 3}]}]}"#,
      "tracks[0].events[0]", "missing \"controller\""
    ),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "timeSignatures": [{"tick": 0, "numerator": 3, "denominator": 3}], "tracks": []}"#,
      "timeSignatures[0].denominator", "expected a power of two"
    ),
    (
      "{\"midiroll\": 1, \"format\": 1, \"ticksPerBeat\": 480, \"tracks\": [{\"notes\": [\n  {\"pitch\": 60,, \"tick\": 0}]}]}",
      "tracks[0].notes[0] (line 2, column 16)", "expected a name in double quotes"
    ),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"notes": [{"pitch": 60, "tick": 0, "durationTicks": 1},]}]}"#,
      "tracks[0].notes[1]", "expected a value"
    ),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"name": "a\u00"}]}"#,
      "tracks[0].name", "four hexadecimal digits"
    ),
    (String(repeating: "[", count: 10_000), "", "levels of nesting"),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [], "unknownChunks": [{"type": "MTrk", "hex": ""}]}"#,
      "unknownChunks[0].type", "not MTrk"
    ),
  ]

  /// Broken inputs that the schema cannot refuse (it cannot compare two events' ticks): events
  /// of a track further apart than a delta-time can say.
  static let brokenBeyondSchema: [(json: String, path: String, message: String)] = [
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"events": [{"tick": 5, "type": "marker", "text": "a"}, {"tick": 268435461, "type": "marker", "text": "b"}]}]}"#,
      "tracks[0].events[1]", "at most 268435455 ticks after the track's event before it, at tick 5"
    ),
    (
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"notes": [{"pitch": 60, "tick": 0, "durationTicks": 268435456}]}]}"#,
      "tracks[0].notes[0]", "tick 268435456 is out of range"
    ),
  ]

  @Test("broken JSON gives a one-line error naming the JSON path", arguments: broken + brokenBeyondSchema)
  func brokenJSON(json: String, path: String, message: String) {
    do {
      _ = try decode(json)
      Issue.record("no error for \(json)")
    } catch {
      #expect(error.description.hasPrefix(path), "\(error.description)")
      #expect(error.description.contains(message), "\(error.description)")
      #expect(!error.description.contains("\n"))
      #expect(error.description(file: "song.json").hasPrefix("song.json: "))
    }
  }

  @Test("invalid UTF-8 in a string is an error, not a crash")
  func invalidUTF8() {
    var bytes = Array(#"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"name": "x"}]}"#.utf8)
    bytes[bytes.count - 6] = 0xFF
    #expect(throws: PianoRollJSONError.self) { try PianoRollJSON.decode(bytes) }
  }

  @Test("the error carries its path as a value")
  func pathValue() {
    do {
      _ = try decode(JSONReaderTests.broken[8].json)
    } catch {
      #expect(
        error.path == JSONPath([.name("tracks"), .index(2), .name("notes"), .index(0), .name("pitch")]))
      #expect(error.path.description == "tracks[2].notes[0].pitch")
    }
  }
}
