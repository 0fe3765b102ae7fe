import Foundation
import TestSupport
import Testing

/// Inputs at the edges: FIFOs, devices, huge streams, names with control characters, disks
/// that fill up.
@Suite("midiroll at the edges of the file system", .serialized)
struct InputEdgeTests {
  @Test("a FIFO nobody writes to is refused at once (within the 2-s hang guard), exit 1")
  func fifoWithoutWriter() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("pipe.mid").path
    try #require(mkfifo(fifo, 0o644) == 0)
    for arguments in [
      ["info", fifo], ["convert", fifo, folder.appendingPathComponent("o.json").path], ["check", fifo],
    ] {
      let run = try runMIDIRoll(arguments, timeout: 120)  // a hang guard: it returns at once or never
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(
        run.stderr
          == "midiroll: \(fifo): not a regular file (a FIFO, socket or device); to read a pipe, give '-' and redirect it\n"
      )
    }
  }

  @Test("a pipe given as '-' is read")
  func pipeAsStandardInput() throws {
    let song = try #require(try sampleFiles().first).path
    let run = try runShell("cat \(shellQuoted(song)) | \"$MIDIROLL\" info - --from mid")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("format:"))
  }

  @Test("/dev/zero by name is refused as a device; on standard input it is cut at the limit")
  func endlessInput() throws {
    let byName = try runMIDIRoll(["info", "/dev/zero", "--from", "mid", "--max-file-size", "3000000000"])
    #expect(byName.status == 1)
    #expect(byName.stderr.hasPrefix("midiroll: /dev/zero: not a regular file"), "\(byName.stderr)")
    // 200 MB allowed: the reader holds what it read plus one 1-MiB piece, never the twice
    // as much an array grown by appending reserves. Measured above the process's own
    // start-up (the same command with a 1000-byte limit), which differs between builds
    // (an AddressSanitizer build starts far larger).
    func peakKilobytes(limit: Int) throws -> Int {
      let run = try runShell(
        "/usr/bin/time -f 'maxrss %M' \"$MIDIROLL\" info - --from mid --max-file-size \(limit) < /dev/zero")
      let lines = run.stderr.split(separator: "\n")
      #expect(
        lines.first
          == "midiroll: -: input is more than the limit of \(limit) bytes (raise it with --max-file-size)")
      return try #require(lines.last.flatMap { Int($0.dropFirst("maxrss ".count)) }, "\(run.stderr)")
    }
    let limit = 200_000_000
    let startUp = try peakKilobytes(limit: 1000)
    let kilobytes = try peakKilobytes(limit: limit)
    #expect(
      (kilobytes - startUp) * 1024 < limit + 40 << 20,
      "peak memory \(kilobytes) kB (\(startUp) kB at start-up) for a \(limit)-byte limit")
  }

  @Test("a file name with a newline stays on one line in every error")
  func newlineInName() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("two\nlines.mid").path
    let run = try runMIDIRoll(["info", missing])
    #expect(run.status == 1)
    #expect(run.stderr == "midiroll: \(folder.path)/two\\nlines.mid: no such file\n")

    let bad = folder.appendingPathComponent("bad\nfile.mid")
    try Data("not a song".utf8).write(to: bad)
    let convert = try runMIDIRoll(["convert", bad.path, folder.appendingPathComponent("out.json").path])
    #expect(convert.status == 1)
    #expect(convert.stderr.split(separator: "\n").count == 1, "\(convert.stderr)")
    #expect(convert.stderr.hasPrefix("midiroll: \(folder.path)/bad\\nfile.mid: "))
  }

  /// A full disk: a 64-KiB tmpfs, which needs root (the tests run as root here); the test
  /// below injects a write error that needs no privilege.
  @Test("a full disk: the real reason, exit 3, no partial or temporary file", .enabled(if: getuid() == 0))
  func fullDisk() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let disk = folder.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    let mount = try Subprocess.run("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path])
    try #require(mount.status == 0, "\(mount.output)")
    defer { _ = try? Subprocess.run("umount", [disk.path]) }
    let song = folder.appendingPathComponent("long.mid")
    try Data(longSong(notes: 2000)).write(to: song)  // about 600 kB of JSON
    let output = disk.appendingPathComponent("out.json")
    let run = try runMIDIRoll(["convert", song.path, output.path])
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr == "midiroll: \(output.path): cannot write: No space left on device\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == [], "no partial file")
  }

  /// A write that fails halfway, injected without privileges: a file-size limit of 4 KiB
  /// (`ulimit -f 4`) with SIGXFSZ ignored makes write(2) fail with EFBIG.
  @Test("a write that fails halfway: the reason, exit 3, no partial or temporary file")
  func injectedWriteError() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let song = folder.appendingPathComponent("long.mid")
    try Data(longSong(notes: 2000)).write(to: song)
    let outputs = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    let output = outputs.appendingPathComponent("song.json")
    let run = try runShell(
      "trap '' XFSZ; ulimit -f 4; exec \"$MIDIROLL\" convert \(shellQuoted(song.path)) \(shellQuoted(output.path))"
    )
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr == "midiroll: \(output.path): cannot write: File too large\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outputs.path) == [], "no partial file")
  }

  @Test("an output folder that is missing says so with the system's reason, exit 3")
  func missingFolder() throws {
    let song = try #require(try sampleFiles().first).path
    let run = try runMIDIRoll(["convert", song, "/nonexistent-midiroll/out.json"])
    #expect(run.status == 3)
    #expect(
      run.stderr
        == "midiroll: /nonexistent-midiroll/out.json: cannot create a file in /nonexistent-midiroll: No such file or directory\n"
    )
  }
}
