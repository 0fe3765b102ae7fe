import Foundation
import PianoRoll
import PianoRollRender
import Testing

/// Renders SVG to PNG with librsvg's `rsvg-convert` (Debian librsvg2-bin, installed by
/// `make deps`) and checks the pixels where the layout says the notes are.
@Suite("SVG rendered by librsvg")
struct RasterTests {
  /// Where `rsvg-convert` is, if installed.
  static let converter: String? = [
    "/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert",
  ]
  .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Renders an SVG document to a PNG image with rsvg-convert.
  func rasterize(_ svg: String) throws -> PNGImage {
    let converter = try #require(Self.converter, "rsvg-convert is missing: run `make deps` (librsvg2-bin)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "midiroll-raster-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("roll.svg")
    let output = folder.appendingPathComponent("roll.png")
    try Data(svg.utf8).write(to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: converter)
    process.arguments = ["--format", "png", "--output", output.path, input.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "rsvg-convert: \(String(decoding: message, as: UTF8.self))")
    return try PNGImage(bytes: [UInt8](try Data(contentsOf: output)))
  }

  /// Whether two colours are within `tolerance` on every channel.
  func close(_ pixel: PNGImage.Pixel, _ color: RGBColor, tolerance: Int = 10) -> Bool {
    abs(Int(pixel.red) - Int(color.red)) <= tolerance && abs(Int(pixel.green) - Int(color.green)) <= tolerance
      && abs(Int(pixel.blue) - Int(color.blue)) <= tolerance
  }

  @Test(
    "a sample renders to a PNG of the layout's size with each note's colour where the note is",
    arguments: [
      ("two-tracks-tempo-change.mid", NoteColoring.track), ("c-major-arpeggio.mid", .rainbow),
      ("loose-melody.mid", .fire),
      ("jig-to-waltz-6-8-3-4.mid", .ocean),
    ])
  func notesWhereTheLayoutPutsThem(name: String, coloring: NoteColoring) throws {
    let song = try sampleSong(name)
    let layout = try PianoRollLayout(song: song, options: RenderOptions(coloring: coloring, title: name))
    let image = try rasterize(layout.svg)
    #expect(image.width == Int(layout.width.rounded(.up)) && image.height == Int(layout.height.rounded(.up)))

    // Non-empty: many colours, not one flat fill.
    var seen = Set<UInt32>()
    for y in stride(from: 0, to: image.height, by: 3) {
      for x in stride(from: 0, to: image.width, by: 3) {
        let p = image.pixel(x: x, y: y)
        seen.insert(UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue))
      }
    }
    #expect(seen.count > 20)

    // Every note box: its fill colour at its middle (away from the outline and grid lines).
    #expect(layout.notes.count == song.noteCount)
    for box in layout.notes {
      let (x, y) = box.center
      let probes = [(x - 2, y), (x, y), (x + 2, y)].filter {
        $0.0 > box.x + 1.5 && $0.0 < box.x + box.width - 1.5
      }
      let hits = probes.filter { close(image.pixel(x: Int($0.0), y: Int($0.1)), box.fill) }
      #expect(
        !hits.isEmpty,
        "\(box.note.name) at tick \(box.note.tick): \(image.pixel(x: Int(x), y: Int(y))), want \(box.fill.hexString)"
      )
    }

    // A row without notes has no note colour: its background between grid lines.
    let noteColors = Set(layout.notes.map(\.fill))
    let emptyRows = layout.rows.filter { row in !layout.notes.contains { $0.note.pitch == row.pitch } }
    let lineXs = layout.gridLines.map(\.x).sorted()
    for row in emptyRows.prefix(5) {
      for (left, right) in zip(lineXs, lineXs.dropFirst()) where right - left > 6 {
        let pixel = image.pixel(x: Int((left + right) / 2), y: Int(row.centerY))
        #expect(!noteColors.contains { close(pixel, $0, tolerance: 4) }, "row \(row.name): \(pixel)")
        #expect(pixel.red > 200 && pixel.green > 200 && pixel.blue > 200, "row \(row.name): \(pixel)")
      }
    }
  }
}
