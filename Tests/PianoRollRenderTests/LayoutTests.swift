import PianoRoll
import PianoRollRender
import SMF
import Testing

@Suite("Piano-roll layout")
struct LayoutTests {
  /// Two bars of 4/4 with a note on each beat of the first bar.
  let fourFour = makeSong(
    notes: (0..<4).map { Note(pitch: UInt8(60 + $0), tick: $0 * 480, durationTicks: 480) }
      + [Note(pitch: 72, velocity: 40, tick: 1920, durationTicks: 1920)],
    meta: [(0, .timeSignature(numerator: 4, denominator: 4))], name: "Lead")

  @Test("bar, beat and subdivision lines at the zoom level, bar lines at every bar start")
  func gridLines() throws {
    let layout = try PianoRollLayout(song: fourFour, options: RenderOptions(zoom: .sixteenth, beatWidth: 40))
    let bars = layout.gridLines.filter { $0.kind == .bar }
    let beats = layout.gridLines.filter { $0.kind == .beat }
    let subdivisions = layout.gridLines.filter { $0.kind == .subdivision }
    #expect(bars.map(\.tick) == [0, 1920, 3840])
    #expect(beats.count == 2 * 3)
    #expect(subdivisions.count == 2 * 4 * 3)
    #expect(bars.map(\.x) == [44, 44 + 160, 44 + 320])
    #expect(beats.first?.x == 84)
    #expect(subdivisions.first?.x == 54)
  }

  @Test("the zoom grid's lines that are not on a beat, as the quantizer's grid lines")
  func zoomLevels() throws {
    for (zoom, perBar) in [
      (Grid.eighth, 4), (.quarter, 0), (.whole, 0), (.thirtySecond, 28), (.quarter.dotted, 1),
    ] {
      let layout = try PianoRollLayout(song: fourFour, options: RenderOptions(zoom: zoom, beatWidth: 96))
      #expect(layout.gridLines.filter { $0.kind == .subdivision }.count == 2 * perBar, "\(zoom)")
    }
    let triplets = try PianoRollLayout(
      song: fourFour, options: RenderOptions(zoom: .eighth.triplet, beatWidth: 96))
    #expect(triplets.gridLines.filter { $0.kind == .subdivision }.count == 2 * 4 * 2)
  }

  @Test("lines closer than the minimum spacing are left out; bars 4 px wide keep their lines")
  func minimumSpacing() throws {
    let layout = try PianoRollLayout(song: fourFour, options: RenderOptions(zoom: .sixtyFourth, beatWidth: 8))
    #expect(layout.gridLines.allSatisfy { $0.kind != .subdivision })
    #expect(layout.gridLines.filter { $0.kind == .beat }.count == 6)
    let tiny = try PianoRollLayout(song: fourFour, options: RenderOptions(beatWidth: 1))
    #expect(tiny.gridLines.map(\.kind) == [.bar, .bar, .bar])
  }

  @Test("a meter change inside a bar starts a new bar; the cut bar keeps its length and its grid")
  func meterChangeInsideABar() throws {
    // 6/8 from 0; 3/4 from tick 3600 (two bars of 6/8 = 2880, then half a bar).
    let song = makeSong(
      notes: [Note(pitch: 62, tick: 0, durationTicks: 240), Note(pitch: 69, tick: 3600, durationTicks: 480)],
      meta: [
        (0, .timeSignature(numerator: 6, denominator: 8)),
        (3600, .timeSignature(numerator: 3, denominator: 4)),
      ])
    let layout = try PianoRollLayout(song: song, options: RenderOptions(zoom: .eighth, beatWidth: 48))
    #expect(layout.gridLines.filter { $0.kind == .bar }.map(\.tick) == [0, 1440, 2880, 3600, 5040])
    let beatsInCutBar = layout.gridLines.filter { $0.kind == .beat && (2880..<3600).contains($0.tick) }
    #expect(beatsInCutBar.map(\.tick) == [3120, 3360])
    let beatsInWaltz = layout.gridLines.filter { $0.kind == .beat && $0.tick > 3600 }
    #expect(beatsInWaltz.map(\.tick) == [4080, 4560])
    let subdivisionsInWaltz = layout.gridLines.filter { $0.kind == .subdivision && $0.tick > 3600 }
    #expect(subdivisionsInWaltz.map(\.tick) == [3840, 4320, 4800])
    let meters = layout.labels.filter { $0.kind == .timeSignature }
    #expect(meters.map(\.text) == ["6/8", "3/4"])
    #expect(meters.map(\.tick) == [0, 3600])
    #expect(layout.labels.filter { $0.kind == .barNumber }.map(\.text) == ["1", "2", "3", "4"])
  }

