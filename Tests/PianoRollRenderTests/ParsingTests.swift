import PianoRoll
import PianoRollRender
import Testing

@Suite("Reading options")
struct ParsingTests {
  @Test("the default width of a quarter note follows the zoom level")
  func defaultBeatWidth() {
    #expect(RenderOptions.defaultBeatWidth(for: .sixteenth) == 48)
    #expect(RenderOptions.defaultBeatWidth(for: .sixteenth.triplet) == 72)
    #expect(RenderOptions.defaultBeatWidth(for: .eighth.dotted) == 16)
    #expect(RenderOptions.defaultBeatWidth(for: .quarter) == 12)
    #expect(RenderOptions.defaultBeatWidth(for: .whole) == 12)
    #expect(RenderOptions.defaultBeatWidth(for: .sixtyFourth) == 192)
  }

  @Test(
    "bars, 1-based as people write them",
    arguments: [
      ("5...12", BarSelection(first: 4, last: 11)), ("5..12", BarSelection(first: 4, last: 11)),
      ("5...", BarSelection(first: 4)), ("...3", BarSelection(first: 0, last: 2)),
      ("7", BarSelection(first: 6, last: 6)),
    ])
  func bars(text: String, expected: BarSelection) throws {
    #expect(try BarSelection(parsing: text) == expected)
  }

  @Test("bad bars", arguments: ["...", "0", "0...3", "5...2", "a...b", "", "-1", "1....2"])
  func badBars(text: String) {
    #expect(throws: BarRangeError.self) { try BarSelection(parsing: text) }
  }

  @Test("bars are cut at the song's end")
  func clamping() {
    #expect(BarSelection(first: 2, last: 10).clamped(toBarCount: 5) == 2...4)
    #expect(BarSelection(first: 5).clamped(toBarCount: 5) == nil)
    #expect(BarSelection(first: 0).clamped(toBarCount: 0) == 0...0)
  }
}
