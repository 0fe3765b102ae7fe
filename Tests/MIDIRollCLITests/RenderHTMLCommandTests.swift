import Foundation
import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

/// `midiroll render IN OUT.html`: the interactive page (the page itself is tested in a browser by
/// Tests/PianoRollWebTests).
@Suite("midiroll render OUT.html")
struct RenderHTMLCommandTests {
  /// The text of the `<script type="application/json">` element with this id.
  static func scriptData(_ page: String, id: String) throws -> String {
    let open = "<script type=\"application/json\" id=\"\(id)\">"
    let start = try #require(page.firstRange(of: open)).upperBound
    let end = try #require(page[start...].firstRange(of: "</script>")).lowerBound
    return String(page[start..<end])
  }

  @Test("the page embeds the song as convert --compact writes it, and the options it opens with")
  func page() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = samplesFolder.appendingPathComponent("jig-to-waltz-6-8-3-4.mid").path
    let output = folder.appendingPathComponent("roll.html")
    let result = try runMIDIRoll(["render", input, output.path, "--zoom", "1/8t", "--colors", "ocean"])
    #expect(result.status == 0, "\(result.stderr)")
    let page = String(decoding: try Data(contentsOf: output), as: UTF8.self)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    let converted = try runMIDIRoll(["convert", input, "-", "--to", "json", "--compact"])
    #expect(try Self.scriptData(page, id: "midiroll-song") == converted.stdoutText)
    #expect(
      try Self.scriptData(page, id: "midiroll-settings")
        == #"{"zoom": "1/8t", "colors": "ocean", "title": "jig-to-waltz-6-8-3-4.mid"}"#)
    #expect(try Self.scriptData(page, id: "midiroll-before").isEmpty)
    #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.count == 1)
  }

  @Test("--before embeds the original too; .htm works; other outputs are usage errors")
  func beforeAndOutputs() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = samplesFolder.appendingPathComponent("loose-melody.mid").path
    let quantized = folder.appendingPathComponent("q.mid").path
    #expect(try runMIDIRoll(["quantize", input, quantized, "--grid", "1/16", "--quiet"]).status == 0)
    let output = folder.appendingPathComponent("roll.HTM")
    let result = try runMIDIRoll(["render", quantized, output.path, "--before", input])
    #expect(result.status == 0, "\(result.stderr)")
    let page = String(decoding: try Data(contentsOf: output), as: UTF8.self)
    let before = try PianoRollJSON.decode(Array(try Self.scriptData(page, id: "midiroll-before").utf8))
    #expect(
      before.noteCount == (try Song(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: input))))).noteCount)

    let wrong = try runMIDIRoll(["render", input, folder.appendingPathComponent("roll.png").path])
    #expect(wrong.status == 2)
    #expect(wrong.stderr.contains("must be an .svg, .html or .wav file"))
  }
}
