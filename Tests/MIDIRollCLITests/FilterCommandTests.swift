import Foundation
import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("midiroll filter")
struct FilterCommandTests {
  typealias Support = QuantizeTestSupport

  /// Writes the random song to a fresh folder; returns the folder and the input.
  func prepare(seed: UInt64 = 3) throws -> (folder: URL, input: URL, song: Song) {
    let folder = try makeTemporaryFolder()
    let input = folder.appendingPathComponent("in.mid")
    let song = Support.randomSong(seed: seed)
    try Support.write(song, to: input)
    return (folder, input, Song(file: try MIDIFile(bytes: song.serialized())))
  }

  @Test("--mode drop leaves only allowed pitches, says how many it dropped, and leaves drums alone")
  func drop() throws {
    let (folder, input, original) = try prepare()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.mid")
    let run = try runMIDIRoll([
      "filter", input.path, output.path, "--scale", "D dorian", "--octaves", "2...6",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let song = try Support.read(output)
    let dorian: Set<Int> = [2, 4, 5, 7, 9, 11, 0]
    let allowed = { (pitch: UInt8) in (36...95).contains(pitch) && dorian.contains(Int(pitch) % 12) }
    #expect(song.allNotes.filter { $0.channel != 9 }.allSatisfy { allowed($0.pitch) })
    let drums = original.allNotes.filter { $0.channel == 9 }
    #expect(song.allNotes.filter { $0.channel == 9 } == drums)
    let kept = original.allNotes.filter { $0.channel != 9 && allowed($0.pitch) }
    let dropped = original.noteCount - drums.count - kept.count
    #expect(song.noteCount == original.noteCount - dropped)
    #expect(
      run.stderr
        == "dropped \(dropped) notes of \(original.noteCount) outside D dorian (octaves 2...6); "
        + "\(drums.count) drum notes left alone\n")
  }

  @Test(
    "--mode snap keeps every note, moves none more than 6 semitones, all into the scale",
    arguments: ["nearest", "up", "down"])
  func snap(direction: String) throws {
    let (folder, input, original) = try prepare()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.json")
    let run = try runMIDIRoll([
      "filter", input.path, output.path, "--scale", "Bb blues", "--mode", "snap", "--snap", direction,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let song = try Support.read(output)
    #expect(song.noteCount == original.noteCount)
    let blues: Set<Int> = [10, 1, 3, 4, 5, 8]  // Bb Db Eb E F Ab
    for (before, after) in zip(original.tracks.flatMap(\.notes), song.tracks.flatMap(\.notes)) {
      #expect(before.tick == after.tick)
      if before.channel == 9 {
        #expect(after.pitch == before.pitch)
      } else {
        #expect(blues.contains(Int(after.pitch) % 12), "\(before.pitch) → \(after.pitch)")
        #expect(abs(Int(after.pitch) - Int(before.pitch)) <= 6)
        if direction == "up" && after.pitch != before.pitch && before.pitch < 125 {
          #expect(after.pitch > before.pitch)
        }
        if direction == "down" && after.pitch != before.pitch && before.pitch > 1 {
          #expect(after.pitch < before.pitch)
        }
      }
    }
    #expect(run.stderr.hasPrefix("snapped "))
  }

  @Test("--keys and --pitches, as numbers or note names; --drums filter takes channel 10 too")
  func keysAndPitches() throws {
    let (folder, input, original) = try prepare()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.mid")
    for range in ["36...84", "C2...C6"] {
      #expect(try runMIDIRoll(["filter", input.path, output.path, "--keys", range, "--force"]).status == 0)
      #expect(
        try Support.read(output).allNotes.allSatisfy { (36...84).contains($0.pitch) || $0.channel == 9 })
    }
    let run = try runMIDIRoll([
      "filter", input.path, output.path, "--pitches", "C4,E4,G4", "--drums", "filter", "-q",
    ])
    #expect(run.status == 0 && run.stderr.isEmpty)
    let song = try Support.read(output)
    #expect(song.allNotes.allSatisfy { [60, 64, 67].contains($0.pitch) })
    #expect(song.noteCount == original.allNotes.filter { [60, 64, 67].contains($0.pitch) }.count)
  }

  @Test("--list-scales prints every scale with its semitones above the root")
  func listScales() throws {
    let run = try runMIDIRoll(["filter", "--list-scales"])
    #expect(run.status == 0)
    let lines = run.stdoutText.split(separator: "\n")
    let expected: [(String, String)] = [
      ("major", "0 2 4 5 7 9 11"), ("minor", "0 2 3 5 7 8 10"), ("dorian", "0 2 3 5 7 9 10"),
      ("harmonic minor", "0 2 3 5 7 8 11"), ("lydian dominant", "0 2 4 6 7 9 10"),
      ("altered", "0 1 3 4 6 8 10"),
      ("pentatonic blues", "0 3 5 6 7 10"), ("whole tone", "0 2 4 6 8 10"),
      ("diminished", "0 2 3 5 6 8 9 11"),
      ("half-whole diminished", "0 1 3 4 6 7 9 10"), ("neapolitan minor", "0 1 3 5 7 8 11"),
      ("chromatic", "0 1 2 3 4 5 6 7 8 9 10 11"), ("ionian", "0 2 4 5 7 9 11"), ("aeolian", "0 2 3 5 7 8 10"),
    ]
    for (name, intervals) in expected {
      #expect(lines.contains { $0.contains(name) && $0.contains(intervals) }, "\(name)")
    }
    #expect(lines.count == ScaleType.all.count)
  }

  @Test(
    "a bad scale, range or option is one line on standard error, exit 2, and no output",
    arguments: [
      (["--scale", "D dorain"], "not a known scale type"),
      (["--scale", "H major"], "'H major' is not a scale"),
      (["--keys", "84...36"], "upside down"), (["--keys", "C6...C2"], "upside down"),
      (["--scale", "C major", "--octaves", "6...2"], "upside down"),
      (["--keys", "36-84"], "not a pitch range"),
      (["--pitches", "60,X9"], "'X9' is not a pitch"), ([], "filter needs keys"),
      (["--keys", "1...5", "--mode", "squash"], "--mode 'squash'"),
      (["--octaves", "2...6"], "goes with --scale"),
      (["--keys", "1...5", "--pitches", "60"], "give one of"),
      (["--scale", "C major", "--octaves", "12"], "octave"),
    ])
  func badUsage(options: [String], message: String) throws {
    let (folder, input, _) = try prepare()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.mid")
    let run = try runMIDIRoll(["filter", input.path, output.path] + options)
    #expect(run.status == 2, "\(options): \(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
    // convert takes the same options and fails the same way.
    if !options.isEmpty {
      let convert = try runMIDIRoll(["convert", input.path, output.path] + options)
      #expect(convert.status == 2 && convert.stderr.contains(message), "\(convert.stderr)")
    }
  }

  @Test("convert filters and quantizes in one pass (filter first)")
  func convertOnePass() throws {
    let (folder, input, original) = try prepare()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.json")
    let run = try runMIDIRoll([
      "convert", input.path, output.path, "--scale", "C major", "--mode", "snap", "--quantize", "1/16",
      "--ends",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stderr.split(separator: "\n")
    #expect(
      lines.count == 2 && lines[0].hasPrefix("snapped ")
        && lines[1].hasPrefix("quantized \(original.noteCount) notes"))
    let song = try Support.read(output)
    #expect(song.noteCount == original.noteCount)
    #expect(
      song.allNotes.allSatisfy { $0.channel == 9 || [0, 2, 4, 5, 7, 9, 11].contains(Int($0.pitch) % 12) })
    #expect(song.allNotes.allSatisfy { $0.tick % 120 == 0 && $0.endTick % 120 == 0 })
  }
}
