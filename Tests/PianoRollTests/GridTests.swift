import PianoRoll
import SMF
import Testing

@Suite("Grids")
struct GridTests {
  @Test(
    "grids are read as written",
    arguments: [
      ("1/1", Grid.whole), ("1/2", .half), ("1/4", .quarter), ("1/8", .eighth), ("1/16", .sixteenth),
      ("1/32", .thirtySecond), ("1/64", .sixtyFourth), ("whole", .whole), ("Quarter", .quarter),
      ("eighth", .eighth), ("sixteenth", .sixteenth), ("thirty-second", .thirtySecond),
      ("thirtysecond", .thirtySecond), ("sixty-fourth", .sixtyFourth), ("sixtyfourth", .sixtyFourth),
      ("1/8t", .eighth.triplet), ("1/8T", .eighth.triplet), ("1/16t", .sixteenth.triplet),
      ("eighth triplet", .eighth.triplet), ("eighth-triplet", .eighth.triplet),
      ("1/8.", .eighth.dotted), ("1/4.", .quarter.dotted), ("dotted quarter", .quarter.dotted),
      ("quarter.", .quarter.dotted), ("thirty-second triplet", .thirtySecond.triplet), (" 1/16 ", .sixteenth),
    ])
  func parsing(text: String, grid: Grid) throws {
    #expect(try Grid(parsing: text) == grid)
  }

  @Test(
    "anything else is a GridError",
    arguments: [
      "1/7", "quarter-ish", "", "1/", "1/128", "1/0", "1/08", "2/8", "1/8t.", "dotted 1/8t", "eighth eighth",
      "triplet", "1/3", "t", ".", "1/8x", "sixteenths", "thirty", "1/-8",
    ])
  func badGrids(text: String) {
    #expect(throws: GridError(text: text)) { try Grid(parsing: text) }
  }

  @Test("a grid prints as it is written, and reads back")
  func description() throws {
    for value in Grid.noteValues {
      for kind in Grid.Kind.allCases {
        let grid = try #require(Grid(noteValue: value, kind: kind))
        #expect(try Grid(parsing: grid.description) == grid)
        #expect(try Grid(parsing: grid.name) == grid)
      }
    }
    #expect(Grid.eighth.triplet.description == "1/8t")
    #expect(Grid.quarter.dotted.name == "dotted quarter")
    #expect(Grid.zoomLevels.map(\.description) == ["1/1", "1/2", "1/4", "1/8", "1/16", "1/32", "1/64"])
  }

  @Test("a cell is ticksPerQuarter × 4 / n ticks, ×2/3 for triplets, ×3/2 dotted, exactly")
  func cells() {
    #expect(Grid.sixteenth.cellTicks(ticksPerQuarter: 480) == (120, 1))
    #expect(Grid.eighth.triplet.cellTicks(ticksPerQuarter: 480) == (160, 1))
    #expect(Grid.eighth.dotted.cellTicks(ticksPerQuarter: 480) == (360, 1))
    #expect(Grid.sixteenth.triplet.cellTicks(ticksPerQuarter: 100) == (50, 3))
    #expect(Grid.whole.triplet.cellTicks(ticksPerQuarter: 96) == (256, 1))
    #expect(Grid.sixtyFourth.dotted.cellTicks(ticksPerQuarter: 25) == (75, 32))
    #expect(Grid.sixteenth.triplet.roundedCellTicks(ticksPerQuarter: 100) == 17)
    #expect(Grid.sixtyFourth.roundedCellTicks(ticksPerQuarter: 7) == 1)
  }

  func map(_ tpq: Int, _ meters: [(Int, Int, Int)]) -> TimeSignatureMap {
    TimeSignatureMap(
      ticksPerQuarter: tpq,
      timeSignatures: meters.map {
        (tick: $0.0, timeSignature: TimeSignature(numerator: $0.1, denominator: $0.2))
      })
  }

  @Test("lines restart at every bar line: a 5/8 bar on a quarter grid ends with an eighth")
  func fiveEight() {
    let lines = GridLines(grid: .quarter, timeSignatures: map(480, [(0, 5, 8)]))
    // Bars of 1200 ticks: lines at 0, 480, 960, then the next bar at 1200.
    #expect(lines.lines(from: 0, through: 2400) == [0, 480, 960, 1200, 1680, 2160, 2400])
    #expect(lines.nearestLine(toTick: 1090) == 1200)  // nearer the bar line than 960
    #expect(lines.nearestLine(toTick: 1070) == 960)
    #expect(lines.nearestLine(toTick: 1080) == 1200)  // half way: the later line
  }