  @Test("note boxes: x from the tick, width from the duration, y from the row; intensity from velocity")
  func noteBoxes() throws {
    let layout = try PianoRollLayout(song: fourFour, options: RenderOptions(beatWidth: 40, rowHeight: 10))
    #expect(layout.notes.count == 5)
    let second = try #require(layout.notes.first { $0.note.pitch == 61 })
    #expect(second.x == layout.x(atTick: 480))
    #expect(second.width == 40)
    let row = try #require(layout.row(ofPitch: 61))
    #expect(second.y == row.y + 1 && second.height == 8)
    let loud = try #require(layout.notes.first { $0.note.pitch == 60 })
    let quiet = try #require(layout.notes.first { $0.note.pitch == 72 })
    #expect(loud.fill != quiet.fill)
    #expect(
      Int(quiet.fill.red) + Int(quiet.fill.green) + Int(quiet.fill.blue)
        > Int(loud.fill.red) + Int(loud.fill.green) + Int(loud.fill.blue))
    #expect(loud.trackName == "Lead")
    #expect(second.position == Position(bar: 0, beat: 1))
  }

  @Test(
    "rows: the notes' octaves by default, highest on top; black keys marked; only C labelled when rows are small"
  )
  func rows() throws {
    let layout = try PianoRollLayout(song: fourFour)
    #expect(layout.rows.first?.pitch == 83 && layout.rows.last?.pitch == 60)
    #expect(layout.rows.count == 24)
    #expect(layout.rows.filter(\.isBlackKey).count == 10)
    #expect(layout.rows.first { $0.pitch == 61 }?.name == "C#4")
    #expect(zip(layout.rows, layout.rows.dropFirst()).allSatisfy { $0.y + $0.height == $1.y })
    let small = try PianoRollLayout(song: fourFour, options: RenderOptions(rowHeight: 5))
    #expect(small.rows.filter(\.isLabeled).map(\.name) == ["C5", "C4"])
  }

  @Test("keys and scales: only the rows asked for; scale rows highlighted; folded to the scale")
  func rowSelection() throws {
    let keys = try PianoRollLayout(
      song: fourFour, options: RenderOptions(rows: RowSelection(pitches: 60...62)))
    #expect(keys.rows.map(\.pitch) == [62, 61, 60])
    #expect(keys.notes.count == 3)
    #expect(keys.hiddenNoteCount == 2)
    let cMajor = RowSelection.pitches(inPitchClasses: [0, 2, 4, 5, 7, 9, 11])
    let highlighted = try PianoRollLayout(
      song: fourFour, options: RenderOptions(rows: RowSelection(pitches: 60...72, highlighted: cMajor)))
    #expect(highlighted.rows.filter(\.isHighlighted).map(\.pitch) == [72, 71, 69, 67, 65, 64, 62, 60])
    let folded = try PianoRollLayout(
      song: fourFour,
      options: RenderOptions(rows: RowSelection(pitches: 60...72, highlighted: cMajor, onlyHighlighted: true))
    )
    #expect(folded.rows.count == 8)
    #expect(folded.notes.map(\.note.pitch).sorted() == [60, 62, 72])
    #expect(folded.hiddenNoteCount == 2)
    #expect(folded.rows.allSatisfy { !$0.isHighlighted })
    #expect(
      throws: RenderError.noRows,
      performing: {
        try PianoRollLayout(
          song: fourFour,
          options: RenderOptions(
            rows: RowSelection(pitches: 61...61, highlighted: [60], onlyHighlighted: true)))
      })
  }

  @Test("bars: only those bars; notes cut at the edges; a start after the end is an error")
  func barSelection() throws {
    let layout = try PianoRollLayout(
      song: fourFour, options: RenderOptions(bars: BarSelection(first: 1, last: 1), beatWidth: 40))
    #expect(layout.startTick == 1920 && layout.endTick == 3840)
    #expect(layout.notes.map(\.note.pitch) == [72])
    #expect(layout.notes.first?.x == 44)
    #expect(layout.labels.filter { $0.kind == .barNumber }.map(\.text) == ["2"])
    #expect(
      throws: RenderError.barsAfterEnd(BarSelection(first: 5), barCount: 2),
      performing: {
        try PianoRollLayout(song: fourFour, options: RenderOptions(bars: BarSelection(first: 5)))
      })
    let long = makeSong(notes: [Note(pitch: 60, tick: 0, durationTicks: 4 * 1920)])
    let cut = try PianoRollLayout(
      song: long, options: RenderOptions(bars: BarSelection(first: 1, last: 2), beatWidth: 10))
    #expect(cut.notes.first?.x == 44 && cut.notes.first?.width == 80)
  }

  @Test("tempo changes are marked with their BPM; meters and keys labelled where they start")
  func header() throws {
    let song = makeSong(
      notes: [Note(pitch: 60, tick: 0, durationTicks: 3840)],
      meta: [
        (0, .tempo(microsecondsPerQuarter: 500_000)), (1920, .tempo(microsecondsPerQuarter: 750_000)),
        (0, .keySignature(sharps: 2, isMinor: false)),
      ])
    let layout = try PianoRollLayout(song: song, options: RenderOptions(beatWidth: 40, title: "A & B"))
    #expect(layout.tempoMarkers.map(\.tick) == [0, 1920])
    #expect(layout.labels.filter { $0.kind == .tempo }.map(\.text) == ["♩ = 120", "♩ = 80"])
    #expect(layout.labels.filter { $0.kind == .timeSignature }.map(\.text) == ["4/4"])
    #expect(layout.labels.filter { $0.kind == .keySignature }.map(\.text) == ["D major"])
    #expect(layout.labels.first { $0.kind == .title }?.text == "A & B")
    let second = try PianoRollLayout(song: song, options: RenderOptions(bars: BarSelection(first: 1)))
    #expect(second.labels.filter { $0.kind == .tempo }.map(\.text) == ["♩ = 80"])
    #expect(second.labels.filter { $0.kind == .keySignature }.map(\.text) == ["D major"])
  }

  @Test("a tempo or key event that repeats the one in force is not marked again")
  func repeatedEvents() throws {
    let song = makeSong(
      notes: [Note(pitch: 60, tick: 0, durationTicks: 3 * 1920)],
      meta: [
        (0, .tempo(microsecondsPerQuarter: 400_000)), (1920, .tempo(microsecondsPerQuarter: 400_000)),
        (3840, .tempo(microsecondsPerQuarter: 500_000)), (0, .keySignature(sharps: 0, isMinor: false)),
        (0, .keySignature(sharps: 0, isMinor: false)), (1920, .keySignature(sharps: 0, isMinor: false)),
      ])
    let layout = try PianoRollLayout(song: song)
    #expect(layout.tempoMarkers.map(\.tick) == [0, 3840])
    #expect(layout.labels.filter { $0.kind == .keySignature }.map(\.text) == ["C major"])
  }

  @Test("bar numbers that would touch the one before are left out")
  func crowdedBarNumbers() throws {
    let song = makeSong(notes: [Note(pitch: 60, tick: 0, durationTicks: 200 * 1920)])
    let layout = try PianoRollLayout(song: song, options: RenderOptions(beatWidth: 2))
    let numbers = layout.labels.filter { $0.kind == .barNumber }
    #expect(numbers.count < 200 && numbers.count > 10)
    #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0.x + Double($0.text.count) * 6 < $1.x })
    #expect(layout.gridLines.filter { $0.kind == .bar }.count == 201)
  }

  @Test("long songs are narrowed to the maximum width unless a beat width is given")
  func longSongs() throws {
    let song = makeSong(notes: [Note(pitch: 60, tick: 0, durationTicks: 1000 * 1920)])
    let layout = try PianoRollLayout(song: song)
    #expect(layout.width <= RenderOptions().maximumWidth)
    #expect(layout.beatWidth < RenderOptions.defaultBeatWidth(for: .sixteenth))
    let wide = try PianoRollLayout(song: song, options: RenderOptions(beatWidth: 10))
    #expect(wide.width > 40_000)
  }

  @Test("a song of thousands of bars stays within the maximum width, bar lines thinned")
  func thousandsOfBars() throws {
    let song = makeSong(notes: [
      Note(pitch: 60, tick: 0, durationTicks: 480), Note(pitch: 62, tick: 100_000 * 1920, durationTicks: 480),
    ])
    let layout = try PianoRollLayout(song: song)
    #expect(layout.width <= RenderOptions().maximumWidth)
    let bars = layout.gridLines.filter { $0.kind == .bar }
    #expect(bars.count < 6000)
    #expect(zip(bars, bars.dropFirst()).dropLast().allSatisfy { $1.x - $0.x >= 3 })
    #expect(bars.last?.tick == Double(layout.endTick))
    #expect(layout.gridLines.allSatisfy { $0.kind == .bar })
    #expect(layout.notes.count == 2)
  }

  @Test("SMPTE songs count bars as if a quarter note lasted a second of frames")
  func smpte() throws {
    let song = Song(
      division: .smpte(framesPerSecond: 25, ticksPerFrame: 40),
      tracks: [SongTrack(notes: [Note(pitch: 60, tick: 0, durationTicks: 2000)], events: [])])
    let layout = try PianoRollLayout(song: song, options: RenderOptions(beatWidth: 10))
    #expect(layout.ticksPerQuarter == 1000)
    #expect(layout.notes.first?.width == 20)
    #expect(layout.gridLines.filter { $0.kind == .bar }.map(\.tick) == [0, 4000])
  }

  @Test("a song compared with: its notes underneath, faded, on the same grid; ticks scaled to the division")
  func before() throws {
    let original = makeSong(notes: [Note(pitch: 64, tick: 10, durationTicks: 100)], ticksPerQuarter: 96)
    let layout = try PianoRollLayout(
      song: fourFour, before: original, options: RenderOptions(beatWidth: 40, beforeTitle: "original.mid"))
    let under = layout.notes.filter { $0.layer == .before }
    #expect(under.count == 1)
    #expect(layout.notes.first?.layer == .before)
    #expect(under.first?.x == layout.x(atTick: 50))
    #expect(under.first?.fill == PianoRollLayout.beforeFill)
    #expect(layout.legend.contains { $0.text.contains("original.mid") })
  }

  @Test("an empty song draws one empty bar of the octave of middle C")
  func emptySong() throws {
    let layout = try PianoRollLayout(song: Song())
    #expect(layout.notes.isEmpty)
    #expect(layout.rows.count == 12 && layout.rows.last?.pitch == 60)
    #expect(layout.gridLines.filter { $0.kind == .bar }.count == 2)
  }
}
