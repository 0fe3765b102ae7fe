import Foundation
import TestSupport
import Testing

/// Piano-roll JSON as an editing format: a real file's JSON edited by a Python script (the
/// order hints left as they were), converted back, and read by mido: exactly the edited notes.
@Suite("Piano-roll JSON edited and converted back", .tags(.judge), .tiered, .requires(.python))
struct JSONEditTests {
  /// `edit.py IN.json OUT.json EDIT`: edits the track with the most notes; prints the notes the
  /// document then states, per track, as `[track, start, end, pitch, channel, velocity]`.
  static let editScript = """
    import json, random, sys
    source, target, edit = sys.argv[1:4]
    doc = json.load(open(source))
    compact = doc.get('profile') == 'compact'
    tracks = doc['tracks']
    t = max(range(len(tracks)), key=lambda i: len(tracks[i].get('notes') or []))
    notes = tracks[t]['notes']
    rng = random.Random(23)
    def row(note):
        if isinstance(note, list):
            return note
        return [note['tick'], note['durationTicks'], note['pitch'], note.get('velocity', 100), note.get('channel', 0)]
    if edit == 'delete':
        del notes[len(notes) // 2]
    elif edit == 'deleteTen':
        for _ in range(10):
            del notes[rng.randrange(len(notes))]
    elif edit == 'insertRow':
        notes.insert(3, [notes[0][0] if compact else notes[0]['tick'], 240, 127, 99, 15, 0])
    elif edit == 'insertObject':
        tick = row(notes[0])[0]
        notes.insert(3, {'tick': tick, 'durationTicks': 240, 'pitch': 127, 'velocity': 99, 'channel': 15})
    elif edit == 'shuffle':
        rng.shuffle(notes)
    elif edit == 'move':
        k = len(notes) // 3
        if compact:
            notes[k][0] += 1
        else:
            notes[k]['tick'] += 1
    elif edit == 'empty':
        tracks[t]['notes'] = []
    elif edit == 'deleteEvent':
        for i, track in enumerate(tracks):
            events = track.get('events') or []
            kinds = [e[1] if isinstance(e, list) else e['type'] for e in events]
            if 'controlChange' in kinds:
                del events[kinds.index('controlChange')]
                break
    json.dump(doc, open(target, 'w'))
    stated = []
    for i, track in enumerate(tracks):
        for note in track.get('notes') or []:
            tick, duration, pitch, velocity, channel = row(note)[:5]
            stated.append([i, tick, tick + duration, pitch, channel, velocity])
    print(json.dumps(sorted(stated)))
    """

  /// `stated.py FILE.json`: the notes a document states, as the edit script prints them.
  static let statedScript = """
    import json, sys
    stated = []
    for i, track in enumerate(json.load(open(sys.argv[1]))['tracks']):
        for note in track.get('notes') or []:
            if isinstance(note, dict):
                note = [note['tick'], note['durationTicks'], note['pitch'], note.get('velocity', 100), note.get('channel', 0)]
            stated.append([i, note[0], note[0] + note[1], note[2], note[4], note[3]])
    print(json.dumps(sorted(stated)))
    """

  /// `notes.py FILE.mid`: the notes mido reads (paired first in, first out per channel and
  /// key; a note still sounding ends at its track's end), as the edit script prints them.
  static let midoScript = """
    import json, sys, mido
    f = mido.MidiFile(sys.argv[1])
    notes = []
    for i, track in enumerate(f.tracks):
        tick = 0
        sounding = {}
        for message in track:
            tick += message.time
            if message.type == 'note_on' and message.velocity > 0:
                sounding.setdefault((message.channel, message.note), []).append((tick, message.velocity))
            elif message.type in ('note_on', 'note_off'):
                queue = sounding.get((message.channel, message.note))
                if queue:
                    start, velocity = queue.pop(0)
                    notes.append([i, start, tick, message.note, message.channel, velocity])
        for (channel, note), queue in sounding.items():
            for start, velocity in queue:
                notes.append([i, start, tick, note, channel, velocity])
    print(json.dumps(sorted(notes)))
    """

