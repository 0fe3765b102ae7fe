import Foundation
import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("midiroll convert with piano-roll JSON")
struct JSONConvertTests {
  @Test(
    ".mid → JSON → .mid keeps every event; JSON → .mid → JSON is byte-identical", arguments: try sampleFiles()
  )
  func roundTrip(sample: URL) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("song.json").path
    let mid = folder.appendingPathComponent("song.mid").path
    let again = folder.appendingPathComponent("again.json").path
    for arguments in [[sample.path, json], [json, mid], [mid, again]] {
      let run = try runMIDIRoll(["convert"] + arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    let original = try MIDIFile(bytes: [UInt8](Data(contentsOf: sample)))
    let rewritten = try MIDIFile(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: mid))))
    // The samples are written in docs/docs/DESIGN.md's order within a tick, so they come back event for event.
    #expect(rewritten == original)
    #expect(try Data(contentsOf: URL(fileURLWithPath: json)) == Data(contentsOf: URL(fileURLWithPath: again)))
  }

  @Test("convert --compact and batch --compact write the compact profile, which reads back to the same .mid")
  func compact() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sample = samplesFolder.appendingPathComponent("c-major-arpeggio.mid")
    let full = folder.appendingPathComponent("full.json").path
    let compact = folder.appendingPathComponent("compact.json").path
    for arguments in [[sample.path, full], ["--compact", sample.path, compact]] {
      let run = try runMIDIRoll(["convert"] + arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    let compactBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: compact)))
    #expect(String(decoding: compactBytes, as: UTF8.self).hasPrefix(#"{"midiroll":1,"profile":"compact","#))
    #expect(compactBytes.count < (try Data(contentsOf: URL(fileURLWithPath: full))).count / 2)
    let fromFull = folder.appendingPathComponent("from-full.mid").path
    let fromCompact = folder.appendingPathComponent("from-compact.mid").path
    #expect(try runMIDIRoll(["convert", full, fromFull]).status == 0)
    #expect(try runMIDIRoll(["convert", compact, fromCompact]).status == 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: fromFull))
        == Data(contentsOf: URL(fileURLWithPath: fromCompact)))

    let input = folder.appendingPathComponent("in")
    let output = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: sample, to: input.appendingPathComponent("a.mid"))
    let batch = try runMIDIRoll(["batch", input.path, output.path, "--to", "json", "--compact", "--quiet"])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(try Data(contentsOf: output.appendingPathComponent("a.json")) == Data(compactBytes))
  }

  @Test("JSON through standard streams")
  func streams() throws {
    let sample = samplesFolder.appendingPathComponent("c-major-arpeggio.mid")
    let toJSON = try runMIDIRoll(["convert", sample.path, "-", "--to", "json"])
    #expect(toJSON.status == 0, "\(toJSON.stderr)")
    #expect(toJSON.stdoutText.hasPrefix("{"))
    let back = try runMIDIRoll(["convert", "-", "-", "--from", "json", "--to", "mid"], stdin: toJSON.stdout)
    #expect(back.status == 0, "\(back.stderr)")
    #expect(try MIDIFile(bytes: back.stdout) == MIDIFile(bytes: [UInt8](Data(contentsOf: sample))))
  }

  @Test("hand-written JSON with positions only becomes the expected .mid")
  func positionsOnly() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("hand.json")
    try Data(
      """
      {"midiroll": 1, "format": 1, "ticksPerBeat": 480,
       "timeSignatures": [{"bar": 0, "numerator": 3, "denominator": 4}],
       "tracks": [{"notes": [
         {"pitch": 60, "position": {"bar": 0}, "duration": {"beat": 1}},
         {"pitch": 64, "position": {"bar": 1, "beat": 2, "subbeat": 1}, "duration": {"subbeat": 2}}
       ]}]}
      """.utf8
    ).write(to: json)
    let mid = folder.appendingPathComponent("hand.mid").path
    let run = try runMIDIRoll(["convert", json.path, mid])
    #expect(run.status == 0, "\(run.stderr)")
    let file = try MIDIFile(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: mid))))
    let notes = file.tracks[0].events.compactMap { item -> (Int, UInt8, Bool)? in
      guard let message = item.event.channelMessage else { return nil }
      return (item.tick, message.data1, message.isNoteStart)
    }
    // 3/4 at 480 ticks a beat: bar 1 starts at 1440; beat 2 adds 960, subbeat 1 adds 120.
    let expected: [(Int, UInt8, Bool)] = [
      (0, 60, true), (480, 60, false), (2520, 64, true), (2760, 64, false),
    ]
    #expect(notes.map(\.0) == expected.map(\.0))
    #expect(notes.map(\.1) == expected.map(\.1))
    #expect(notes.map(\.2) == expected.map(\.2))
  }

  /// Ten kinds of broken JSON, each with the JSON path its error must name.
  static let broken: [(name: String, json: String, path: String)] = [
    ("empty", "", "(top level)"),
    ("not JSON", "MThd? no", "(top level)"),
    (
      "cut short", #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"notes": ["#,
      "tracks[0].notes"
    ),
    ("an array", "[]", "(top level)"),
    ("wrong version", #"{"midiroll": 7, "format": 1, "ticksPerBeat": 480, "tracks": []}"#, "midiroll"),
    ("no tracks", #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480}"#, "(top level)"),
    (
      "pitch is text",
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{}, {"notes": [{"pitch": "C", "tick": 0, "durationTicks": 5}]}]}"#,
      "tracks[1].notes[0].pitch"
    ),
    (
      "velocity too high",
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"notes": [{"pitch": 60, "velocity": 300, "tick": 0, "durationTicks": 5}]}]}"#,
      "tracks[0].notes[0].velocity"
    ),
    (
      "unknown event type",
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"events": [{"tick": 0, "type": "boing"}]}]}"#,
      "tracks[0].events[0].type"
    ),
    (
      "meter denominator 5",
      #"{"midiroll": 1, "format": 1, "ticksPerBeat": 480, "timeSignatures": [{"tick": 0, "numerator": 4, "denominator": 5}], "tracks": []}"#,
      "timeSignatures[0].denominator"
    ),
  ]

  @Test("broken JSON: one line with the file and the JSON path, exit 1", arguments: broken)
  func brokenJSON(name: String, json: String, path: String) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("broken.json")
    try Data(json.utf8).write(to: input)
    let output = folder.appendingPathComponent("out.mid").path
    let run = try runMIDIRoll(["convert", input.path, output])
    #expect(run.status == 1, "\(name): \(run.stderr)")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(name): \(run.stderr)")
    #expect(run.stderr.hasPrefix("midiroll: \(input.path): \(path)"), "\(name): \(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
