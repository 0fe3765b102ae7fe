import PianoRollRender
import Testing

@Suite("Reading options")
struct ParsingTests {
  @Test(
    "zoom levels by name and fraction",
    arguments: [
      ("quarter", ZoomLevel.quarter), ("1/4", .quarter), ("sixteenth", .sixteenth), ("1/64", .sixtyFourth),
      ("thirtysecond", .thirtySecond), ("whole", .whole),
      ("1/8t", ZoomLevel(denominator: 8, isTriplet: true)),
      ("eighth-triplet", ZoomLevel(denominator: 8, isTriplet: true)),
    ])
  func zoom(text: String, expected: ZoomLevel) {
    #expect(ZoomLevel(parsing: text) == expected)
  }

  @Test("bad zoom levels", arguments: ["", "1/3", "1/128", "fast", "1/", "t", "2/4"])
  func badZoom(text: String) {
    #expect(ZoomLevel(parsing: text) == nil)
  }

  @Test("zoom steps and names")
  func zoomSteps() {
    #expect(ZoomLevel.sixteenth.stepTicks(ticksPerQuarter: 480) == 120)
    #expect(ZoomLevel(denominator: 16, isTriplet: true).stepTicks(ticksPerQuarter: 480) == 80)
    #expect(ZoomLevel.sixtyFourth.stepTicks(ticksPerQuarter: 100) == 6.25)
    #expect(ZoomLevel(denominator: 8, isTriplet: true).description == "1/8t")
    #expect(
      ZoomLevel.all.allSatisfy {
        ZoomLevel(parsing: $0.name) == $0 && ZoomLevel(parsing: $0.description) == $0
      })
  }

  @Test(
    "bars, 1-based as people write them",
    arguments: [
      ("5...12", BarSelection(first: 4, last: 11)), ("5..12", BarSelection(first: 4, last: 11)),
      ("5...", BarSelection(first: 4)), ("...3", BarSelection(first: 0, last: 2)),
      ("7", BarSelection(first: 6, last: 6)),
    ])
  func bars(text: String, expected: BarSelection) {
    #expect(BarSelection(parsing: text) == expected)
  }

  @Test("bad bars", arguments: ["...", "0", "0...3", "5...2", "a...b", "", "-1", "1....2"])
  func badBars(text: String) {
    #expect(BarSelection(parsing: text) == nil)
  }

  @Test("bars are cut at the song's end")
  func clamping() {
    #expect(BarSelection(first: 2, last: 10).clamped(toBarCount: 5) == 2...4)
    #expect(BarSelection(first: 5).clamped(toBarCount: 5) == nil)
    #expect(BarSelection(first: 0).clamped(toBarCount: 0) == 0...0)
  }

  @Test("pitches and pitch ranges by number or name")
  func pitches() {
    #expect(PitchName.pitch(parsing: "C4") == 60)
    #expect(PitchName.pitch(parsing: "f#3") == 54)
    #expect(PitchName.pitch(parsing: "Bb2") == 46)
    #expect(PitchName.pitch(parsing: "C-1") == 0)
    #expect(PitchName.pitch(parsing: "G9") == 127)
    #expect(PitchName.pitch(parsing: "G#9") == nil)
    #expect(PitchName.pitch(parsing: "128") == nil)
    #expect(PitchName.range(parsing: "36...84") == 36...84)
    #expect(PitchName.range(parsing: "C2..C6") == 36...84)
    #expect(PitchName.range(parsing: "C-1...G9") == 0...127)
    #expect(PitchName.range(parsing: "84...36") == nil)
    #expect(PitchName.range(parsing: "H2...C3") == nil)
  }
}