  static let edits = [
    "delete", "deleteTen", "insertRow", "insertObject", "shuffle", "move", "empty", "deleteEvent",
  ]

  @Test("each edit converts back with exactly the notes the JSON states, in both profiles", arguments: edits)
  func edit(_ edit: String) throws {
    guard Python.executable != nil else {
      Issue.record("no Python virtual environment: run `make deps`")
      return
    }
    guard let song = RealFiles.debianFiles.first(where: { $0.hasSuffix("music004.mid") }) else {
      Issue.record("planetblupi-music-midi is not installed")
      return
    }
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for profile in ["full", "compact"] {
      let json = folder.appendingPathComponent("\(profile).json").path
      let edited = folder.appendingPathComponent("\(profile)-edited.json").path
      let mid = folder.appendingPathComponent("\(profile).mid").path
      let written = try runMIDIRoll(["convert", song, json] + (profile == "compact" ? ["--compact"] : []))
      #expect(written.status == 0, "\(written.stderr)")
      let stated = try Python.run(script: Self.editScript, [json, edited, edit])
      try #require(stated.status == 0, "\(stated.output)")
      // A moved note's position and seconds (full profile) are stale: the tick wins.
      let converted = try runMIDIRoll(["convert", edited, mid, "--prefer", "ticks"])
      #expect(converted.status == 0, "\(profile) \(edit): \(converted.stderr)")
      #expect(converted.stderr.isEmpty, "\(profile) \(edit): \(converted.stderr)")
      let read = try Python.run(script: Self.midoScript, [mid])
      try #require(read.status == 0, "\(read.output)")
      let statedNotes = try JSONDecoder().decode([[Int]].self, from: stated.standardOutput)
      let readNotes = try JSONDecoder().decode([[Int]].self, from: read.standardOutput)
      #expect(statedNotes.count == readNotes.count, "\(profile) \(edit)")
      #expect(
        statedNotes == readNotes,
        "\(profile) \(edit): first difference \(Self.firstDifference(statedNotes, readNotes))")
    }
  }

  @Test(
    "a moved note's stale position is refused, naming --prefer; --prefer positions places it by its position")
  func stalePosition() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("song.json")
    let mid = folder.appendingPathComponent("song.mid").path
    let text = """
      {"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"notes": [
        {"pitch": 60, "tick": 490, "durationTicks": 240, "position": {"bar": 0, "beat": 1}}]}]}
      """
    try text.write(to: json, atomically: true, encoding: .utf8)
    let refused = try runMIDIRoll(["convert", json.path, mid])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("tracks[0].notes[0].position"), "\(refused.stderr)")
    #expect(refused.stderr.contains("--prefer ticks or --prefer positions"), "\(refused.stderr)")
    #expect(!refused.stderr.contains("position winning"))
    for (prefer, tick) in [("ticks", 490), ("positions", 480)] {
      let run = try runMIDIRoll(["convert", json.path, mid, "--prefer", prefer, "--force"])
      #expect(run.status == 0, "\(run.stderr)")
      let back = folder.appendingPathComponent("\(prefer).json")
      #expect(try runMIDIRoll(["convert", mid, back.path, "--compact"]).status == 0)
      let compact = try String(contentsOf: back, encoding: .utf8)
      #expect(compact.contains("[\(tick),240,60,100,0,0]"), "\(prefer): \(compact)")
    }
    // batch takes --prefer too.
    let input = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    try text.write(to: input.appendingPathComponent("song.json"), atomically: true, encoding: .utf8)
    let batch = try runMIDIRoll([
      "batch", input.path, folder.appendingPathComponent("out").path, "--to", "mid", "--prefer", "positions",
      "--quiet",
    ])
    #expect(batch.status == 0, "\(batch.stderr)")
  }

  static func firstDifference(_ a: [[Int]], _ b: [[Int]]) -> String {
    for (x, y) in zip(a, b) where x != y { return "\(x) → \(y)" }
    return "\(a.count) → \(b.count) notes"
  }
}
