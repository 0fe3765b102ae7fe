import Foundation
import PianoRoll
import SMF
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Counts an SVG's elements by name and class with an XML parser (so the SVG must be well-formed).
final class SVGCounter: NSObject, XMLParserDelegate {
  /// `name.class` → count, for each class of each element.
  var counts: [String: Int] = [:]
  /// The texts of `<text>` elements by class.
  var texts: [String: [String]] = [:]
  private var textClass: String?

  /// Parses `data`; `nil` when it is not well-formed XML.
  static func count(_ data: [UInt8]) -> SVGCounter? {
    let counter = SVGCounter()
    let parser = XMLParser(data: Data(data))
    parser.delegate = counter
    return parser.parse() ? counter : nil
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    counts[name, default: 0] += 1
    for item in (attributes["class"] ?? "").split(separator: " ") {
      counts["\(name).\(item)", default: 0] += 1
    }
    textClass = name == "text" ? attributes["class"] ?? "" : nil
    if let textClass { texts[textClass, default: []].append("") }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard let textClass else { return }
    texts[textClass]![texts[textClass]!.count - 1] += string
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
  {
    textClass = nil
  }
}

@Suite("midiroll render")
struct RenderCommandTests {
  @Test("every sample renders to an SVG with its notes, bars and labels", arguments: try sampleFiles())
  func sample(file: URL) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("roll.svg")
    let result = try runMIDIRoll(["render", file.path, output.path])
    #expect(result.status == 0, "\(result.stderr)")
    let song = try Song(bytes: [UInt8](Data(contentsOf: file)))
    let svg = try #require(SVGCounter.count([UInt8](Data(contentsOf: output))), "not well-formed XML")
    let bars = song.summary.barCount
    #expect(svg.counts["rect.note"] == song.noteCount)
    #expect(svg.counts["line.bar"] == bars + 1)
    #expect(svg.texts["bar-number"] == (1...bars).map(String.init))
    #expect(svg.texts["title"] == [file.lastPathComponent])
    #expect(svg.counts["text.key-name"] ?? 0 >= 12)
    #expect(svg.counts["polygon.tempo-marker"] == song.summary.tempos.count)
    #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.count == 1)
  }

  @Test("bars, keys, zoom, colours and the song compared with")
  func options() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = samplesFolder.appendingPathComponent("two-tracks-tempo-change.mid").path
    let output = folder.appendingPathComponent("roll.svg").path
    let result = try runMIDIRoll([
      "render", input, output, "--bars", "2...3", "--keys", "C5...G5", "--zoom", "1/8", "--colors", "fire",
      "--before", samplesFolder.appendingPathComponent("two-tracks-tempo-change.mid").path, "--beat-width",
      "30",
      "--row-height", "14", "--title", "Compare <me>",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let svg = try #require(SVGCounter.count([UInt8](Data(contentsOf: URL(fileURLWithPath: output)))))
    #expect(svg.texts["bar-number"] == ["2", "3"])
    #expect(svg.counts["line.bar"] == 3)
    #expect(svg.counts["line.beat"] == 2 * 3)
    #expect(svg.counts["line.subdivision"] == 2 * 4)
    #expect(svg.counts["text.key-name"] == 8)
    #expect(svg.counts["rect.before"] == 8)
    #expect(svg.counts["rect.note"] == 16)
    #expect(svg.texts["title"] == ["Compare <me>"])
    #expect(svg.texts["tempo"] == ["♩ = 120", "♩ = 80"])
  }

  @Test(
    "scales and pitches highlight rows; --fold shows only them; --octaves picks the rows",
    arguments: [
      (["--keys", "C4...C5", "--scale", "C major"], 13, 8),
      (["--keys", "C4...C5", "--scale", "C major", "--fold"], 8, 0),
      (["--scale", "D dorian", "--octaves", "4"], 12, 7),
      (["--scale", "D dorian", "--octaves", "4...5", "--fold"], 14, 0),
      (["--keys", "60...72", "--pitches", "C4,E4,G4"], 13, 3),
    ])
  func scales(arguments: [String], rows: Int, highlighted: Int) throws {
    let input = samplesFolder.appendingPathComponent("c-major-arpeggio.mid").path
    let result = try runMIDIRoll(["render", input, "-"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    let svg = try #require(SVGCounter.count(result.stdout))
    #expect(svg.counts["text.key-name"] == rows)
    #expect(svg.counts["rect.highlighted"] ?? 0 == highlighted)
    #expect(
      svg.texts["legend"]?.contains {
        $0.contains("C major") || $0.contains("D dorian") || $0.hasSuffix("G4")
      } == true)
  }

  @Test("standard output with '-'")
  func standardOutput() throws {
    let input = samplesFolder.appendingPathComponent("drum-pattern.mid").path
    let result = try runMIDIRoll(["render", input, "-"])
    #expect(result.status == 0)
    #expect(result.stdoutText.hasPrefix("<?xml"))
    #expect(SVGCounter.count(result.stdout)?.counts["rect.note"] == 26)
  }

  @Test(
    "bad usage exits 2 with one line",
    arguments: [
      ["--zoom", "1/3"], ["--colors", "pink"], ["--bars", "0...2"], ["--bars", "40...50"],
      ["--keys", "H2...C3"],
      ["--row-height", "0"], ["--beat-width", "-4"], ["--scale", "H lydian"], ["--scale", "C funky"],
      ["--fold"], ["--octaves", "4"], ["--scale", "C major", "--pitches", "60"], ["--keys", "C5...C4"],
      ["--scale", "C major", "--octaves", "12"], ["--zoom", "1/8t."],
    ])
  func badUsage(arguments: [String]) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = samplesFolder.appendingPathComponent("c-major-arpeggio.mid").path
    let output = folder.appendingPathComponent("roll.svg").path
    let result = try runMIDIRoll(["render", input, output] + arguments)
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("an output that is not .svg is refused; a missing input is bad input")
  func paths() throws {
    let input = samplesFolder.appendingPathComponent("c-major-arpeggio.mid").path
    let notSVG = try runMIDIRoll(["render", input, "/tmp/roll.mid"])
    #expect(notSVG.status == 2)
    let missing = try runMIDIRoll(["render", "/nonexistent/song.mid", "/tmp/roll.svg"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("/nonexistent/song.mid"))
  }
}
