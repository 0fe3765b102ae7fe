import PianoRoll
import PianoRollRender
import SMF
import Testing

@Suite("SVG writer")
struct SVGWriterTests {
  @Test(
    "every sample renders to well-formed SVG with a rectangle per note, a line per bar and a label per bar and key",
    arguments: sampleNames)
  func sample(name: String) throws {
    let song = try sampleSong(name)
    let summary = song.summary
    let svg = try PianoRollLayout(song: song, options: RenderOptions(title: name)).svg
    let document = try #require(SVGElements(svg))
    #expect(document.elements.first?.name == "svg")
    #expect(document.elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")

    #expect(document.all("rect", class: "note").count == song.noteCount)
    #expect(document.all("line", class: "bar").count == summary.barCount + 1)
    #expect(document.all("text", class: "bar-number").map(\.text) == (1...summary.barCount).map(String.init))
    #expect(document.all("text", class: "time-signature").count == summary.timeSignatures.count)
    #expect(document.all("polygon", class: "tempo-marker").count == summary.tempos.count)
    #expect(document.all("text", class: "title").map(\.text) == [name])

    // Rows: whole octaves around the notes, each named.
    let range = try #require(song.pitchRange)
    let octaves = Int(range.upperBound) / 12 - Int(range.lowerBound) / 12 + 1
    let keyNames = document.all("text", class: "key-name").map(\.text)
    #expect(keyNames.count == octaves * 12)
    #expect(keyNames.last == Note.name(ofPitch: Int(range.lowerBound) / 12 * 12))
    #expect(document.all("rect", class: "black-key-top").count == octaves * 5)

    // Every note's tooltip names it.
    let noteTitles = document.elements.filter { $0.name == "title" }.dropFirst().map(\.text)
    #expect(noteTitles.count == song.noteCount)
    #expect(Set(noteTitles.map { String($0.prefix { $0 != " " }) }) == Set(song.allNotes.map(\.name)))
  }

  @Test("grid lines carry their style: bars strongest, beats medium, subdivisions dashed")
  func lineStyles() throws {
    let song = try sampleSong("c-major-arpeggio.mid")
    let document = try #require(SVGElements(try PianoRollLayout(song: song).svg))
    let groups = Dictionary(
      uniqueKeysWithValues: document.elements.filter {
        $0.name == "g" && ($0.attributes["class"] ?? "").hasSuffix("-lines")
      }
      .map { ($0.attributes["class"]!, $0.attributes) })
    #expect(groups["bar-lines"]?["stroke-width"] == "1.5")
    #expect(groups["beat-lines"]?["stroke-width"] == "1")
    #expect(groups["subdivision-lines"]?["stroke-width"] == "0.5")
    #expect(groups["subdivision-lines"]?["stroke-dasharray"] == "2,2")
    #expect(groups["bar-lines"]?["stroke-dasharray"] == nil)
    #expect(document.all("line", class: "beat").count == 5 * 3)
    #expect(document.all("line", class: "subdivision").count == 5 * 4 * 3)
  }

  @Test("any text is escaped: a track named with markup, quotes and control characters stays text")
  func escaping() throws {
    let name = "<Lead> & \"Bass\" 'n' \u{01}\u{1F}ok]]>"
    let song = makeSong(notes: [Note(pitch: 60, tick: 0, durationTicks: 480)], name: name)
    let svg = try PianoRollLayout(song: song, options: RenderOptions(title: "a<b>&c")).svg
    let document = try #require(SVGElements(svg))
    #expect(document.all("text", class: "title").first?.text == "a<b>&c")
    let legend = try #require(document.all("text", class: "legend").first?.text)
    #expect(legend.hasPrefix("<Lead> & \"Bass\" 'n' \u{FFFD}\u{FFFD}ok]]>"))
    #expect(!svg.contains("<Lead>"))
  }

  @Test("XML escaping and numbers")
  func text() {
    #expect(XMLText.escaped("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&apos;")
    #expect(XMLText.escaped("tab\tnew\nline\u{0}\u{FFFF}é♩") == "tab\tnew\nline\u{FFFD}\u{FFFD}é♩")
    #expect(XMLText.number(12) == "12")
    #expect(XMLText.number(0.5) == "0.5")
    #expect(XMLText.number(-3.256) == "-3.26")
    #expect(XMLText.number(1.005e-7) == "0")
    #expect(XMLText.number(-0.001) == "0")
    #expect(XMLText.number(10.05) == "10.05")
    #expect(XMLText.number(1e20) == "1000000000000000")
    #expect(XMLText.number(.nan) == "0")
  }

  @Test("the song compared with is drawn underneath, dashed; highlighted rows are marked")
  func beforeAndScale() throws {
    let song = try sampleSong("loose-melody.mid")
    let moved = Song(
      format: song.format, division: song.division,
      tracks: song.tracks.map { track in
        var track = track
        track.notes = track.notes.map {
          var note = $0; note.tick = (note.tick + 60) / 120 * 120; return note
        }
        return track
      })
    let scale = RowSelection(highlighted: RowSelection.pitches(inPitchClasses: [0, 2, 4, 5, 7, 9, 11]))
    let svg = try PianoRollLayout(
      song: moved, before: song, options: RenderOptions(rows: scale, beforeTitle: "loose-melody.mid")
    ).svg
    let document = try #require(SVGElements(svg))
    #expect(document.all("rect", class: "before").count == song.noteCount)
    #expect(document.all("rect", class: "note").count == 2 * song.noteCount)
    let beforeIndex = try #require(document.elements.firstIndex { $0.classes.contains("before") })
    let currentIndex = try #require(
      document.elements.firstIndex { $0.classes.contains("note") && !$0.classes.contains("before") })
    #expect(beforeIndex < currentIndex)
    #expect(document.all("rect", class: "highlighted").count == 7 * 2)
    #expect(document.all("text", class: "legend").contains { $0.text == "Underneath: loose-melody.mid" })
  }
}
