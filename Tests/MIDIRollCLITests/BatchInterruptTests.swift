import Foundation
import SMF
import TestSupport
import Testing

@Suite("midiroll batch interrupted", .serialized)
struct BatchInterruptTests {
  /// A tree big enough that a one-job run takes seconds: the real corpus, copied.
  private func makeBigTree(_ folders: BatchFolders, copies: Int) throws -> [String: [UInt8]] {
    var inputs: [String: [UInt8]] = [:]
    let corpus = try corpusFiles().map { ($0.lastPathComponent, [UInt8](try Data(contentsOf: $0))) }
    for copy in 0..<copies {
      for (name, bytes) in corpus {
        let path = "copy\(copy)/\(name)"
        try folders.write(bytes, at: path)
        inputs[path] = bytes
      }
    }
    return inputs
  }

  /// Every output present is whole: it reads as the same file as its input.
  private func expectWholeOutputs(_ folders: BatchFolders, _ inputs: [String: [UInt8]]) throws -> Int {
    var present = 0
    for (path, bytes) in inputs {
      let output = folders.output.appendingPathComponent(path)
      guard let written = FileManager.default.contents(atPath: output.path) else { continue }
      present += 1
      #expect(try MIDIFile(bytes: [UInt8](written)) == MIDIFile(bytes: bytes), "\(path) is whole")
    }
    return present
  }

  @Test("SIGINT midway leaves no partial output; --resume completes the rest", .tags(.slow), .tiered)
  func interruptThenResume() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let inputs = try makeBigTree(folders, copies: 12)
    let arguments = ["batch", folders.input.path, folders.output.path, "--to", "mid", "--jobs", "1"]
    let report = folders.output.appendingPathComponent("midiroll-report.jsonl")

    let run = try RunningMIDIRoll(arguments)
    let midway = waitUntil { countLines(of: report, containing: "\"status\":\"ok\"") >= 10 || !run.isRunning }
    #expect(midway && run.isRunning, "the run was still going after 10 files")
    run.send(SIGINT)
    let interrupted = run.wait()

    #expect(interrupted.status == 130, "\(interrupted.stderr)")
    #expect(interrupted.stderr.contains("--resume"))
    #expect(temporaryLeftovers(in: folders.root).isEmpty, "no temporary file is left")
    let present = try expectWholeOutputs(folders, inputs)
    #expect(present >= 10 && present < inputs.count, "stopped midway: \(present) of \(inputs.count)")
    let summary = try #require(try folders.reportLines().last?["summary"] as? [String: Any])
    #expect(summary["interrupted"] as? Bool == true)
    #expect(summary["ok"] as? Int == present)

    let resumed = try runMIDIRoll(arguments + ["--resume"], timeout: 300)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stderr.contains("\(present) already done"))
    #expect(try expectWholeOutputs(folders, inputs) == inputs.count)
    // Across both runs each input is reported ok exactly once (reportEntries checks "once").
    let entries = try folders.reportEntries()
    #expect(Set(entries.keys) == Set(inputs.keys))
    #expect(entries.values.allSatisfy { $0["status"] as? String == "ok" })
    #expect(temporaryLeftovers(in: folders.root).isEmpty)
  }

  /// The first SIGINT lets the file in progress finish; a second one, sent while that file
  /// is still being converted, stops at once. The first signal is sent when the run says
  /// (`--verbose`) that it has started the long file (1.5 million notes, written as piano-roll JSON:
  /// 500 MB, seconds even in an optimized build, where rewriting it as `.mid` took 0.1 s),
  /// the second once the first was acknowledged on standard error (two signals sent together
  /// reach the process as one), so both come while that file is in progress, without any sleep.
  @Test("a second SIGINT stops at once, still without a partial or temporary file")
  func secondInterrupt() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    var events: [UInt8] = [0x00, 0x90, 0x3C, 0x40]  // note-on, then running status
    for index in 0..<3_000_000 { events += [0x00, 0x3C, index % 2 == 0 ? 0x00 : 0x40] }
    events += [0x00, 0xFF, 0x2F, 0x00]  // End of Track
    let big =
      Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xE0] + Array("MTrk".utf8)
      + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: events.count >> $0) } + events
    try folders.write(big, at: "a-long-song.mid")
    let small = [UInt8](try Data(contentsOf: try #require(try sampleFiles().first)))
    for index in 0..<20 { try folders.write(small, at: "b/song\(index).mid") }

    let run = try RunningMIDIRoll([
      "batch", folders.input.path, folders.output.path, "--to", "json", "--jobs", "1", "--verbose",
    ])
    #expect(
      waitUntil { run.stderrSoFar.contains("midiroll: batch: starting a-long-song.mid\n") || !run.isRunning })
    #expect(!run.stderrSoFar.contains("starting b/"), "the long file is the first one started")
    run.send(SIGINT)
    #expect(waitUntil { run.stderrSoFar.contains("finishing the files in progress") || !run.isRunning })
    run.send(SIGINT)
    let stopped = run.wait()

    #expect(stopped.status == 130, "\(stopped.stderr)")
    #expect(stopped.stderr.contains("stopped at once"), "\(stopped.stderr)")
    #expect(temporaryLeftovers(in: folders.root).isEmpty, "no temporary file is left")
    #expect(
      !FileManager.default.fileExists(atPath: folders.output.appendingPathComponent("a-long-song.json").path))
    #expect(!FileManager.default.fileExists(atPath: folders.output.appendingPathComponent("b").path))
  }
}
