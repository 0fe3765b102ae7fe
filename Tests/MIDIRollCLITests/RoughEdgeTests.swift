import Foundation
import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("Command-line rough edges: subcommand names, bars, several info inputs, legend, completions")
struct RoughEdgeTests {
  static let subcommands =
    "convert, info, stats, check, quantize, filter, batch, report, render, show, transpose, slice, resample, merge, split, tokenize, detokenize, "
    + "train-tokenizer"

  @Test("a misspelled subcommand is named as unknown, with the nearest one")
  func unknownSubcommand() throws {
    let run = try runMIDIRoll(["conver", "a", "b"])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "midiroll: unknown subcommand 'conver'; did you mean 'convert'? (the subcommands are \(Self.subcommands))\n"
    )
    let swapped = try runMIDIRoll(["slcie", "a", "b"])
    #expect(swapped.stderr.hasPrefix("midiroll: unknown subcommand 'slcie'; did you mean 'slice'?"))
    let far = try runMIDIRoll(["xyzzy"])
    #expect(far.status == 2)
    #expect(far.stderr == "midiroll: unknown subcommand 'xyzzy' (the subcommands are \(Self.subcommands))\n")
    #expect(try runMIDIRoll(["help", "convert"]).status == 0)
  }

  @Test("--bars says why a value is not bars, and takes 1-4 as well as 1...4")
  func bars() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try EditCommandSong.write(in: folder)
    let output = folder.appendingPathComponent("out.mid")
    let backwards = try runMIDIRoll(["slice", input.path, output.path, "--bars", "9...2"])
    #expect(backwards.status == 2)
    #expect(
      backwards.stderr == "midiroll: --bars '9...2' runs backwards: bar 9 comes after bar 2 (write 2...9)\n")
    let zero = try runMIDIRoll(["slice", input.path, output.path, "--bars", "0...2"])
    #expect(zero.status == 2)
    #expect(
      zero.stderr
        == "midiroll: --bars '0...2': bars are counted from 1, so there is no bar 0 (the first bar is 1)\n")
    let hyphen = try runMIDIRoll(["slice", input.path, output.path, "--bars", "1-2"])
    #expect(hyphen.status == 0, "\(hyphen.stderr)")
    #expect(try Song(bytes: [UInt8](Data(contentsOf: output))).endTick == 3840)

    let svg = folder.appendingPathComponent("out.svg")
    let render = try runMIDIRoll(["render", input.path, svg.path, "--bars", "9...2"])
    #expect(render.status == 2)
    #expect(render.stderr == backwards.stderr, "the same bad value, the same usage error on every command")
    let renderZero = try runMIDIRoll(["render", input.path, svg.path, "--bars", "0...2"])
    #expect(
      renderZero.stderr.contains(
        "'0...2': bars are counted from 1, so there is no bar 0 (the first bar is 1)"))
    #expect(try runMIDIRoll(["render", input.path, svg.path, "--bars", "1-4"]).status == 0)
  }

  @Test("info takes several inputs: a block each, or one JSON object per line with its path")
  func infoSeveral() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try EditCommandSong.write(in: folder)
    let second = folder.appendingPathComponent("merged.mid")
    #expect(try runMIDIRoll(["merge", first.path, second.path]).status == 0)
    let text = try runMIDIRoll(["info", first.path, second.path])
    #expect(text.status == 0)
    let single = [
      try runMIDIRoll(["info", first.path]).stdoutText, try runMIDIRoll(["info", second.path]).stdoutText,
    ]
    #expect(text.stdoutText == single.joined(separator: "\n"))

    let json = try runMIDIRoll(["info", "--json", first.path, second.path])
    #expect(json.status == 0)
    let lines = json.stdoutText.split(separator: "\n")
    #expect(lines.count == 2)
    let objects = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.map { $0["path"] as? String } == [first.path, second.path])
    #expect(objects.map { $0["format"] as? Int } == [1, 0])

    // A bad input among good ones: the good ones are printed, the bad one reported, exit 1.
    let missing = folder.appendingPathComponent("missing.mid").path
    let mixed = try runMIDIRoll(["info", "--json", first.path, missing, second.path])
    #expect(mixed.status == 1)
    #expect(mixed.stdoutText.split(separator: "\n").count == 2)
    #expect(mixed.stderr.hasPrefix("midiroll: \(missing): "))
  }

  @Test("the render legend counts the notes drawn, not the whole song's")
  func legendCounts() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try EditCommandSong.write(in: folder)
    let svg = folder.appendingPathComponent("out.svg")
    let song = EditCommandSong.song()
    for (bars, end) in [("1", 1920), ("2...3", 5280), ("1...", 6720)] {
      let run = try runMIDIRoll(["render", input.path, svg.path, "--bars", bars, "--force"])
      #expect(run.status == 0, "\(run.stderr)")
      let text = try String(contentsOf: svg, encoding: .utf8)
      let start = bars == "2...3" ? 1920 : 0
      let drawn = song.tracks[1].notes.filter { $0.tick < end && $0.endTick > start }.count
      let kicks = song.tracks[2].notes.filter { $0.tick < end && $0.endTick > start }.count
      #expect(text.contains(">Track 2 (\(drawn) notes)<"), "\(bars)")
      #expect(text.contains(">Track 3 (\(kicks) note\(kicks == 1 ? "" : "s"))<"), "\(bars)")
    }
  }

  @Test("the completion scripts that make install installs know every subcommand")
  func completions() throws {
    for shell in ["bash", "zsh", "fish"] {
      let run = try runMIDIRoll(["--generate-completion-script", shell])
      #expect(run.status == 0)
      for name in ["transpose", "slice", "resample", "merge", "split"] {
        #expect(run.stdoutText.contains(name), "\(shell) \(name)")
      }
    }
  }

  @Test("filter refuses --drums transpose, which only a transposition uses, and its help does not offer it")
  func filterRefusesDrumsTranspose() throws {
    let sample = try #require(try sampleFiles().first)
    let run = try runMIDIRoll([
      "filter", sample.path, "/tmp/never-written.mid", "--scale", "C major", "--drums", "transpose",
    ])
    #expect(run.status == 2)
    #expect(run.stderr == "midiroll: --drums 'transpose': expected keep or filter\n")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.mid"))
    let help = try runMIDIRoll(["filter", "--help"]).stdoutText
    #expect(help.contains("--drums <keep|filter>"), "\(help)")
  }
}
