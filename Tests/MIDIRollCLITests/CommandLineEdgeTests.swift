import Foundation
import TestSupport
import Testing

/// The rough edges of issue 13: inputs whose kind the name does not say, a folder where a
/// file belongs, an SVG asked of convert, and examples at the end of every `--help`.
@Suite("midiroll command-line edges")
struct CommandLineEdgeTests {
  @Test("standard input is sniffed: MThd and { need no --from")
  func sniffStandardInput() throws {
    let sample = try #require(try sampleFiles().first)
    let midi = [UInt8](try Data(contentsOf: sample))
    let info = try runMIDIRoll(["info", "-"], stdin: midi)
    #expect(info.status == 0, "\(info.stderr)")
    #expect(info.stdoutText.hasPrefix("-\n  format:"))

    let json = try runMIDIRoll(["convert", "-", "-", "--to", "json"], stdin: midi)
    #expect(json.status == 0, "\(json.stderr)")
    let back = try runMIDIRoll(["convert", "-", "-", "--to", "mid"], stdin: json.stdout)
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stdout.starts(with: Array("MThd".utf8)))
  }

  @Test("a file without an extension is sniffed too")
  func sniffFileWithoutExtension() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sample = try #require(try sampleFiles().first)
    let plain = folder.appendingPathComponent("song")
    try FileManager.default.copyItem(at: sample, to: plain)
    let run = try runMIDIRoll(["info", plain.path])
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test("something neither MIDI nor JSON is one line saying so, exit 1")
  func sniffFails() throws {
    let run = try runMIDIRoll(["info", "-"], stdin: Array("hello\n".utf8))
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "midiroll: -: cannot tell which kind of song this is: standard input begins with neither MThd "
        + "or RIFF (a MIDI file) nor { (piano-roll JSON) (say which with --from mid|json)\n")
  }

  @Test("a folder as input says it is a folder and points to batch, exit 1")
  func folderInput() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for arguments in [["convert", folder.path, "out.json"], ["info", folder.path], ["check", folder.path]] {
      let run = try runMIDIRoll(arguments)
      #expect(run.status == 1, "\(arguments)")
      #expect(
        run.stderr
          == "midiroll: \(folder.path): is a folder, expected a file (to convert a folder tree: midiroll batch)\n"
      )
    }
  }

  @Test("convert to .svg points to render, exit 2")
  func convertToSVG() throws {
    let sample = try #require(try sampleFiles().first)
    let run = try runMIDIRoll(["convert", sample.path, "roll.svg"])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "midiroll: roll.svg: this command does not write .svg (expected .mid, .midi, .kar, .rmi, .smf, "
        + ".json, .npz, .jsonl) (to draw or play a song: midiroll render IN roll.svg)\n")
    #expect(!FileManager.default.fileExists(atPath: "roll.svg"))
  }
}
