import Foundation
import TestSupport
import Testing

/// README.md's Python example ("Editing piano-roll JSON from a script"), run as written: it
/// transposes a track, deletes its notes below velocity 20, inserts a note and converts back;
/// mido reads the `.mid` and finds exactly the notes the edited JSON states.
@Suite("README's Python example", .tags(.judge), .tiered, .requires(.python))
struct ReadmeExampleTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("README.md")

  /// The Python block after the `<!-- tested: ReadmeExampleTests -->` marker.
  static func example() throws -> String {
    let text = try String(contentsOf: readme, encoding: .utf8)
    let marker = try #require(text.range(of: "<!-- tested: ReadmeExampleTests -->"))
    let rest = text[marker.upperBound...]
    let open = try #require(rest.range(of: "```python\n"))
    let close = try #require(rest[open.upperBound...].range(of: "```"))
    return String(rest[open.upperBound..<close.lowerBound])
  }

  /// Makes `song.json` (compact, as midiroll writes it) from a real file whose biggest track
  /// has every third note at velocity 10.
  static let prepare = """
    import json, sys
    doc = json.load(open(sys.argv[1]))
    track = max(doc['tracks'], key=lambda t: len(t['notes']))
    for index, note in enumerate(track['notes']):
        if index % 3 == 0:
            note[3] = 10
    json.dump(doc, open(sys.argv[2], 'w'))
    print(len(track['notes']) - len(track['notes'][::3]))
    """

  @Test("the example runs, and mido finds exactly the notes the edited JSON states")
  func example() throws {
    guard Python.executable != nil else {
      Issue.record("no Python virtual environment: run `make deps`")
      return
    }
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    let input =
      RealFiles.debianFiles.first { $0.hasSuffix("music000.mid") }
      ?? samplesFolder.appendingPathComponent("c-major-arpeggio.mid").path
    #expect(try runMIDIRoll(["convert", input, path("original.json"), "--compact"]).status == 0)
    let prepared = try Python.run(script: Self.prepare, [path("original.json"), path("soft.json")])
    try #require(prepared.status == 0, "\(prepared.output)")
    let loud = try #require(Int(prepared.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(try runMIDIRoll(["convert", path("soft.json"), path("song.mid")]).status == 0)
    #expect(try runMIDIRoll(["convert", path("song.mid"), path("song.json"), "--compact"]).status == 0)

    let setUp = """
      import os, sys
      os.chdir(sys.argv[1])
      os.environ['PATH'] = sys.argv[2] + os.pathsep + os.environ.get('PATH', '')

      """
    let run = try Python.run(
      script: setUp + (try Self.example()), [folder.path, midirollBinary.deletingLastPathComponent().path])
    try #require(run.status == 0, "\(run.output)")

    // The edited track: the loud notes an octave up, and the one inserted.
    let check = """
      import json, sys
      before = json.load(open(sys.argv[1]))['tracks']
      index = max(range(len(before)), key=lambda i: len(before[i]['notes']))
      track = json.load(open(sys.argv[2]))['tracks'][index]
      print(len(track['notes']), all(n[3] >= 20 for n in track['notes']), [0, 480, 72, 100, 15, 64] in track['notes'])
      """
    let edited = try Python.run(script: check, [path("song.json"), path("edited.json")])
    #expect(edited.output.trimmingCharacters(in: .whitespacesAndNewlines) == "\(loud + 1) True True")
    let stated = try Python.run(script: JSONEditTests.statedScript, [path("edited.json")])
    let read = try Python.run(script: JSONEditTests.midoScript, [path("edited.mid")])
    try #require(stated.status == 0 && read.status == 0, "\(stated.output) \(read.output)")
    let statedNotes = try JSONDecoder().decode([[Int]].self, from: stated.standardOutput)
    let readNotes = try JSONDecoder().decode([[Int]].self, from: read.standardOutput)
    #expect(statedNotes.count == readNotes.count)
    #expect(statedNotes == readNotes, "\(JSONEditTests.firstDifference(statedNotes, readNotes))")
  }
}
