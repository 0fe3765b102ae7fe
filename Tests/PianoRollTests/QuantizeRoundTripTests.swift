import PianoRoll
import SMF
import Testing

/// Generated files with every note on a known grid (straight and triplet, several meters with
/// changes inside bars, several resolutions): every start and end moved by a random amount
/// under 40 % of a cell, written and read back, quantized — and every original start and end
/// comes back exactly. A second quantize changes nothing.
@Suite("Quantize round trip")
struct QuantizeRoundTripTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var grid: Grid
    var tpq: Int
    var seed: UInt64
    var testDescription: String { "\(grid) at \(tpq) tpq, seed \(seed)" }
  }

  static let grids: [Grid] = [
    .quarter, .eighth, .sixteenth, .thirtySecond, .half, .eighth.triplet, .sixteenth.triplet,
    .quarter.triplet,
    .whole.triplet, .thirtySecond.triplet,
  ]
  static let resolutions = [480, 96, 384, 120, 100, 960, 1000, 192, 25, 7]

  /// Every grid at every resolution where a cell is at least 5 ticks (below that, ±40 % of a
  /// cell is not less than half the distance between two rounded lines), three seeds each.
  static let cases: [Case] = {
    var cases: [Case] = []
    var seed: UInt64 = 1
    for grid in grids {
      for tpq in resolutions {
        let cell = GridSong.cell(grid, tpq: tpq)
        guard cell.numerator >= 5 * cell.denominator else { continue }
        for _ in 0..<3 {
          cases.append(Case(grid: grid, tpq: tpq, seed: seed))
          seed += 1
        }
      }
    }
    return cases
  }()

  @Test("jittered notes return exactly to their lines, starts and ends", arguments: cases)
  func roundTrip(_ c: Case) throws {
    let generated = GridSong.generate(seed: c.seed, grid: c.grid, tpq: c.tpq)
    let jittered = generated.jittered(seed: c.seed &* 31)
    var song = Song(file: try MIDIFile(bytes: jittered.serialized()))
    try #require(NoteTiming.of(song) == NoteTiming.of(jittered), "reading the file keeps every note")
    let quantizer = Quantizer(grid: c.grid, quantizesEnds: true)
    let report = song.quantize(with: quantizer)
    #expect(NoteTiming.of(song) == NoteTiming.of(generated.song))
    #expect(report.notes == generated.song.noteCount)
    #expect(report.collisions == 0)
    // Idempotent: a second pass changes nothing, and says so.
    let once = song
    let again = song.quantize(with: quantizer)
    #expect(song == once)
    #expect(again.moved == 0 && again.collisions == 0)
  }

  @Test("without --ends the starts come back and notes keep their lengths", arguments: cases.prefix(40))
  func startsOnly(_ c: Case) throws {
    let generated = GridSong.generate(seed: c.seed, grid: c.grid, tpq: c.tpq)
    let jittered = generated.jittered(seed: c.seed &* 31)
    var song = Song(file: try MIDIFile(bytes: jittered.serialized()))
    let read = song
    let report = song.quantize(with: Quantizer(grid: c.grid))
    #expect(song.allNotes.map(\.tick).sorted() == generated.song.allNotes.map(\.tick).sorted())
    // Every note keeps its length, but those cut where the next note of their key starts.
    var cut = 0
    for (before, after) in zip(read.tracks, song.tracks) {
      for (a, b) in zip(before.notes, after.notes) where a.durationTicks != b.durationTicks {
        cut += 1
        #expect(b.durationTicks < a.durationTicks)
        #expect(
          after.notes.contains { $0.pitch == b.pitch && $0.channel == b.channel && $0.tick == b.endTick })
      }
    }
    #expect(cut == report.collisions)
    let once = song
    song.quantize(with: Quantizer(grid: c.grid))
    #expect(song == once)
  }

  @Test("the quantized song writes and reads back the same notes")
  func writesBack() throws {
    let generated = GridSong.generate(seed: 7, grid: .sixteenth.triplet, tpq: 480)
    var song = Song(file: try MIDIFile(bytes: generated.jittered(seed: 8).serialized()))
    song.quantize(with: Quantizer(grid: .sixteenth.triplet, quantizesEnds: true))
    let back = Song(file: try MIDIFile(bytes: song.serialized()))
    #expect(NoteTiming.of(back) == NoteTiming.of(generated.song))
  }
}
