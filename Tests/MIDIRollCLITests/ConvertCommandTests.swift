import Foundation
import SMF
import TestSupport
import Testing

@Suite("midiroll convert")
struct ConvertCommandTests {
  @Test("rewriting every sample keeps every event", arguments: try sampleFiles())
  func rewriteKeepsEvents(sample: URL) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.mid")
    let run = try runMIDIRoll(["convert", sample.path, output.path])
    #expect(run.status == 0, "\(run.stderr)")
    let original = try MIDIFile(bytes: [UInt8](Data(contentsOf: sample)))
    let rewritten = try MIDIFile(bytes: [UInt8](Data(contentsOf: output)))
    #expect(original == rewritten)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(leftovers == ["out.mid"], "no temporary file is left behind")
  }

  @Test("standard input to standard output")
  func standardStreams() throws {
    let sample = try #require(try sampleFiles().first)
    let bytes = [UInt8](try Data(contentsOf: sample))
    let run = try runMIDIRoll(["convert", "-", "-", "--from", "mid", "--to", "mid"], stdin: bytes)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try MIDIFile(bytes: run.stdout) == MIDIFile(bytes: bytes))
  }

  @Test("a truncated file is one line naming the file and the byte offset, exit 1")
  func truncatedInput() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sample = try #require(try sampleFiles().first)
    let bytes = [UInt8](try Data(contentsOf: sample))
    let truncated = folder.appendingPathComponent("truncated.mid")
    // Cut inside the header (a file cut inside an event after a valid header reads).
    try Data(bytes.prefix(12)).write(to: truncated)
    let output = folder.appendingPathComponent("out.mid")
    let run = try runMIDIRoll(["convert", truncated.path, output.path])
    #expect(run.status == 1)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(run.stderr.contains(truncated.path) && run.stderr.contains("byte 12"))
    #expect(!run.stderr.contains("Fatal") && !run.stderr.contains("Stack"))
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("a file that is not MIDI, a missing file and a folder are bad input, exit 1")
  func notMIDI() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = folder.appendingPathComponent("notes.mid")
    try Data("just some text\n".utf8).write(to: text)
    let folderNamedMid = folder.appendingPathComponent("folder.mid")
    try FileManager.default.createDirectory(at: folderNamedMid, withIntermediateDirectories: false)
    for input in [text.path, folder.appendingPathComponent("missing.mid").path, folderNamedMid.path] {
      let run = try runMIDIRoll(["convert", input, folder.appendingPathComponent("o.mid").path])
      #expect(run.status == 1, "\(input): \(run.stderr)")
      #expect(run.stderr.split(separator: "\n").count == 1)
    }
  }

  @Test(
    "bad usage exits 2 with one line saying what is wrong",
    arguments: [
      (["convert"], "Missing expected argument '<input>'"),
      (["convert", "a.mid"], "Missing expected argument '<output>'"),
      (["convert", "a.txt", "b.mid"], "a.txt: cannot tell the input kind from the extension"),
      (["frobnicate"], "unknown subcommand 'frobnicate'"),
    ])
  func badUsage(arguments: [String], message: String) throws {
    let run = try runMIDIRoll(arguments)
    #expect(run.status == 2, "\(arguments): \(run.stderr)")
    #expect(run.stderr.split(separator: "\n").first?.contains(message) == true, "\(arguments): \(run.stderr)")
  }

  @Test("the input is never overwritten without --force")
  func inputNotOverwritten() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sample = try #require(try sampleFiles().first)
    let copy = folder.appendingPathComponent("song.mid")
    try FileManager.default.copyItem(at: sample, to: copy)
    // Make the copy differ from what the writer produces, so an overwrite would show.
    var bytes = [UInt8](try Data(contentsOf: copy))
    bytes += [0, 0]  // trailing bytes: read with a warning, dropped on writing
    try Data(bytes).write(to: copy)
    let refused = try runMIDIRoll(["convert", copy.path, copy.path])
    #expect(refused.status == 2)
    #expect([UInt8](try Data(contentsOf: copy)) == bytes)
    let forced = try runMIDIRoll(["convert", "--quiet", copy.path, copy.path, "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect([UInt8](try Data(contentsOf: copy)) != bytes)
  }

  @Test("an output folder that does not exist exits 3")
  func cannotWrite() throws {
    let sample = try #require(try sampleFiles().first)
    let run = try runMIDIRoll(["convert", sample.path, "/nonexistent-folder-midiroll/out.mid"])
    #expect(run.status == 3)
    #expect(run.stderr.contains("/nonexistent-folder-midiroll/out.mid"))
  }

  @Test("a file over --max-file-size is refused before it is read")
  func sizeLimit() throws {
    let sample = try #require(try sampleFiles().first)
    let run = try runMIDIRoll(["convert", sample.path, "-", "--to", "mid", "--max-file-size", "10"])
    #expect(run.status == 1)
    #expect(run.stderr.contains("limit"))
  }
}