  @Test("a bar cut short by a meter change keeps its own lines; the new meter starts new ones")
  func cutBar() {
    // 4/4, then 7/8 from tick 2400 (bar 1 cut after 480 ticks), 1/8 grid (240 ticks).
    let lines = GridLines(grid: .eighth, timeSignatures: map(480, [(0, 4, 4), (2400, 7, 8)]))
    #expect(
      lines.lines(from: 1900, through: 2400 + 1680 + 240) == [
        1920, 2160, 2400, 2640, 2880, 3120, 3360, 3600, 3840, 4080, 4320,
      ])
    // A triplet grid in the cut bar: lines at 1920, 2080, 2240, then the bar line at 2400.
    let triplets = GridLines(grid: .eighth.triplet, timeSignatures: map(480, [(0, 4, 4), (2400, 7, 8)]))
    #expect(triplets.lines(from: 1920, through: 2400) == [1920, 2080, 2240, 2400])
    #expect(triplets.nearestLine(toTick: 2330) == 2400)
    // 7/8 is 1680 ticks = 10.5 triplet eighths: the last cell is half a cell.
    #expect(
      triplets.lines(from: 2400 + 1440, through: 2400 + 1680) == [2400 + 1440, 2400 + 1600, 2400 + 1680])
  }

  @Test("a cell that is not a whole number of ticks: each line rounded from its bar's start")
  func fractionalCells() {
    // 100 ticks per quarter, 1/16t: 16⅔ ticks. Lines 0, 17 (16.67), 33 (33.3), 50, 67, 83, 100.
    let lines = GridLines(grid: .sixteenth.triplet, timeSignatures: TimeSignatureMap(ticksPerQuarter: 100))
    #expect(lines.lines(from: 0, through: 100) == [0, 17, 33, 50, 67, 83, 100])
    // No drift along a bar: the last line before the bar line is exact.
    #expect(lines.lines(from: 380, through: 400) == [383, 400])
    #expect(lines.cellTicks > 16.66 && lines.cellTicks < 16.67)
  }

  @Test("a cell shorter than a tick: every tick is a line, and the line after a tick is the next tick")
  func cellsUnderATick() {
    // 3 ticks per quarter, 1/64: a cell is 3/16 of a tick.
    let lines = GridLines(grid: .sixtyFourth, timeSignatures: TimeSignatureMap(ticksPerQuarter: 3))
    #expect(lines.lines(from: 0, through: 12) == Array(0...12))
    #expect(lines.line(after: 5) == 6)
    #expect(lines.nearestLine(toTick: 7) == 7)
  }

  @Test("swing delays every second line by swing/100 × cell/3")
  func swing() {
    let map = TimeSignatureMap(ticksPerQuarter: 480)
    let full = GridLines(grid: .eighth, timeSignatures: map, swing: 100)
    #expect(full.lines(from: 0, through: 960) == [0, 320, 480, 800, 960])  // triplet positions
    let half = GridLines(grid: .eighth, timeSignatures: map, swing: 50)
    #expect(half.lines(from: 0, through: 480) == [0, 280, 480])
    #expect(full.nearestLine(toTick: 250) == 320)
    #expect(full.nearestLine(toTick: 150) == 0)
    // 3/4 on eighths: six lines a bar, lines 1, 3 and 5 swing.
    let waltz = GridLines(grid: .eighth, timeSignatures: self.map(480, [(0, 3, 4)]), swing: 100)
    #expect(waltz.lines(from: 0, through: 1440) == [0, 320, 480, 800, 960, 1280, 1440])
    // 5/8 on eighths: five lines a bar, lines 1 and 3 swing, the bar line does not.
    let five = GridLines(grid: .eighth, timeSignatures: self.map(480, [(0, 5, 8)]), swing: 100)
    #expect(five.lines(from: 0, through: 1200) == [0, 320, 480, 800, 960, 1200])
  }

  @Test("SMPTE files count bars with the model's fallback resolution")
  func smpte() throws {
    // 25 fps × 40 ticks: a quarter is 1000 ticks (one second), a 4/4 bar 4000.
    let song = Song(division: .smpte(framesPerSecond: 25, ticksPerFrame: 40))
    let lines = GridLines(grid: .quarter, timeSignatures: song.makeTimeline().timeSignatures)
    #expect(lines.lines(from: 0, through: 4000) == [0, 1000, 2000, 3000, 4000])
  }
}
