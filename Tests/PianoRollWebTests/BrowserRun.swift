import Foundation
import PianoRoll
import PianoRollRender
import SMF
import TestSupport

@testable import PianoRollWeb

/// One run of headless Chromium (`Tests/Browser/piano_roll_page.py`, Selenium) over pages
/// rendered from every sample, shared by the browser tests: the script reports what the page
/// shows and gives, and the tests compare it with midiroll's own model of each song.
struct BrowserRun: Sendable {
  /// A page and what the browser is asked to do on it.
  struct Case: Sendable {
    /// The sample's file name.
    var sample: String
    /// The song shown.
    var song: Song
    /// The original shown faded underneath, if any.
    var before: Song?
    /// How the page starts.
    var options: PageOptions
    /// Notes whose colour is read from a screenshot.
    var pixelNotes: [Note] = []
    /// Notes hovered, in order.
    var hoverNotes: [Note] = []
    /// Clicks on the zoom-in button.
    var zoomInClicks = 0
    /// The note dragged one grid cell to the right, then saved.
    var dragNote: Note?
  }

  /// The cases and the report of each, in the same order.
  let cases: [Case]
  let pages: [PageReport]

  /// The shared run, or why there is none (no virtual environment, no Chromium).
  static let shared: Result<BrowserRun, BrowserFailure> = Result { () throws(BrowserFailure) in
    do {
      return try run(cases: makeCases())
    } catch let failure as BrowserFailure {
      throw failure
    } catch {
      throw BrowserFailure(description: "\(error)")
    }
  }

  /// Why the browser could not be run.
  struct BrowserFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// Pages of a sample of the edge-case corpus (every SMPTE file, every file without notes, and
  /// every eighth file of the rest), and of a sample read as SMPTE time (29.97 frames a second;
  /// the corpus has no SMPTE file), only loaded: the odd files must not break the page.
  static let corpus: Result<BrowserRun, BrowserFailure> = Result { () throws(BrowserFailure) in
    do {
      var cases: [Case] = []
      for (index, path) in RealFiles.corpusFiles.enumerated() {
        guard let song = try? Song(bytes: try RealFiles.corpusBytes(path)) else { continue }
        let smpte = if case .smpte = song.division { true } else { false }
        guard smpte || song.noteCount == 0 || index % 8 == 0 else { continue }
        cases.append(Case(sample: path, song: song, options: PageOptions(zoom: .quarter, coloring: .fire)))
      }
      let sample = try samplePath("jig-to-waltz-6-8-3-4.mid")
      var smpte = try Song(bytes: try RealFiles.bytes(sample))
      smpte.division = .smpte(framesPerSecond: 29, ticksPerFrame: 40)
      cases.append(Case(sample: "SMPTE", song: smpte, options: PageOptions(zoom: .quarter, coloring: .ocean)))
      return try run(cases: cases)
    } catch let failure as BrowserFailure {
      throw failure
    } catch {
      throw BrowserFailure(description: "\(error)")
    }
  }

  /// The path of a sample.
  static func samplePath(_ name: String) throws(BrowserFailure) -> String {
    guard let path = RealFiles.samples.first(where: { $0.hasSuffix("/" + name) }) else {
      throw BrowserFailure(description: "Samples/\(name) is missing")
    }
    return path
  }

  /// The browser script.
  static let script = RealFiles.packageRoot.appendingPathComponent("Tests/Browser/piano_roll_page.py")

  /// Pixels per quarter note at a zoom level (the page's rule: one cell is 28 pixels).
  static func pixelsPerQuarter(_ grid: Grid) -> Double { 28 * Double(grid.noteValue) / 4 }

  /// A page per sample: zoom 1/4, each colour scheme in turn; the first two with hovering,
  /// zooming and a drag.
  static func makeCases() throws -> [Case] {
    let schemes = NoteColoring.allCases
    var cases: [Case] = []
    for (index, path) in RealFiles.samples.enumerated() {
      let name = URL(fileURLWithPath: path).lastPathComponent
      let song = try Song(bytes: try RealFiles.bytes(path))
      let options = PageOptions(zoom: .quarter, coloring: schemes[index % schemes.count], title: name)
      var page = Case(sample: name, song: song, options: options)
      page.pixelNotes = Array(clearNotes(song, zoom: .quarter, minimumPixels: 6).prefix(6))
      if name == "two-tracks-tempo-change.mid" || name == "jig-to-waltz-6-8-3-4.mid" {
        page.hoverNotes = Array(clearNotes(song, zoom: .quarter, minimumPixels: 6).suffix(3))
        page.zoomInClicks = 2
        page.dragNote = dragCandidate(song)
      }
      if name == "loose-melody.mid" {
        // The quantized melody over the original, as `render --before` shows it.
        page.before = song
        page.song = Quantizer(grid: .sixteenth, quantizesEnds: true).quantized(song).song
        page.pixelNotes = Array(clearNotes(page.song, zoom: .quarter, minimumPixels: 6).prefix(6))
      }
      cases.append(page)
    }
    return cases
  }

  /// Notes in the first view (the first 30 quarter notes) at least `minimumPixels` wide at a
  /// zoom level, that no other note of their pitch overlaps (so what is at their centre is theirs).
  static func clearNotes(_ song: Song, zoom: Grid, minimumPixels: Double) -> [Note] {
    let quarter = Double(song.division.ticksPerQuarterForPositions)
    let notes = song.allNotes.sorted { ($0.tick, $0.pitch) < ($1.tick, $1.pitch) }
    return notes.filter { note in
      Double(note.durationTicks) / quarter * pixelsPerQuarter(zoom) >= minimumPixels
        && Double(note.tick) + Double(note.durationTicks) / 2 < 30 * quarter
        && !notes.contains { other in
          other != note && other.pitch == note.pitch && other.tick < note.endTick && note.tick < other.endTick
        }
    }
  }

