import Foundation
import TestSupport
import Testing

/// Standard output that cannot take the output: every command says so in one line, exit 3,
/// never a crash, never an output silently lost.
@Suite("midiroll with a failing standard output")
struct OutputFailureTests {
  /// Every command that writes to standard output, with its arguments after the input.
  static let commands: [[String]] = [
    ["convert", "SONG", "-", "--to", "json"],
    ["convert", "SONG", "-", "--to", "mid"],
    ["show", "SONG"],
    ["render", "SONG", "-"],
    ["quantize", "SONG", "-", "--to", "json", "--grid", "1/16"],
    ["filter", "SONG", "-", "--to", "mid", "--keys", "36...84"],
    ["info", "SONG"],
    ["info", "SONG", "--json"],
    ["check", "SONG"],
    ["filter", "--list-scales"],
    ["--help"],
  ]

  private func command(_ arguments: [String], song: String) -> String {
    "\"$MIDIROLL\" " + arguments.map { shellQuoted($0 == "SONG" ? song : $0) }.joined(separator: " ")
  }

  @Test("into /dev/full: one line naming standard output and the reason, exit 3", arguments: commands)
  func devFull(arguments: [String]) throws {
    let song = try #require(try sampleFiles().first).path
    let run = try runShell("exec " + command(arguments, song: song) + " > /dev/full")
    #expect(run.status == 3, "\(arguments): \(run.stderr)")
    #expect(
      run.stderr == "midiroll: standard output: cannot write: No space left on device\n", "\(arguments)")
  }

  @Test("with standard output closed: one line, exit 3", arguments: commands)
  func closedStandardOutput(arguments: [String]) throws {
    let song = try #require(try sampleFiles().first).path
    let run = try runShell("exec " + command(arguments, song: song) + " >&-")
    #expect(run.status == 3, "\(arguments): \(run.stderr)")
    #expect(run.stderr == "midiroll: standard output: cannot write: Bad file descriptor\n", "\(arguments)")
  }

  @Test("into a pipe that quits (| head -c 10): ends quietly by SIGPIPE, as cat does")
  func brokenPipe() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let song = folder.appendingPathComponent("long.mid")
    try Data(longSong(notes: 4000)).write(to: song)  // about 1 MB of JSON, past any pipe buffer
    let run = try runShell(
      command(["convert", "SONG", "-", "--to", "json"], song: song.path)
        + " 2> \(shellQuoted(folder.appendingPathComponent("err").path)) | head -c 10; "
        + "echo \" ${PIPESTATUS[0]}\"")
    #expect(run.stdout == "{\n  \"midir 141\n", "the first 10 bytes, then midiroll's status: 128 + SIGPIPE")
    let stderr = try String(contentsOf: folder.appendingPathComponent("err"), encoding: .utf8)
    #expect(stderr == "", "nothing on standard error")
  }
}
