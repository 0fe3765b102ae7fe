import Foundation
import MIDIRollBatch
import TestSupport
import Testing

@testable import MIDIRollCLI

/// The batch report as a log that survives: concurrent runs, a full disk, SIGKILL, and
/// `midiroll report` over shards and resumed runs.
@Suite("midiroll batch report", .serialized)
struct BatchReportTests {
  /// The real corpus copied `copies` times under `copyN/`; returns the input paths.
  private func makeTree(_ folders: BatchFolders, copies: Int) throws -> Set<String> {
    var inputs = Set<String>()
    let corpus = try corpusFiles().map { ($0.lastPathComponent, [UInt8](try Data(contentsOf: $0))) }
    for copy in 0..<copies {
      for (name, bytes) in corpus {
        let path = "copy\(copy)/\(name)"
        try folders.write(bytes, at: path)
        inputs.insert(path)
      }
    }
    return inputs
  }

  /// Every line of every report in the output folder, each of which must parse.
  private func allLines(_ folders: BatchFolders) throws -> [[String: Any]] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folders.output.path)
      .filter { $0.hasPrefix("midiroll-report") && $0.hasSuffix(".jsonl") }.sorted()
    return try names.flatMap { try folders.reportLines($0) }
  }

  /// `midiroll report OUT_DIR --json`, parsed.
  private func summary(_ folders: BatchFolders) throws -> (status: Int32, object: [String: Any]) {
    let result = try runMIDIRoll(["report", folders.output.path, "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any],
      "report --json prints one object: \(result.stdoutText) \(result.stderr)")
    return (result.status, object)
  }

  @Test(
    "two runs of the same shard at once: every line parses, every input is recorded once", .tags(.slow),
    .tiered)
  func concurrentRuns() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let inputs = try makeTree(folders, copies: 12)
    let shard = try #require(Shard(argument: "2/3"))
    let expected = inputs.filter { shard.contains($0) }
    let name = "midiroll-report-2-of-3.jsonl"
    let arguments = [
      "batch", folders.input.path, folders.output.path, "--to", "json", "--jobs", "1",
      "--shard", "2/3", "--resume",
    ]
    // The first run is held: its standard error (a line a file) fills one page and blocks it,
    // a few dozen files in, holding the report, until the test releases it.
    let first = try RunningMIDIRoll(arguments + ["--verbose"], holdingStandardError: true)
    let report = folders.output.appendingPathComponent(name)
    let midway = waitUntil {
      countLines(of: report, containing: "\"status\":\"ok\"") >= 5 || !first.isRunning
    }
    #expect(midway && first.isRunning, "the first run is held after 5 files")
    let second = try RunningMIDIRoll(arguments)
    #expect(
      waitUntil { second.stderrSoFar.contains("waiting for it to end") || !second.isRunning },
      "the second run waits for the first")
    // A third run, waiting too, gives up on SIGINT: exit 130, nothing written.
    let third = try RunningMIDIRoll(arguments)
    #expect(waitUntil { third.stderrSoFar.contains("waiting for it to end") || !third.isRunning })
    third.send(SIGINT)
    let (thirdStatus, thirdErrors) = third.wait(timeout: 300)
    #expect(thirdStatus == 130, "\(thirdErrors)")
    first.release()
    let (firstStatus, firstErrors) = first.wait(timeout: 300)
    let (secondStatus, secondErrors) = second.wait(timeout: 300)
    #expect(firstStatus == 0, "\(firstErrors)")
    #expect(secondStatus == 0, "\(secondErrors)")
    #expect(secondErrors.contains("waiting for it to end"), "\(secondErrors)")
    #expect(secondErrors.contains("\(expected.count) already done"), "\(secondErrors)")

    let lines = try folders.reportLines(name)  // each line must parse
    #expect(lines.filter { $0["run"] != nil }.count == 2)
    #expect(lines.filter { $0["summary"] != nil }.count == 2)
    let entries = try folders.reportEntries(name)  // each input once
    #expect(Set(entries.keys) == expected)
    #expect(entries.values.allSatisfy { $0["status"] as? String == "ok" })
    #expect(temporaryLeftovers(in: folders.output).isEmpty)
  }

  @Test(
    "a full disk midway: every report line whole; report and --resume read it without loss",
    .enabled(if: getuid() == 0, "mounting a tmpfs needs root"), .tags(.slow), .tiered)
  func fullDisk() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let inputs = try makeTree(folders, copies: 2)
    try FileManager.default.createDirectory(at: folders.output, withIntermediateDirectories: true)
    let mount = try runCommand(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=600k", "tmpfs", folders.output.path])
    try #require(mount.status == 0, "mount: \(mount.stderr)")
    defer { _ = try? runCommand("/bin/umount", [folders.output.path]) }
    let arguments = ["batch", folders.input.path, folders.output.path, "--to", "json", "--jobs", "2"]

    let full = try runMIDIRoll(arguments, timeout: 300)
    #expect(full.status == 3, "a full disk is exit 3: \(full.stderr)")
    #expect(full.stderr.contains("No space left on device"), "\(full.stderr)")
    let lines = try allLines(folders)  // every line parses
    let recorded = Set(lines.compactMap { $0["input"] as? String })
    #expect(recorded.isSubset(of: inputs))
    #expect(recorded.count < inputs.count || lines.contains { $0["cannotWrite"] as? Bool == true })
    let partial = try summary(folders)
    #expect(partial.object["inputs"] as? Int == recorded.count)
    #expect(partial.object["unreadableLines"] as? Int == 0)

    let grow = try runCommand("/bin/mount", ["-o", "remount,size=256m", folders.output.path])
    try #require(grow.status == 0, "remount: \(grow.stderr)")
    let resumed = try runMIDIRoll(arguments + ["--resume"], timeout: 300)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let final = try summary(folders)
    #expect(final.object["inputs"] as? Int == inputs.count)
    // Outputs written after the report could no longer be, are skipped (they exist).
    let okAndSkipped = (final.object["ok"] as? Int ?? 0) + (final.object["skipped"] as? Int ?? 0)
    #expect(okAndSkipped == inputs.count)
    #expect(final.object["failed"] as? Int == 0)
    #expect(final.object["missing"] as? Int == 0)
    #expect(try allLines(folders).count > lines.count)
    for input in inputs {
      let output = folders.output.appendingPathComponent(String(input.dropLast(4)) + ".json")
      #expect(FileManager.default.fileExists(atPath: output.path), "\(input) converted")
    }
    #expect(temporaryLeftovers(in: folders.output).isEmpty)
  }

  @Test(
    "a report on a full disk: cut back to whole lines, the run stops with exit 3, --resume completes",
    .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func reportOnFullDisk() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let inputs = try makeTree(folders, copies: 2)
    // The report alone on a tmpfs of two pages: about 30 lines fit.
    let reports = folders.root.appendingPathComponent("reports")
    try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
    let mount = try runCommand("/bin/mount", ["-t", "tmpfs", "-o", "size=8k", "tmpfs", reports.path])
    try #require(mount.status == 0, "mount: \(mount.stderr)")
    defer { _ = try? runCommand("/bin/umount", [reports.path]) }
    let report = reports.appendingPathComponent("midiroll-report.jsonl")
    let arguments = [
      "batch", folders.input.path, folders.output.path, "--to", "mid", "--jobs", "2", "--report", report.path,
    ]

    let full = try runMIDIRoll(arguments, timeout: 300)
    #expect(full.status == 3, "\(full.stderr)")
    #expect(full.stderr.contains("No space left on device"), "\(full.stderr)")
    #expect(full.stderr.contains("--resume"), "\(full.stderr)")
    let bytes = try Data(contentsOf: report)
    #expect(bytes.last == 0x0A, "the report ends with a whole line")
    let lines = try bytes.split(separator: 0x0A).map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any], "a whole line")
    }
    let recorded = Set(lines.compactMap { $0["input"] as? String })
    #expect(!recorded.isEmpty && recorded.count < inputs.count, "stopped midway: \(recorded.count)")
    let partial = try runMIDIRoll(["report", reports.path, "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(partial.stdout)) as? [String: Any])
    #expect(object["inputs"] as? Int == recorded.count)
    #expect(object["unreadableLines"] as? Int == 0)
    #expect((object["incomplete"] as? [Any])?.count == 1, "the run did not finish")

    let grow = try runCommand("/bin/mount", ["-o", "remount,size=1m", reports.path])
    try #require(grow.status == 0, "remount: \(grow.stderr)")
    let resumed = try runMIDIRoll(arguments + ["--resume"], timeout: 300)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stderr.contains("\(recorded.count) already done"), "\(resumed.stderr)")
    let final = try runMIDIRoll(["report", reports.path, "--json"])
    let done = try #require(try JSONSerialization.jsonObject(with: Data(final.stdout)) as? [String: Any])
    #expect(final.status == 0, "\(final.stdoutText)")
    #expect(done["inputs"] as? Int == inputs.count)
    #expect(done["failed"] as? Int == 0)
    #expect(done["missing"] as? Int == 0)
  }

  @Test(
    "SIGKILL midway, then --resume: no temporary file is left, each input recorded once", .tags(.slow),
    .tiered)
  func killThenResume() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let inputs = try makeTree(folders, copies: 6)
    let arguments = ["batch", folders.input.path, folders.output.path, "--to", "json", "--jobs", "2"]
    let report = folders.output.appendingPathComponent("midiroll-report.jsonl")
    let run = try RunningMIDIRoll(arguments + ["--verbose"], holdingStandardError: true)  // held, see above
    let midway = waitUntil { countLines(of: report, containing: "\"status\":\"ok\"") >= 10 || !run.isRunning }
    #expect(midway && run.isRunning, "the run is held after 10 files")
    run.send(SIGKILL)
    #expect(run.wait().status != 0)
    #expect(try folders.reportLines().last?["summary"] == nil, "killed before its summary")

    // Temporary files of runs that are gone: one of a process of this host that has ended
    // (whatever SIGKILL left besides), and one of another host, which is left alone.
    let ended = try runCommand("/bin/true", [])
    let localName = try #require(hostName())
    try folders.write(
      Array(repeating: 0x20, count: 1000), at: "copy3/.x.json.midiroll-\(localName)-\(ended.pid)-0-1.tmp",
      in: folders.output)
    let foreign = "copy3/.y.json.midiroll-elsewhere-\(ended.pid)-0-1.tmp"
    try folders.write([0x20], at: foreign, in: folders.output)
    let planted = temporaryLeftovers(in: folders.output).count - 1

    let resumed = try runMIDIRoll(arguments + ["--resume"], timeout: 300)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stderr.contains("removed \(planted) temporary file(s)"), "\(resumed.stderr)")
    #expect(temporaryLeftovers(in: folders.output) == [foreign], "only the other host's file is left")
    let entries = try folders.reportEntries()  // each input once across both runs
    #expect(Set(entries.keys) == inputs)
    #expect(entries.values.allSatisfy { ["ok", "skipped"].contains($0["status"] as? String) })
    #expect(try folders.reportLines().last?["summary"] != nil)
  }

  @Test("report over 3 shards and a resumed run: each input once, its latest result winning")
  func reportOverShards() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let samples = try sampleFiles().map { [UInt8](try Data(contentsOf: $0)) }
    var good = Set<String>()
    var bad = Set<String>()
    for index in 0..<30 {
      let path = "good/song\(index).mid"
      try folders.write(samples[index % samples.count], at: path)
      good.insert(path)
    }
    for index in 0..<12 {
      let path = "bad/text\(index).mid"
      try folders.write(Array("not a song \(index)\n".utf8), at: path)
      bad.insert(path)
    }
    let second = try #require(Shard(argument: "2/3"))
    let fixed = try #require(bad.sorted().first { second.contains($0) }, "a bad file in shard 2")
    let base = ["batch", folders.input.path, folders.output.path, "--to", "json", "--quiet"]
    for shard in ["1/3", "2/3", "3/3"] {
      #expect(try runMIDIRoll(base + ["--shard", shard]).status == 1)
    }
    let before = try summary(folders)
    #expect(before.status == 1)
    #expect(before.object["inputs"] as? Int == 42)
    #expect(before.object["failed"] as? Int == 12)

    // Resumed: failures are not tried again …
    let resumed = try runMIDIRoll(base + ["--shard", "2/3", "--resume"])
    #expect(resumed.status == 1)
    let lines = try folders.reportLines("midiroll-report-2-of-3.jsonl")
    #expect(
      lines.filter { $0["input"] != nil }.count == (good.union(bad)).filter { second.contains($0) }.count)
    // … unless --retry-failed: the fixed file's latest result is ok.
    try folders.write(samples[0], at: fixed)
    let retried = try runMIDIRoll(base + ["--shard", "2/3", "--resume", "--retry-failed"])
    #expect(retried.status == 1)

    let after = try summary(folders)
    #expect(after.status == 1, "failures remain")
    #expect(after.object["inputs"] as? Int == 42)
    #expect(after.object["ok"] as? Int == 31)
    #expect(after.object["failed"] as? Int == 11)
    #expect(after.object["skipped"] as? Int == 0)
    #expect(after.object["missing"] as? Int == 0)
    #expect(after.object["runs"] as? Int == 5)
    let failures = try #require(after.object["failures"] as? [[String: Any]])
    #expect(failures.count == 1, "one reason, whatever the offsets: \(failures)")
    #expect(failures.first?["count"] as? Int == 11)
    let examples = failures.first?["examples"] as? [String] ?? []
    #expect(examples.count == 3 && examples.allSatisfy { bad.contains($0) && $0 != fixed })

    let text = try runMIDIRoll(["report", folders.output.path])
    #expect(text.stdoutText.contains("42 inputs: 31 ok, 11 failed, 0 skipped"), "\(text.stdoutText)")
    #expect(text.stdoutText.contains("missing: nothing"), "\(text.stdoutText)")

    // A shard that never ran is missing.
    try FileManager.default.removeItem(
      at: folders.output.appendingPathComponent("midiroll-report-3-of-3.jsonl"))
    let gap = try runMIDIRoll(["report", folders.output.path])
    #expect(gap.status == 1)
    #expect(gap.stdoutText.contains("shard 3/3: never ran"), "\(gap.stdoutText)")
  }

  @Test("an output subfolder that cannot be written is exit 3")
  func unwritableSubfolder() throws {
    let folders = try BatchFolders()
    defer {
      chmod(folders.output.appendingPathComponent("locked").path, 0o755)
      folders.remove()
    }
    let song = [UInt8](try Data(contentsOf: try #require(try sampleFiles().first)))
    try folders.write(song, at: "open/a.mid")
    try folders.write(song, at: "locked/b.mid")
    let locked = folders.output.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    // Root writes into a folder whatever its mode: a file where the folder should be stands
    // in for a folder that cannot be written.
    try FileManager.default.removeItem(at: locked)
    try Data().write(to: locked)
    let result = try runMIDIRoll(["batch", folders.input.path, folders.output.path, "--to", "mid"])
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.contains("locked/b.mid"), "\(result.stderr)")
    let entries = try folders.reportEntries()
    #expect(entries["open/a.mid"]?["status"] as? String == "ok")
    #expect(entries["locked/b.mid"]?["cannotWrite"] as? Bool == true)
  }

  @Test("a report whose last line was cut: the next run starts on a new line and says so")
  func cutLastLine() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let song = [UInt8](try Data(contentsOf: try #require(try sampleFiles().first)))
    try folders.write(song, at: "a.mid")
    try folders.write(song, at: "b.mid")
    let arguments = ["batch", folders.input.path, folders.output.path, "--to", "json"]
    #expect(try runMIDIRoll(arguments).status == 0)
    let report = folders.output.appendingPathComponent("midiroll-report.jsonl")
    var bytes = try Data(contentsOf: report)
    // The summary line, and half of b's line, lost: b is to be done again.
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).filter { !$0.isEmpty }
    lines.removeLast()
    let b = try #require(lines.lastIndex { String(decoding: $0, as: UTF8.self).contains("\"b.mid\"") })
    let half = lines[b].prefix(lines[b].count / 2)
    lines.remove(at: b)
    bytes = Data(lines.joined(separator: [0x0A])) + [0x0A] + half
    try bytes.write(to: report)
    try FileManager.default.removeItem(at: folders.output.appendingPathComponent("b.json"))

    let resumed = try runMIDIRoll(arguments + ["--resume"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stderr.contains("its last line was cut short"), "\(resumed.stderr)")
    let text = String(decoding: try Data(contentsOf: report), as: UTF8.self)
    let all = text.split(separator: "\n")
    #expect(all.filter { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) == nil }.count == 1)
    let after = try summary(folders)
    #expect(after.object["inputs"] as? Int == 2)
    #expect(after.object["ok"] as? Int == 2)
    #expect(after.object["unreadableLines"] as? Int == 1)
  }
}

/// This machine's host name as `gethostname` gives it.
private func hostName() -> String? {
  var buffer = [CChar](repeating: 0, count: 256)
  guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Runs a program to its end; returns its status, standard error and process ID.
private func runCommand(_ path: String, _ arguments: [String]) throws -> (
  status: Int32, stderr: String, pid: Int32
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  let errors = Pipe()
  process.standardError = errors
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  let data = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self), process.processIdentifier)
}
