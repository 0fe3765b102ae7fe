import Foundation
import PianoRoll
import PianoRollJSON
import PianoRollRender
import SMF
import TestSupport
import Testing

@testable import PianoRollWeb

/// The pages of the samples in headless Chromium, checked against midiroll's model of each song
/// (see ``BrowserRun``). A missing browser fails these tests: `make deps` installs it.
@Suite(.tags(.browser), .tiered, .requires(.chromium)) struct BrowserTests {
  /// The shared run, or a recorded issue.
  static func run() -> BrowserRun? {
    switch BrowserRun.shared {
    case .success(let run): return run
    case .failure(let failure):
      Issue.record("headless Chromium could not be run: \(failure)")
      return nil
    }
  }

  /// The note as the page names the track's index in its colour order (tracks holding notes).
  static func colorIndex(_ song: Song, track: Int) -> Int {
    song.tracks.prefix(track).filter { !$0.notes.isEmpty }.count
  }

  /// The grid lines the page should draw between two ticks (the SVG's rules, GridLines' lines).
  static func expectedLines(_ song: Song, grid: Grid, state: BrowserRun.PageState) -> Set<BrowserRun.Line> {
    let meters = song.makeTimeline().timeSignatures
    let zoom = GridLines(grid: grid, timeSignatures: meters)
    let start = Int(state.tick0.rounded(.down))
    let end = Int(state.tickRight.rounded(.up))
    let perTick = state.pixelsPerTick
    var result: Set<BrowserRun.Line> = []
    var bar = meters.position(atTick: max(0, start)).bar
    while meters.startTick(ofBar: bar) <= end {
      let barStart = meters.startTick(ofBar: bar)
      let barEnd = meters.startTick(ofBar: bar + 1)
      if barStart >= start { result.insert(.init(kind: "bar", tick: barStart)) }
      let beat = max(1, meters.ticksPerQuarter * 4 / meters.timeSignature(ofBar: bar).denominator)
      if Double(beat) * perTick >= 4 {
        for tick in stride(from: barStart + beat, to: barEnd, by: beat) where (start...end).contains(tick) {
          result.insert(.init(kind: "beat", tick: tick))
        }
      }
      if zoom.cellTicks * perTick >= 4 && barEnd - barStart > 1 {
        for tick in zoom.lines(from: max(barStart + 1, start), through: min(barEnd - 1, end))
        where (tick - barStart) % beat != 0 {
          result.insert(.init(kind: "subdivision", tick: tick))
        }
      }
      bar += 1
    }
    return result
  }

  /// A song's notes as comparable values: track, tick, pitch, duration, velocity, channel.
  static func noteValues(_ song: Song) -> [[Int]] {
    song.allNotes.map {
      [$0.track, $0.tick, Int($0.pitch), $0.durationTicks, Int($0.velocity), Int($0.channel)]
    }
    .sorted { $0.lexicographicallyPrecedes($1) }
  }

  @Test func pagesLoadWithoutConsoleErrors() throws {
    guard let run = Self.run() else { return }
    for (page, report) in zip(run.cases, run.pages) {
      #expect(report.consoleErrors.isEmpty, "\(page.sample): \(report.consoleErrors)")
    }
  }

  @Test func pagesOfOddCorpusFilesLoadWithoutErrorsAndCountTheirNotes() throws {
    let run: BrowserRun
    switch BrowserRun.corpus {
    case .success(let result): run = result
    case .failure(let failure):
      Issue.record("headless Chromium could not be run: \(failure)")
      return
    }
    #expect(run.cases.count >= 40)
    #expect(run.cases.contains { if case .smpte = $0.song.division { true } else { false } })
    #expect(run.cases.contains { $0.song.noteCount == 0 })
    for (page, report) in zip(run.cases, run.pages) {
      #expect(report.consoleErrors.isEmpty, "\(page.sample): \(report.consoleErrors)")
      #expect(report.state.noteCount == page.song.noteCount, "\(page.sample)")
      #expect(
        Set(report.lines) == Self.expectedLines(page.song, grid: .quarter, state: report.state),
        "\(page.sample)")
    }
  }

  @Test func theNoteCountOnThePageIsTheSongs() throws {
    guard let run = Self.run() else { return }
    for (page, report) in zip(run.cases, run.pages) {
      #expect(page.song.noteCount > 0)
      #expect(report.state.noteCount == page.song.noteCount, "\(page.sample)")
      #expect(report.state.shownNoteCount == page.song.noteCount, "\(page.sample): the count shown")
    }
  }

  @Test func theGridLinesAreTheQuantizersAndZoomingInTurnsBeatsIntoSixteenths() throws {
    guard let run = Self.run() else { return }
    for (page, report) in zip(run.cases, run.pages) {
      #expect(report.state.grid == "1/4", "\(page.sample)")
      let drawn = Set(report.lines)
      #expect(drawn.count == report.lines.count, "\(page.sample): a line drawn twice")
      #expect(drawn == Self.expectedLines(page.song, grid: .quarter, state: report.state), "\(page.sample)")
      guard page.zoomInClicks > 0 else { continue }
      #expect(report.zoomedState.grid == "1/16", "\(page.sample)")
      #expect(report.zoomedState.pixelsPerTick > report.state.pixelsPerTick)
      let zoomed = Set(report.zoomedLines)
      #expect(
        zoomed == Self.expectedLines(page.song, grid: .sixteenth, state: report.zoomedState), "\(page.sample)"
      )
      #expect(zoomed.contains { $0.kind == "subdivision" }, "\(page.sample): no sixteenth lines")
    }
  }

  @Test func ctrlWheelZoomsInTime() throws {
    guard let run = Self.run() else { return }
    for (page, report) in zip(run.cases, run.pages) where page.dragNote != nil {
      #expect((report.wheelZoom ?? 0) > 1.2, "\(page.sample)")
    }
  }

  @Test func playingMovesThePlayLineLightsTheNotesAndStops() throws {
    guard let run = Self.run() else { return }
    var played = 0
    for (page, report) in zip(run.cases, run.pages) where page.dragNote != nil {
      let play = try #require(report.play, "\(page.sample): not played")
      #expect(play.playing && play.playTick > 0 && play.litNotes > 0, "\(page.sample)")
      #expect(play.stopped, "\(page.sample)")
      played += 1
    }
    #expect(played == 2)
  }

  @Test func hoveringANoteShowsItsNamePositionSecondsVelocityChannelAndTrack() throws {
    guard let run = Self.run() else { return }
    var hovered = 0
    for (page, report) in zip(run.cases, run.pages) {
      let timeline = page.song.makeTimeline()
      #expect(report.hover.count == page.hoverNotes.count)
      for (note, hover) in zip(page.hoverNotes, report.hover) {
        let p = timeline.position(atTick: note.tick)
        let seconds = String(format: "%.3f", timeline.seconds(atTick: note.tick))
        let trackName = page.song.tracks[note.track].name ?? "Track \(note.track + 1)"
        let expected = """
          \(note.name) (\(note.pitch))
          at \(p.bar + 1).\(p.beat + 1).\(p.subbeat + 1).\(p.cent + 1), \(seconds) s
          velocity \(note.velocity), channel \(note.channel + 1)
          track \(note.track + 1): \(trackName)
          """
        #expect(hover.text == expected, "\(page.sample): note at \(note.tick), pitch \(note.pitch)")
        hovered += 1
      }
    }
    #expect(hovered >= 4)
  }

  @Test func draggingANoteOneCellAndSavingMovesItExactlyOneCell() throws {
    guard let run = Self.run() else { return }
    var dragged = 0
    for (page, report) in zip(run.cases, run.pages) {
      guard let note = page.dragNote else { continue }
      let drag = try #require(report.drag, "\(page.sample): no drag reported")
      #expect(drag.grid == "1/16")
      let cell = Int(
        GridLines(grid: .sixteenth, timeSignatures: page.song.makeTimeline().timeSignatures).cellTicks)
      #expect(drag.cellPixels == Double(cell) * report.zoomedState.pixelsPerTick)

      let saved = try PianoRollJSON.decode(Array(drag.saved.utf8))
      var expected = page.song
      let index = try #require(expected.tracks[note.track].notes.firstIndex(of: note))
      expected.tracks[note.track].notes[index].tick += cell
      #expect(Self.noteValues(saved) == Self.noteValues(expected), "\(page.sample)")
      // What `midiroll convert` does with it: .mid bytes that read back as the same notes.
      let reread = try Song(bytes: saved.serialized())
      #expect(Self.noteValues(reread) == Self.noteValues(expected), "\(page.sample): through .mid")

      let undone = try PianoRollJSON.decode(Array(drag.savedAfterUndo.utf8))
      #expect(Self.noteValues(undone) == Self.noteValues(page.song), "\(page.sample): undo")

      // Its end, dragged a little more than a cell, snaps to the grid line nearest the pointer.
      let lines = GridLines(grid: .sixteenth, timeSignatures: page.song.makeTimeline().timeSignatures)
      let pointer = Double(note.endTick) + Double(drag.resizePixels) / report.zoomedState.pixelsPerTick
      var resized = page.song
      resized.tracks[note.track].notes[index].durationTicks =
        lines.nearestLine(toTick: Int(pointer.rounded())) - note.tick
      #expect(resized.tracks[note.track].notes[index].durationTicks > note.durationTicks)
      let afterResize = try PianoRollJSON.decode(Array(drag.savedAfterResize.utf8))
      #expect(Self.noteValues(afterResize) == Self.noteValues(resized), "\(page.sample): resize")
      dragged += 1
    }
    #expect(dragged == 2)
  }

  @Test func aDoubleClickAddsANoteOfOneCellDeleteRemovesItUndoBringsItBack() throws {
    guard let run = Self.run() else { return }
    var added = 0
    for (page, report) in zip(run.cases, run.pages) {
      guard let dragged = page.dragNote, let place = BrowserRun.addPlace(page.song, after: dragged) else {
        continue
      }
      let add = try #require(report.add, "\(page.sample): no note added")
      let count = page.song.noteCount
      #expect(add.count == count + 1 && add.countAfterDelete == count && add.countAfterUndo == count + 1)
      // The new note fills the 1/16 cell clicked in, with the velocity, channel and track of the
      // note selected last (the dragged one).
      let lines = GridLines(grid: .sixteenth, timeSignatures: page.song.makeTimeline().timeSignatures)
      let start = try #require(
        lines.lines(from: place.tick - 2 * Int(lines.cellTicks), through: place.tick).last)
      var note = dragged
      note.tick = start
      note.durationTicks = lines.line(after: start) - start
      note.pitch = UInt8(place.pitch)
      note.offVelocity = 0
      var expected = page.song
      expected.tracks[dragged.track].notes.append(note)
      let saved = try PianoRollJSON.decode(Array(add.saved.utf8))
      #expect(Self.noteValues(saved) == Self.noteValues(expected), "\(page.sample)")
      added += 1
    }
    #expect(added == 2)
  }

  @Test func aScreenshotHasTheNoteColoursWhereTheNotesAre() throws {
    guard let run = Self.run() else { return }
    var checked = 0
    for (page, report) in zip(run.cases, run.pages) {
      let range = try #require(page.song.pitchRange)
      #expect(report.pixels.count == page.pixelNotes.count)
      for (note, pixel) in zip(page.pixelNotes, report.pixels) {
        let base = page.options.coloring.base(
          pitch: note.pitch, colorIndex: Self.colorIndex(page.song, track: note.track), pitchRange: range)
        let fill = NoteColoring.fill(base: base, velocity: note.velocity)
        let rgb = try #require(pixel.rgb, "\(page.sample): note at \(note.tick) is off the screenshot")
        let expected = [Int(fill.red), Int(fill.green), Int(fill.blue)]
        #expect(
          zip(rgb, expected).allSatisfy { abs($0 - $1) <= 2 },
          "\(page.sample), \(page.options.coloring): note at \(note.tick), pitch \(note.pitch): \(rgb) ≠ \(expected)"
        )
        checked += 1
      }
    }
    #expect(checked >= 20)
  }
}
