import PianoRoll
import PianoRollJSON
import PianoRollRender
import SMF
import Testing

@testable import PianoRollWeb

/// The page as bytes: self-contained, every part in place, the song embedded as it encodes.
@Suite struct PageAssemblyTests {
  /// A two-note song whose track name could close a `<script>` element.
  static func song() throws -> Song {
    let json = """
      {"midiroll": 1, "format": 1, "ticksPerBeat": 480, "tracks": [{"name": "</script><b>x",
       "notes": [{"pitch": 60, "velocity": 90, "tick": 0, "durationTicks": 480},
                 {"pitch": 64, "velocity": 30, "tick": 480, "durationTicks": 240}], "events": []}]}
      """
    return try PianoRollJSON.decode(Array(json.utf8))
  }

  @Test func everyMarkerIsReplacedAndEveryScriptIsInline() throws {
    let page = String(decoding: PianoRollPage(song: try Self.song()).html(), as: UTF8.self)
    #expect(!page.contains("/* midiroll:"))
    for name in PianoRollPage.scriptOrder {
      let source = try #require(WebPageSources.files[name], "\(name) is embedded")
      #expect(page.contains(source))
    }
    #expect(page.contains(try #require(WebPageSources.files["page.css"])))
    #expect(page.hasPrefix("<!DOCTYPE html>"))
  }

  @Test func thePageLoadsNothingFromOutside() throws {
    let page = String(decoding: PianoRollPage(song: try Self.song()).html(), as: UTF8.self).lowercased()
    for reference in ["http://", "https://", "src=", "<link", "@import", "fetch(", "xmlhttprequest"] {
      #expect(!page.contains(reference), "the page refers to \(reference)")
    }
    #expect(!(try #require(WebPageSources.files["page.css"])).contains("url("), "the style loads a file")
  }

  @Test func theSongIsEmbeddedAsItsJSONWithLessThanSignsEscaped() throws {
    let song = try Self.song()
    let page = PianoRollPage(song: song).html()
    let text = String(decoding: page, as: UTF8.self)
    let open = "<script type=\"application/json\" id=\"midiroll-song\">"
    let start = try #require(text.firstRange(of: open)).upperBound
    let end = try #require(text[start...].firstRange(of: "</script>")).lowerBound
    let embedded = String(text[start..<end])
    #expect(!embedded.contains("<"))
    let decoded = try PianoRollJSON.decode(Array(embedded.utf8))
    #expect(PianoRollJSON.encode(decoded) == PianoRollJSON.encode(song))
  }

  /// The page reads event rows with its own copy of the table: it must be midiroll's.
  @Test func thePagesEventRowsAreMidirollsTable() throws {
    let script = try #require(WebPageSources.files["song.js"])
    let start = try #require(script.firstRange(of: "const EVENT_ROW_FIELDS = {")).upperBound
    let end = try #require(script[start...].firstRange(of: "};")).lowerBound
    var rows: [String: [String]] = [:]
    for line in script[start..<end].split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let fields = parts[1].split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map {
        String($0.element)
      }
      rows[String(parts[0].filter { $0 != " " })] = fields
    }
    #expect(
      rows
        == Dictionary(
          uniqueKeysWithValues: PianoRollJSON.eventRows.map { ($0.type, $0.fields.map(\.rawValue)) }))
  }

  @Test func settingsCarryZoomColoursAndAnEscapedTitle() throws {
    let options = PageOptions(zoom: .eighth.triplet, coloring: .fire, title: "a \"b\" </script>\n")
    #expect(
      options.settingsJSON
        == #"{"zoom": "1/8t", "colors": "fire", "title": "a \"b\" \u003c/script>\n"}"#)
  }
}