  /// A note on the 1/16 grid, its next line one cell later, at least 16 pixels wide at 1/16, with
  /// no note of its pitch within a cell of it: dragged one cell, it lands exactly a cell later.
  static func dragCandidate(_ song: Song) -> Note? {
    let meters = song.makeTimeline().timeSignatures
    let lines = GridLines(grid: .sixteenth, timeSignatures: meters)
    let cell = Int(lines.cellTicks)
    let quarter = Double(meters.ticksPerQuarter)
    return clearNotes(song, zoom: .quarter, minimumPixels: 0).first { note in
      lines.nearestLine(toTick: note.tick) == note.tick && lines.line(after: note.tick) == note.tick + cell
        && Double(note.durationTicks) / quarter * pixelsPerQuarter(.sixteenth) >= 16
        && !song.allNotes.contains { other in
          other != note && other.pitch == note.pitch && other.tick < note.endTick + 2 * cell
            && note.tick - 2 * cell < other.endTick
        }
    }
  }

  /// Where a note is added by double-clicking: half a cell into the fifth 1/16 cell after the
  /// dragged note (in view after the drag), one row above the song's highest note (no note there).
  static func addPlace(_ song: Song, after note: Note) -> (tick: Int, pitch: Int)? {
    guard let high = song.pitchRange?.upperBound, high < 127 else { return nil }
    let cell = GridLines(grid: .sixteenth, timeSignatures: song.makeTimeline().timeSignatures).cellTicks
    return (note.tick + Int(4.5 * cell), Int(high) + 1)
  }

  /// Renders every case's page, runs the browser script over all of them and reads its report.
  static func run(cases: [Case]) throws -> BrowserRun {
    guard let python = Python.executable else {
      throw BrowserFailure(description: "no virtual environment: run `make deps`")
    }
    for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      throw BrowserFailure(
        description: "\(tool) is missing: run `make deps` (Debian chromium, chromium-driver)")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "midiroll-pages-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var plan: [[String: Any]] = []
    for (index, page) in cases.enumerated() {
      let url = folder.appendingPathComponent("page-\(index).html")
      try Data(PianoRollPage(song: page.song, before: page.before, options: page.options).html()).write(
        to: url)
      var entry: [String: Any] = [
        "path": url.path,
        "pixels": page.pixelNotes.map { [$0.tick, Int($0.pitch)] },
        "hover": page.hoverNotes.map { [$0.tick, Int($0.pitch)] },
        "zoomInClicks": page.zoomInClicks,
      ]
      if let note = page.dragNote, let place = addPlace(page.song, after: note) {
        entry["add"] = [place.tick, place.pitch]
      }
      if let note = page.dragNote {
        entry["drag"] = [note.tick, Int(note.pitch)]
        entry["wheel"] = true
        entry["play"] = true
      }
      plan.append(entry)
    }
    let planURL = folder.appendingPathComponent("plan.json")
    try JSONSerialization.data(withJSONObject: ["pages": plan]).write(to: planURL)
    let reportURL = folder.appendingPathComponent("report.json")
    let result = try Subprocess.run(python, [script.path, planURL.path, reportURL.path])
    guard result.status == 0 else {
      throw BrowserFailure(
        description: "the browser script exited with \(result.status): \(result.output.suffix(3000))")
    }
    let report = try JSONDecoder().decode(Report.self, from: try Data(contentsOf: reportURL))
    guard report.pages.count == cases.count else {
      throw BrowserFailure(description: "the browser reported \(report.pages.count) pages of \(cases.count)")
    }
    return BrowserRun(cases: cases, pages: report.pages)
  }

  /// The script's report.
  struct Report: Decodable {
    var pages: [PageReport]
  }

  /// What the browser saw on one page.
  struct PageReport: Decodable, Sendable {
    var state: PageState
    var lines: [Line]
    var pixels: [Pixel]
    var hover: [Hover]
    var zoomedState: PageState
    var zoomedLines: [Line]
    var wheelZoom: Double?
    var drag: Drag?
    var play: Play?
    var add: Add?
    var consoleErrors: [String]
  }

  /// `window.midiroll.state()`.
  struct PageState: Decodable, Sendable {
    var grid: String
    var pixelsPerTick: Double
    var tick0: Double
    var tickRight: Double
    var noteCount: Int
    var shownNoteCount: Int
  }

  /// A grid line drawn.
  struct Line: Decodable, Hashable, Sendable {
    var kind: String
    var tick: Int
  }

  /// The screenshot's colour at a note's centre.
  struct Pixel: Decodable, Sendable {
    var tick: Int
    var pitch: Int
    var rgb: [Int]?
  }

  /// The tooltip of a hovered note.
  struct Hover: Decodable, Sendable {
    var tick: Int
    var pitch: Int
    var text: String
  }

  /// A note added by a double click: the count and saved JSON, then the counts after Delete and
  /// after Ctrl+Z.
  struct Add: Decodable, Sendable {
    var count: Int
    var saved: String
    var countAfterDelete: Int
    var countAfterUndo: Int
  }

  /// What playing showed: the play line past the start with notes lit, then stopped.
  struct Play: Decodable, Sendable {
    var playing: Bool
    var playTick: Double
    var litNotes: Int
    var stopped: Bool
  }

  /// A drag by one cell and what "Save" gave after it, after undoing it, and after dragging the
  /// note's end `resizePixels` on.
  struct Drag: Decodable, Sendable {
    var cellPixels: Double
    var grid: String
    var saved: String
    var savedAfterUndo: String
    var resizePixels: Int
    var savedAfterResize: String
  }
}
