import Foundation
import TestSupport
import Testing

/// Outputs the user names that are not regular files are respected (docs/DESIGN.md, "Outputs
/// the user names"): a device, a FIFO or standard output by path is written, never replaced; a
/// symbolic link is followed and its target replaced whole, the link kept; a folder is said to
/// be one. Every node is made in the test's own folder: never the system's `/dev/null` or
/// `/dev/stdout`.
@Suite("midiroll writing outputs that are devices, FIFOs and links")
struct NamedOutputTests {
  /// A command that writes one output, with the output's name (its extension tells the kind).
  struct Command: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var output: String
    var testDescription: String { arguments[0] }

    /// The arguments with `SONG` and `OUT` filled in.
    func filled(song: String, output path: String) -> [String] {
      arguments.map { $0 == "SONG" ? song : $0 == "OUT" ? path : $0 }
    }
  }

  static let commands = [
    Command(arguments: ["convert", "SONG", "OUT", "--compact"], output: "out.json"),
    Command(arguments: ["quantize", "SONG", "OUT", "--grid", "1/16"], output: "out.mid"),
    Command(arguments: ["render", "SONG", "OUT"], output: "roll.svg"),
  ]

  /// A song with enough notes that each output is more than one 64 KiB buffer.
  private func song(in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("song.mid").path
    try Data(longSong(notes: 3000)).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// What the command writes into a regular file.
  private func expected(_ command: Command, song: String, folder: URL) throws -> [UInt8] {
    let path = folder.appendingPathComponent("expected-" + command.output).path
    let run = try runMIDIRoll(command.filled(song: song, output: path) + ["--quiet"])
    try #require(run.status == 0, "\(run.stderr)")
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  private func fileInfo(_ path: String) -> stat {
    var info = stat()
    lstat(path, &info)
    return info
  }

  @Test(
    "a character device made in the test's folder (mknod c 1 3) is written and stays that device",
    .enabled(if: getuid() == 0, "mknod needs root, as CI has"), arguments: commands)
  func characterDevice(command: Command) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let node = folder.appendingPathComponent(command.output).path
    let made = try Subprocess.run("/usr/bin/mknod", [node, "c", "1", "3"])
    try #require(made.status == 0, "mknod: \(made.output)")
    let before = fileInfo(node)
    let run = try runMIDIRoll(command.filled(song: try song(in: folder), output: node))
    #expect(run.status == 0, "\(run.stderr)")
    let after = fileInfo(node)
    #expect(after.st_mode & S_IFMT == S_IFCHR, "still a character device")
    #expect(after.st_rdev == before.st_rdev && after.st_ino == before.st_ino, "the same node")
  }

  @Test(
    "a device that refuses the bytes (mknod c 1 7, as /dev/full): one line naming it, exit 3, the node kept",
    .enabled(if: getuid() == 0, "mknod needs root, as CI has"), arguments: commands)
  func fullDevice(command: Command) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let node = folder.appendingPathComponent(command.output).path
    let made = try Subprocess.run("/usr/bin/mknod", [node, "c", "1", "7"])
    try #require(made.status == 0, "mknod: \(made.output)")
    let run = try runMIDIRoll(command.filled(song: try song(in: folder), output: node) + ["--quiet"])
    #expect(run.status == 3)
    #expect(run.stderr == "midiroll: \(node): cannot write: No space left on device\n")
    #expect(fileInfo(node).st_mode & S_IFMT == S_IFCHR)
  }

  @Test("a FIFO with a reader gets every byte, and stays a FIFO", arguments: commands)
  func fifoWithReader(command: Command) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let song = try song(in: folder)
    let expected = try expected(command, song: song, folder: folder)
    let fifo = folder.appendingPathComponent(command.output).path
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = try FIFOReader(path: fifo)  // started before the write
    let run = try runMIDIRoll(command.filled(song: song, output: fifo) + ["--quiet"])
    let read = reader.finish()  // joined after it
    #expect(run.status == 0, "\(run.stderr)")
    #expect(read.count == expected.count && read == expected, "the reader got the output")
    #expect(fileInfo(fifo).st_mode & S_IFMT == S_IFIFO, "still a FIFO")
  }

  @Test("a FIFO nobody reads: refused at once with the reason, exit 3, never waited on")
  func fifoWithoutReader() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("out.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let run = try runMIDIRoll(["convert", try song(in: folder), fifo, "--quiet"])
    #expect(run.status == 3)
    #expect(
      run.stderr
        == "midiroll: \(fifo): cannot write: nothing reads it (a FIFO or socket with no reader; "
        + "start the reader first, midiroll does not wait)\n")
    #expect(fileInfo(fifo).st_mode & S_IFMT == S_IFIFO)
  }

  @Test("a link to /proc/self/fd/1 writes to standard output, and stays a link", arguments: commands)
  func linkToStandardOutput(command: Command) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let song = try song(in: folder)
    let expected = try expected(command, song: song, folder: folder)
    let link = folder.appendingPathComponent(command.output).path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")
    let run = try runMIDIRoll(command.filled(song: song, output: link) + ["--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == expected, "the output on standard output")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/proc/self/fd/1")
  }

  @Test("a symbolic link to a regular file: the target replaced whole, the link kept", arguments: commands)
  func linkToFile(command: Command) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let song = try song(in: folder)
    let expected = try expected(command, song: song, folder: folder)
    let targets = folder.appendingPathComponent("targets")
    try FileManager.default.createDirectory(at: targets, withIntermediateDirectories: true)
    let target = targets.appendingPathComponent("target-" + command.output)
    try Data("old".utf8).write(to: target)
    let link = folder.appendingPathComponent(command.output).path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: "targets/target-" + command.output)  // relative to the link
    let run = try runMIDIRoll(command.filled(song: song, output: link) + ["--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect([UInt8](try Data(contentsOf: target)) == expected, "the target holds the output")
    #expect(fileInfo(link).st_mode & S_IFMT == S_IFLNK, "still a link")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link) == "targets/target-" + command.output)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: targets.path) == ["target-" + command.output],
      "no temporary file left beside the target")
  }

  @Test("a dangling symbolic link: its target is created, the link kept")
  func danglingLink() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appendingPathComponent("out.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "new.json")
    let run = try runMIDIRoll(["convert", try song(in: folder), link, "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(fileInfo(link).st_mode & S_IFMT == S_IFLNK)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.json").path))
  }

  @Test("a folder named as the output is said to be a folder, exit 3, nothing written in it")
  func folderOutput() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("out.json")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    let run = try runMIDIRoll(["convert", try song(in: folder), target.path, "--quiet"])
    #expect(run.status == 3)
    #expect(run.stderr == "midiroll: \(target.path): is a folder; name a file to write\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
  }

  @Test("batch's outputs stay regular files it creates: a link where an output goes is replaced with --force")
  func batchReplacesLinks() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in")
    let output = folder.appendingPathComponent("out")
    for url in [input, output] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    try Data(longSong(notes: 10)).write(to: input.appendingPathComponent("song.mid"))
    let elsewhere = folder.appendingPathComponent("elsewhere.json")
    try Data("old".utf8).write(to: elsewhere)
    let link = output.appendingPathComponent("song.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: elsewhere.path)
    let run = try runMIDIRoll(["batch", input.path, output.path, "--to", "json", "--force", "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(fileInfo(link).st_mode & S_IFMT == S_IFREG, "a regular file of the batch's own")
    #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "old", "the link's target untouched")
  }
}
