import Foundation
import TestSupport
import Testing

/// Songs of length 0 (Tests/Fixtures/zero-length, made by `midiroll convert` from the JSON
/// beside each): every subcommand returns on them, and a 0-tick note is one step of a matrix.
@Suite("Songs of length 0", .tags(.judge), .tiered, .requires(.python))
struct ZeroLengthSongTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/zero-length")

  static let fixtures = [
    "no-notes.mid", "tempo-only.mid", "one-0-tick-note.mid", "two-0-tick-notes-3-4.mid",
    "drum-0-tick-note.mid",
  ]

  /// Every subcommand with an output in `out` (a folder), as arguments after the input.
  static func commands(_ input: String, _ out: URL) -> [[String]] {
    func path(_ name: String) -> String { out.appendingPathComponent(name).path }
    return [
      ["convert", input, path("song.json")],
      ["convert", input, path("compact.json"), "--compact"],
      ["convert", input, path("song.mid")],
      ["convert", input, path("steps.npz"), "--steps", "1/16"],
      ["convert", input, path("triplets.npz"), "--steps", "1/8t", "--binary"],
      ["convert", input, path("quarters.npz")],
      ["convert", input, path("columns.npz"), "--npz", "notes"],
      ["info", input],
      ["info", input, "--json"],
      ["check", input],
      ["quantize", input, path("quantized.mid"), "--grid", "1/16"],
      ["filter", input, path("filtered.mid"), "--scale", "C major"],
      ["render", input, path("roll.svg")],
      ["render", input, path("roll.html")],
      ["show", input],
      ["transpose", input, path("transposed.mid"), "--semitones", "2"],
      ["slice", input, path("sliced.mid"), "--bars", "1...1"],
      ["resample", input, path("resampled.mid"), "--ticks-per-beat", "96"],
      ["merge", input, path("merged.mid")],
      ["split", input, path("split.mid"), "--by", "channel"],
    ]
  }

  @Test("every subcommand returns with status 0", arguments: fixtures)
  func everyCommand(fixture: String) throws {
    let out = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let input = Self.folder.appendingPathComponent(fixture).path
    for arguments in Self.commands(input, out) {
      let run = try runMIDIRoll(arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    // The JSON written reads back.
    let back = try runMIDIRoll([
      "convert", out.appendingPathComponent("compact.json").path, out.appendingPathComponent("back.mid").path,
    ])
    #expect(back.status == 0, "\(back.stderr)")
  }

  @Test("batch (to .npz on a bar grid, to JSON) and report return on a folder of them")
  func batchAndReport() throws {
    let out = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let input = out.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    for fixture in Self.fixtures {
      try FileManager.default.copyItem(
        at: Self.folder.appendingPathComponent(fixture), to: input.appendingPathComponent(fixture))
    }
    for (to, extra) in [("npz", ["--steps", "1/16"]), ("json", ["--compact"]), ("mid", [])] {
      let folder = out.appendingPathComponent(to).path
      let run = try runMIDIRoll(["batch", input.path, folder, "--to", to, "--quiet", "--jobs", "1"] + extra)
      #expect(run.status == 0, "\(to): \(run.stderr)")
      let report = try runMIDIRoll(["report", folder])
      #expect(report.status == 0, "\(to): \(report.stderr)")
    }
  }

  @Test("the matrix of a 0-tick note at tick 0 holds one step, on every grid")
  func oneStep() throws {
    guard Python.executable != nil else {
      Issue.record("no Python virtual environment: run `make deps`")
      return
    }
    let out = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    var paths: [String] = []
    for (index, grid) in [["--steps", "1/16"], ["--steps", "1/8t", "--binary"], []].enumerated() {
      for fixture in ["one-0-tick-note.mid", "drum-0-tick-note.mid"] {
        let path = out.appendingPathComponent("\(index)-\(fixture).npz").path
        let run = try runMIDIRoll(["convert", Self.folder.appendingPathComponent(fixture).path, path] + grid)
        #expect(run.status == 0, "\(grid): \(run.stderr)")
        paths.append(path)
      }
    }
    let result = try Python.run(
      script: """
        import sys, numpy
        for path in sys.argv[1:]:
            z = numpy.load(path)
            print([int(x) for x in z['pianoroll_0_csc_shape']], [bool(x) for x in z['downbeat']], len(z['pianoroll_0_csc_data']))
        """, paths)
    #expect(result.status == 0, "\(result.output)")
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == paths.count)
    for line in lines { #expect(line == "[1, 128] [True] 1", "\(line)") }
  }
}
