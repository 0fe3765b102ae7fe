import Foundation
import PianoRoll
import SMF
import TestSupport
import Testing

/// The edit commands' outputs read by mido, a reader nobody here wrote.
@Suite("Edited files read by mido", .tags(.judge), .tiered, .requires(.python))
struct EditMidoTests {
  /// Prints, per file: type, ticks per beat, track count, then every message (End of Track left
  /// out) as `tick message`, sorted — the events of the song with their absolute ticks.
  static let script = """
    import json, sys, mido
    out = []
    for path in sys.argv[1:]:
        f = mido.MidiFile(path)
        events = []
        for track in f.tracks:
            tick = 0
            for message in track:
                tick += message.time
                if message.type == 'end_of_track':
                    continue
                events.append('%d %s' % (tick, message.copy(time=0)))
        out.append({'type': f.type, 'ticksPerBeat': f.ticks_per_beat, 'tracks': len(f.tracks),
                    'events': sorted(events)})
    print(json.dumps(out))
    """

  struct Summary: Decodable {
    var type: Int
    var ticksPerBeat: Int
    var tracks: Int
    var events: [String]
  }

  static func read(_ paths: [String]) throws -> [Summary] {
    let result = try Python.run(script: script, paths)
    #expect(result.status == 0, "\(result.output)")
    return try JSONDecoder().decode([Summary].self, from: result.standardOutput)
  }

  @Test(
    "merge: mido reads type 0 with the same messages at the same ticks; split: type 1, same messages; slice: the state at tick 0"
  )
  func mido() throws {
    guard Python.executable != nil else {
      Issue.record("no Python virtual environment: run `make deps`")
      return
    }
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try EditCommandSong.write(in: folder)
    let merged = folder.appendingPathComponent("merged.mid")
    let split = folder.appendingPathComponent("split.mid")
    let sliced = folder.appendingPathComponent("sliced.mid")
    #expect(try runMIDIRoll(["merge", input.path, merged.path]).status == 0)
    #expect(try runMIDIRoll(["split", merged.path, split.path, "--by", "program"]).status == 0)
    #expect(try runMIDIRoll(["slice", input.path, sliced.path, "--bars", "3...4"]).status == 0)
    let summaries = try Self.read([input.path, merged.path, split.path, sliced.path])
    try #require(summaries.count == 4)
    let (original, mergedFile) = (summaries[0], summaries[1])
    let (splitFile, slicedFile) = (summaries[2], summaries[3])
    #expect(mergedFile.type == 0 && mergedFile.tracks == 1)
    #expect(mergedFile.events == original.events)
    // By program: the conductor, programs 5 and 40 of channel 1, the drums.
    #expect(splitFile.type == 1 && splitFile.tracks == 4)
    #expect(splitFile.events == original.events)

    // The slice, computed from the original's messages: the last of each state before tick 3840
    // at tick 0 (the 3/4 at 3840 is kept as itself), then the messages from 3840 to 6720 moved back.
    let atStart = slicedFile.events.filter { $0.hasPrefix("0 ") }
    let expectedAtStart = [
      "0 MetaMessage('time_signature', numerator=3, denominator=4, clocks_per_click=24, "
        + "notated_32nd_notes_per_beat=8, time=0)",
      "0 MetaMessage('set_tempo', tempo=1000000, time=0)",
      "0 MetaMessage('key_signature', key='Em', time=0)",
      "0 program_change channel=0 program=40 time=0",
      "0 control_change channel=0 control=7 value=90 time=0",
      "0 control_change channel=0 control=64 value=127 time=0",
      "0 note_on channel=0 note=108 velocity=44 time=0",
      "0 note_on channel=9 note=36 velocity=100 time=0",
    ]
    #expect(atStart == expectedAtStart.sorted())
    let later = original.events.compactMap { line -> String? in
      let parts = line.split(separator: " ", maxSplits: 1)
      // Before the end, or a note-off at the end.
      guard let tick = Int(parts[0]), tick > 3840, tick < 6720 || line.contains("note_off") else {
        return nil
      }
      return "\(tick - 3840) \(parts[1])"
    }
    #expect(slicedFile.events.filter { !$0.hasPrefix("0 ") } == later.sorted())
  }
}
