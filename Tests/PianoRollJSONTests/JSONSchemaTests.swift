import Foundation
import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

/// midiroll's JSON validates against `Schemas/midiroll-pianoroll-v1.schema.json` (checked by
/// python3's `jsonschema`, Draft 2020-12, in a child process).
@Suite("Piano-roll JSON schema", .tags(.judge), .tiered)
struct JSONSchemaTests {
  static let schema = TestPaths.root.appendingPathComponent("Schemas/midiroll-pianoroll-v1.schema.json")

  static let validator = """
    import json, sys
    try:
        import jsonschema
    except ImportError:
        print("python3 has no jsonschema module: run `pip install jsonschema`")
        sys.exit(3)
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    expect_invalid = sys.argv[2] == "--invalid"
    wrong = 0
    for path in sys.argv[3:]:
        try:
            document = json.load(open(path))
        except (ValueError, RecursionError):
            if expect_invalid:
                continue  # not JSON at all: a syntax error, not the schema's business
            raise
        errors = list(validator.iter_errors(document))
        if expect_invalid and not errors:
            wrong += 1
            print(f"{path}: accepted, expected a schema error")
        if not expect_invalid and errors:
            wrong += 1
            error = errors[0]
            print(f"{path}: {'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")
    sys.exit(1 if wrong else 0)
    """

  /// Songs that use every part of the format.
  static func songs() throws -> [(String, Song)] {
    var songs: [(String, Song)] = [("small", Song(file: JSONWriterTests.small))]
    var events: [TrackEvent] = [
      TrackEvent(tick: 0, .channel(ChannelMessage(.polyPressure, channel: 3, 60, 70))),
      TrackEvent(tick: 0, .channel(ChannelMessage(.channelPressure, channel: 15, 9))),
      TrackEvent(tick: 1, .channel(.noteOff(channel: 2, key: 10, velocity: 3))),
      TrackEvent(tick: 1, .sysEx(SysExEvent(.start, data: [0x43, 0x10, 0xF7]))),
      TrackEvent(tick: 1, .sysEx(SysExEvent(.continuation, data: []))),
      TrackEvent(tick: 2, .channel(.noteOn(channel: 0, key: 1, velocity: 1))),
    ]
    for meta in [
      MetaEvent(.sequenceNumber, data: [1, 2]), MetaEvent(.copyright, data: [0xA9, 0xFF]),
      .text(.marker, "é\"\\"), MetaEvent(.channelPrefix, data: [5]), MetaEvent(.port, data: [1]),
      MetaEvent(.tempo, data: [1]), MetaEvent(.smpteOffset, data: [1, 2, 3, 4, 5]),
      MetaEvent(.sequencerSpecific, data: [0x41]), MetaEvent(type: 0x60, data: [9]),
      .keySignature(sharps: -3, isMinor: true), .timeSignature(numerator: 7, denominator: 8),
    ] {
      events.append(TrackEvent(tick: 3, .meta(meta)))
    }
    events.append(TrackEvent(tick: 9, .meta(.endOfTrack)))
    songs.append(("events", Song(file: MIDIFile(tracks: [Track(events: events), Track()]))))
    songs.append(
      (
        "smpte",
        Song(
          file: MIDIFile(
            format: .singleTrack, division: .smpte(framesPerSecond: 25, ticksPerFrame: 40),
            tracks: [Track(events: [Fixtures.on(0, 60), Fixtures.end(100)])],
            unknownChunks: [UnknownChunk(type: ChunkType("XFIH"), data: [1], tracksBefore: 0)]))
      ))
    songs.append(("empty", Song(file: MIDIFile(tracks: []))))
    // A few real files, the smallest (jsonschema in Python is slow on big documents).
    let size = { (path: String) in
      (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
    let real = TestPaths.debianMIDIFiles().sorted { size($0) < size($1) }.prefix(3) + TestPaths.samples()
    for path in real {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      songs.append((URL(fileURLWithPath: path).lastPathComponent, try Song(bytes: bytes)))
    }
    return songs
  }

  /// Writes each document to a temporary file and checks them all with python3's jsonschema:
  /// every one must be valid (`expectValid`) or every one refused.
  static func check(_ documents: [(name: String, bytes: [UInt8])], expectValid: Bool) throws {
    try #require(
      Subprocess.exists("python3"), "python3 is missing: the schema test needs python3 with jsonschema")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pianoroll-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for document in documents {
      let url = folder.appendingPathComponent(document.name + ".json")
      try Data(document.bytes).write(to: url)
      paths.append(url.path)
    }
    let script = folder.appendingPathComponent("validate.py")
    try validator.write(to: script, atomically: true, encoding: .utf8)
    let mode = expectValid ? "--valid" : "--invalid"
    let result = try Subprocess.run("python3", [script.path, schema.path, mode] + paths)
    try #require(result.status != 3, "\(result.output)")
    #expect(result.status == 0, "\(result.output)")
  }

  @Test("midiroll's output validates against the schema (Draft 2020-12)")
  func validates() throws {
    try Self.check(
      try Self.songs().flatMap {
        [
          ($0.0, PianoRollJSON.encode($0.1)),
          ($0.0 + "-compact", PianoRollJSON.encode($0.1, profile: .compact)),
        ]
      }, expectValid: true)
  }

  @Test("the schema's note and event rows are the reader's: the same slots in the same order")
  func rowsAreTheTable() throws {
    let schema = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schema)) as? [String: Any])
    let definitions = try #require(schema["$defs"] as? [String: Any])
    func titles(_ row: Any?) throws -> [String] {
      let items = try #require((row as? [String: Any])?["prefixItems"] as? [[String: Any]])
      return items.compactMap { $0["title"] as? String }
    }
    #expect(
      try titles(definitions["noteRow"])
        == ["tick", "durationTicks", "pitch", "velocity", "channel", "off"])
    let variants = try #require((definitions["eventRow"] as? [String: Any])?["oneOf"] as? [[String: Any]])
    var rows: [String: [String]] = [:]
    for variant in variants {
      let items = try #require(variant["prefixItems"] as? [[String: Any]])
      let type = try #require(items.count >= 2 ? items[1]["const"] as? String : nil)
      rows[type] = try titles(variant)
    }
    let expected = Dictionary(
      uniqueKeysWithValues: PianoRollJSON.eventRows.map {
        ($0.type, ["tick", "type"] + $0.fields.map(\.rawValue))
      })
    #expect(rows == expected)
  }

  @Test("the schema refuses what the reader refuses")
  func refuses() throws {
    // Documents that are not JSON at all are skipped by the script.
    try Self.check(
      JSONReaderTests.broken.enumerated().map { ("broken-\($0.offset)", Array($0.element.json.utf8)) }
        + JSONStrictReadingTests.refusedBySchema.map { ($0.name, Array($0.json.utf8)) },
      expectValid: false)
  }
}
