import Foundation
import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("midiroll quantize")
struct QuantizeCommandTests {
  typealias Support = QuantizeTestSupport

  @Test("jittered notes come back to the 1/8t grid, starts and ends, in 4/4 and 7/8, as .mid and JSON")
  func roundTrip() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("jittered.mid")
    try Support.write(Support.tripletSong(jitter: [-63, 41, 17, -60, 0, 63, -30, 55, 12, -1]), to: input)
    let expected = Support.timings(Support.tripletSong())
    for name in ["out.mid", "out.json"] {
      let output = folder.appendingPathComponent(name)
      let run = try runMIDIRoll(["quantize", input.path, output.path, "--grid", "1/8t", "--ends"])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(Support.timings(try Support.read(output)) == expected, "\(name)")
      #expect(run.stderr == "quantized 10 notes: 10 moved, 0 collisions\n")
    }
    // Quantizing the output again changes nothing, byte for byte.
    let once = folder.appendingPathComponent("out.mid")
    let twice = folder.appendingPathComponent("twice.mid")
    let again = try runMIDIRoll(["quantize", once.path, twice.path, "--grid", "eighth-triplet", "--ends"])
    #expect(again.status == 0)
    #expect(again.stderr == "quantized 10 notes: 0 moved, 0 collisions\n")
    #expect(try Data(contentsOf: once) == Data(contentsOf: twice))
    // JSON in, JSON out.
    let json = folder.appendingPathComponent("again.json")
    let fromJSON = try runMIDIRoll([
      "quantize", folder.appendingPathComponent("out.json").path, json.path, "--grid", "1/8t",
    ])
    #expect(fromJSON.status == 0, "\(fromJSON.stderr)")
    #expect(Support.timings(try Support.read(json)) == expected)
  }

  @Test("without --ends every note keeps its length; --quiet prints nothing")
  func startsOnly() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.mid")
    let jittered = Support.tripletSong(jitter: [30, 20, -10, 5])
    try Support.write(jittered, to: input)
    let output = folder.appendingPathComponent("out.mid")
    let run = try runMIDIRoll(["quantize", input.path, output.path, "--grid", "1/8t", "--quiet"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let song = try Support.read(output)
    #expect(song.allNotes.map(\.durationTicks).sorted() == jittered.allNotes.map(\.durationTicks).sorted())
    #expect(song.allNotes.map(\.tick).sorted() == Support.tripletSong().allNotes.map(\.tick).sorted())
  }

  @Test("--swing 100 at 1/8 puts every off-beat eighth on the triplet position; --strength 50 goes half way")
  func swingAndStrength() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let notes = (0..<16).map {
      Note(pitch: UInt8(60 + $0), tick: $0 * 240 + ($0 % 2 == 0 ? 0 : 7), durationTicks: 100)
    }
    let input = folder.appendingPathComponent("eighths.mid")
    try Support.write(
      Song(division: .ticksPerQuarter(480), tracks: [SongTrack(notes: notes, events: [])]), to: input)
    let swung = folder.appendingPathComponent("swung.mid")
    let run = try runMIDIRoll(["quantize", input.path, swung.path, "--grid", "1/8", "--swing", "100"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      try Support.read(swung).allNotes.map(\.tick) == (0..<16).map { $0 / 2 * 480 + ($0 % 2 == 0 ? 0 : 320) })
    let half = folder.appendingPathComponent("half.mid")
    let strength = try runMIDIRoll(["quantize", input.path, half.path, "--grid", "1/4", "--strength", "50%"])
    #expect(strength.status == 0, "\(strength.stderr)")
    for (before, after) in zip(notes, try Support.read(half).allNotes) {
      let line = (before.tick + 240) / 480 * 480  // the nearest quarter (halves later)
      #expect(abs(2 * after.tick - (before.tick + line)) <= 2)
    }
  }

  @Test("standard input to standard output")
  func streams() throws {
    let input = Support.tripletSong(jitter: [20, -20]).serialized()
    let run = try runMIDIRoll(
      ["quantize", "-", "-", "--from", "mid", "--to", "mid", "--grid", "1/8t", "--ends"], stdin: input)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      Support.timings(Song(file: try MIDIFile(bytes: run.stdout))) == Support.timings(Support.tripletSong()))
  }

  @Test(
    "a bad grid or option is one line on standard error, exit 2, and no output",
    arguments: [
      (["--grid", "1/7"], "'1/7' is not a grid"), (["--grid", "quarter-ish"], "'quarter-ish' is not a grid"),
      ([], "needs a grid"), (["--grid", "1/16", "--strength", "150"], "--strength '150'"),
      (["--grid", "1/16", "--swing", "x"], "--swing 'x'"), (["--swing", "50"], "--swing needs a grid"),
      (["--ends"], "--ends needs a grid"), (["--grid", "1/128"], "'1/128' is not a grid"),
    ])
  func badUsage(options: [String], message: String) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.mid")
    try Support.write(Support.tripletSong(), to: input)
    let output = folder.appendingPathComponent("out.mid")
    let run = try runMIDIRoll(["quantize", input.path, output.path] + options)
    #expect(run.status == 2, "\(options): \(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("convert and batch take the same options: a bad grid there is exit 2 too; a good one quantizes")
  func convertAndBatch() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    let input = inputs.appendingPathComponent("song.mid")
    try Support.write(Support.tripletSong(jitter: [25, -25, 40]), to: input)
    let output = folder.appendingPathComponent("out.json")
    let convert = try runMIDIRoll(["convert", input.path, output.path, "--quantize", "1/8t", "--ends"])
    #expect(convert.status == 0, "\(convert.stderr)")
    #expect(Support.timings(try Support.read(output)) == Support.timings(Support.tripletSong()))
    let bad = try runMIDIRoll(["convert", input.path, output.path, "--quantize", "1/7"])
    #expect(bad.status == 2 && bad.stderr.split(separator: "\n").count == 1)
    let batchOut = folder.appendingPathComponent("batch")
    let batch = try runMIDIRoll([
      "batch", inputs.path, batchOut.path, "--to", "mid", "--quantize", "1/8t", "--ends", "-q",
    ])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(
      Support.timings(try Support.read(batchOut.appendingPathComponent("song.mid")))
        == Support.timings(Support.tripletSong()))
    let badBatch = try runMIDIRoll([
      "batch", inputs.path, batchOut.path, "--to", "mid", "--quantize", "quarter-ish",
    ])
    #expect(badBatch.status == 2 && badBatch.stderr.split(separator: "\n").count == 1, "\(badBatch.stderr)")
  }
}
