import Foundation
import PianoRoll
import SMF

/// Whole processes on the large file: `midiroll info`, `check` and `convert` against symusic's
/// parse and notes, each run under `/usr/bin/time -v` for its peak resident memory; then one
/// 60 MB file that must be checked, summarized and rewritten within 4 times its bytes.
struct CommandBenchmark: BenchmarkSection {
  let title = "Whole processes: midiroll commands against symusic (wall time, peak RSS)"

  /// One process measured: the best wall time of its runs and its largest peak RSS.
  struct Figures: Equatable {
    var seconds: Double
    var peakBytes: Int
  }

  func run(in context: BenchmarkContext) throws {
    let options = context.options
    guard options.runs(workload: "large") else { return }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
      print("skipped: /usr/bin/time is missing (Debian package `time`)")
      return
    }
    let midiroll = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("midiroll")
      .path
    guard FileManager.default.isExecutableFile(atPath: midiroll) else {
      print("skipped: \(midiroll) is missing (swift build -c release --product midiroll)")
      return
    }
    let large = try context.largeFile()
    let path = large.paths[0]
    let bytes = large.byteCount
    let scratch = context.scratch.path
    let runs = max(1, min(options.passes, 3))
    var report = ProcessTable(
      heading: "\(large.name), \(format(Double(bytes) / 1_000_000, 2)) MB; best of \(runs) runs",
      columns: ["process", "wall s", "peak RSS MiB", "RSS / file", "speed vs symusic", "RSS vs symusic"])
    var symusic: Figures?
    var symusicJSON: Figures?
    if options.python {
      let python = ProcessInfo.processInfo.environment["MIDIROLL_PYTHON"] ?? options.pythonExecutable
      let script =
        "import sys, symusic; s = symusic.Score.from_file(sys.argv[1]); print(sum(len(t.notes) for t in s.tracks))"
      symusic = try? measure([python, "-c", script, path], runs: runs)
      if symusic == nil { report.notes.append("symusic could not run (pip install symusic into the venv)") }
      // What a Python user writes to get the notes as JSON: symusic's notes, Python's json.
      let toJSON = """
        import sys, json, symusic
        s = symusic.Score.from_file(sys.argv[1])
        notes = [{"track": i, "pitch": n.pitch, "velocity": n.velocity, "tick": n.time, "durationTicks": n.duration}
                 for i, t in enumerate(s.tracks) for n in t.notes]
        with open(sys.argv[2], "w") as f: json.dump({"notes": notes}, f)
        """
      symusicJSON = try? measure([python, "-c", toJSON, path, scratch + "/symusic.json"], runs: runs)
    }
    let json = scratch + "/big.json"
    let compact = scratch + "/big.compact.json"
    let commands: [(String, [String], Figures?)] = [
      ("midiroll info", [midiroll, "info", path], symusic),
      ("midiroll check", [midiroll, "check", path], symusic),
      (
        "midiroll convert .mid → .mid", [midiroll, "convert", "--force", path, scratch + "/same.mid"], symusic
      ),
      ("midiroll convert .mid → .json", [midiroll, "convert", "--force", path, json], symusicJSON),
      (
        "midiroll convert .mid → compact .json",
        [midiroll, "convert", "--force", "--compact", path, compact], symusicJSON
      ),
      ("midiroll convert .json → .mid", [midiroll, "convert", "--force", json, scratch + "/back.mid"], nil),
      (
        "midiroll convert compact .json → .mid",
        [midiroll, "convert", "--force", compact, scratch + "/back-compact.mid"], nil
      ),
    ]
    if let symusic { report.add("symusic Score.from_file + notes", symusic, bytes: bytes, baseline: symusic) }
    if let symusicJSON {
      report.add("symusic + Python json.dump of the notes", symusicJSON, bytes: bytes, baseline: symusic)
    }
    var figuresByLabel: [String: Figures] = [:]
    for (label, command, baseline) in commands {
      do {
        let figures = try measure(command, runs: runs)
        figuresByLabel[label] = figures
        report.add(
          label + (baseline != nil && baseline == symusicJSON ? " (vs symusic + json)" : ""), figures,
          bytes: bytes, baseline: baseline)
      } catch {
        report.notes.append("\(label): \(error)")
      }
    }
    report.notes += try batchOfJSON(
      json, scratch: scratch, midiroll: midiroll, runs: runs, figures: figuresByLabel)
    report.notes += jsonNotes(
      json: json, compact: compact, scratch: scratch, figures: figuresByLabel, symusicJSON: symusicJSON)
    // The in-process figures of the library: read into a Song and write back .mid.
    let inProcess = try inProcessFigures(large.contents[0])
    report.notes.append(inProcess)
    print(report.text)
    print()
    try hugeFile(from: context, midiroll: midiroll)
  }

  /// JSON's speeds both ways, the compact profile's size, and whether `.mid → JSON → .mid`
  /// gave the bytes of `.mid → .mid`.
  func jsonNotes(
    json: String, compact: String, scratch: String, figures: [String: Figures], symusicJSON: Figures?
  )
    -> [String]
  {
    func size(_ path: String) -> Int {
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
    func same(_ a: String, _ b: String) -> String {
      FileManager.default.contentsEqual(atPath: a, andPath: b) ? "byte-identical" : "DIFFERENT"
    }
    let full = size(json)
    let small = size(compact)
    var notes: [String] = []
    func speed(_ label: String, _ bytes: Int, _ verb: String) {
      guard let seconds = figures[label]?.seconds, seconds > 0 else { return }
      notes.append("\(label): \(format(Double(bytes) / 1_000_000 / seconds, 0)) MB/s of JSON \(verb)")
    }
    speed("midiroll convert .mid → .json", full, "written")
    speed("midiroll convert .mid → compact .json", small, "written")
    speed("midiroll convert .json → .mid", full, "read")
    speed("midiroll convert compact .json → .mid", small, "read")
    if let figure = figures["midiroll convert .json → .mid"] {
      notes.append(
        "midiroll convert .json → .mid: peak RSS \(format(Double(figure.peakBytes) / Double(max(full, 1)), 3))× the JSON's size"
      )
    }
    if full > 0 {
      notes.append(
        "JSON: \(format(Double(full) / 1_000_000, 1)) MB full, \(format(Double(small) / 1_000_000, 1)) MB compact "
          + "(\(format(100 * Double(small) / Double(full), 1)) % of full)")
    }
    notes.append(
      "back.mid (from full JSON) against same.mid (.mid → .mid): "
        + same(scratch + "/back.mid", scratch + "/same.mid"))
    notes.append(
      "back-compact.mid (from compact JSON) against same.mid: "
        + same(scratch + "/back-compact.mid", scratch + "/same.mid"))
    for path in [json, compact, scratch + "/symusic.json"] {
      try? FileManager.default.removeItem(atPath: path)
    }
    return notes
  }

  /// Reads the large file into a Song and writes it back in this process; the peak RSS it adds.
  /// `batch --to mid` of a folder holding the big JSON, beside `convert` of the same file: both go
  /// through the kit's one pipeline, which streams JSON to `.mid` a track at a time, so their
  /// peaks should be alike.
  func batchOfJSON(_ json: String, scratch: String, midiroll: String, runs: Int, figures: [String: Figures])
    throws -> [String]
  {
    let folder = scratch + "/json-folder"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.linkItem(atPath: json, toPath: folder + "/big.json")
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: scratch + "/json-batch-out")
    }
    let batch = try measure(
      [
        midiroll, "batch", folder, scratch + "/json-batch-out", "--to", "mid", "--force", "--jobs", "1",
        "--quiet",
      ],
      runs: runs)
    guard let convert = figures["midiroll convert .json → .mid"] else { return [] }
    let mib = { (bytes: Int) in Double(bytes) / 1_048_576 }
    return [
      "batch --to mid of a folder holding big.json: \(format(batch.seconds, 2)) s, "
        + "\(format(mib(batch.peakBytes), 1)) MiB peak; convert big.json back.mid: "
        + "\(format(convert.seconds, 2)) s, \(format(mib(convert.peakBytes), 1)) MiB peak "
        + "(batch / convert: \(format(Double(batch.peakBytes) / Double(max(1, convert.peakBytes)), 2))× the memory)"
    ]
  }

  func inProcessFigures(_ bytes: [UInt8]) throws -> String {
    let before = peakRSS()
    let song = try Song.read(bytes).song
    let written = song.serialized()
    consume(written.count)
    let after = peakRSS()
    return "in process: Song(bytes:) + serialized() raised the peak RSS by "
      + "\(format(Double(after - before) / 1_048_576, 1)) MiB (\(song.noteCount) notes; a Note is "
      + "\(MemoryLayout<Note>.stride) bytes, 16-byte event records)"
  }

  /// A valid 60 MB file: `check`, `info` and `convert` to .mid and to JSON must stay within 4
  /// times its bytes; JSON back to .mid is measured against the JSON's size and the .mid's.
  func hugeFile(from context: BenchmarkContext, midiroll: String) throws {
    let huge = try Workload.largeFile(from: context.realFiles, targetBytes: 60_000_000, in: context.scratch)
    let path = huge.paths[0]
    let bytes = huge.byteCount
    var report = ProcessTable(
      heading: "\(huge.name), \(format(Double(bytes) / 1_000_000, 2)) MB: within 4× its bytes?",
      columns: ["process", "wall s", "peak RSS MiB", "RSS / file", "", ""])
    let scratch = context.scratch.path
    let json = scratch + "/huge.json"
    // The bound of a .mid input: 4 times its bytes. Of a JSON input: below the JSON's size
    // (and, compared, 4 times the .mid's).
    let commands: [(String, [String], Bool)] = [
      ("midiroll check", [midiroll, "check", path], true),
      ("midiroll info", [midiroll, "info", path], true),
      (
        "midiroll convert .mid → .mid", [midiroll, "convert", "--force", path, scratch + "/huge-same.mid"],
        true
      ),
      ("midiroll convert .mid → .json", [midiroll, "convert", "--force", path, json], true),
      (
        "midiroll convert .json → .mid", [midiroll, "convert", "--force", json, scratch + "/huge-back.mid"],
        false
      ),
    ]
    for (label, command, midiInput) in commands {
      do {
        let figures = try measure(command, runs: 1)
        report.add(label, figures, bytes: bytes, baseline: nil)
        if midiInput && figures.peakBytes > 4 * bytes {
          report.notes.append("\(label): over 4× the file's bytes")
        }
        if !midiInput {
          let jsonBytes =
            ((try? FileManager.default.attributesOfItem(atPath: json))?[.size] as? NSNumber)?.intValue ?? 0
          report.notes.append(
            "\(label): \(format(Double(jsonBytes) / 1_000_000, 0)) MB of JSON read at "
              + "\(format(Double(jsonBytes) / 1_000_000 / figures.seconds, 0)) MB/s, peak RSS "
              + "\(format(Double(figures.peakBytes) / Double(max(jsonBytes, 1)), 3))× the JSON's size"
              + (figures.peakBytes > 4 * bytes ? " (over 4× the .mid's bytes)" : ""))
        }
      } catch {
        report.notes.append("\(label): \(error)")
      }
    }
    report.notes.append(
      "huge-back.mid against huge-same.mid: "
        + (FileManager.default.contentsEqual(
          atPath: scratch + "/huge-back.mid", andPath: scratch + "/huge-same.mid")
          ? "byte-identical" : "DIFFERENT"))
    for name in ["huge.json", "huge-same.mid", "huge-back.mid"] {
      try? FileManager.default.removeItem(atPath: scratch + "/" + name)
    }
    try? FileManager.default.removeItem(atPath: path)
    print(report.text)
    print()
  }

  /// Runs a command `runs` times under `/usr/bin/time -v`: the best wall time, the largest
  /// peak RSS.
  func measure(_ command: [String], runs: Int) throws -> Figures {
    var best = Double.infinity
    var peak = 0
    for _ in 0..<runs {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
      process.arguments = ["-v"] + command
      process.standardOutput = FileHandle.nullDevice
      let errors = Pipe()
      process.standardError = errors
      let start = Date()
      try process.run()
      let report = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let seconds = Date().timeIntervalSince(start)
      let text = String(decoding: report, as: UTF8.self)
      guard process.terminationStatus == 0 else {
        throw BenchmarkError.failed(
          "exit \(process.terminationStatus): \(text.split(separator: "\n").first ?? "")")
      }
      guard
        let line = text.split(separator: "\n").first(where: { $0.contains("Maximum resident set size") }),
        let kilobytes = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
      else { throw BenchmarkError.failed("no peak RSS in /usr/bin/time's report") }
      best = min(best, seconds)
      peak = max(peak, kilobytes * 1024)
    }
    return Figures(seconds: best, peakBytes: peak)
  }
}

/// A table of whole-process figures.
struct ProcessTable {
  /// The heading above the table.
  var heading: String
  /// The column names, the first for the row labels.
  var columns: [String]
  /// The rows: a label and its cells.
  var table: [(String, [String])] = []
  /// Lines printed under the table.
  var notes: [String] = []

  /// The table as text.
  var text: String {
    let cells = [columns] + table.map { [$0.0] + $0.1 }
    var lines = [heading] + tableLines(cells, lastLeftAligned: false)
    lines += notes.map { "  note: \($0)" }
    return lines.joined(separator: "\n")
  }
}

extension ProcessTable {
  /// Adds one process's row: its figures, and ratios to the baseline (how many times as fast,
  /// how many times the memory).
  mutating func add(
    _ label: String, _ figures: CommandBenchmark.Figures, bytes: Int, baseline: CommandBenchmark.Figures?
  ) {
    var cells = [
      format(figures.seconds, 3), format(Double(figures.peakBytes) / 1_048_576, 1),
      format(Double(figures.peakBytes) / Double(bytes), 2) + "×",
    ]
    if let baseline {
      cells.append(format(baseline.seconds / figures.seconds, 2) + "× as fast")
      cells.append(format(Double(figures.peakBytes) / Double(baseline.peakBytes), 2) + "×")
    } else {
      cells += ["", ""]
    }
    table.append((label, cells))
  }
}

/// The process's peak resident set size so far, in bytes (`VmHWM` of /proc/self/status).
func peakRSS() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
  else { return 0 }
  return kilobytes * 1024
}
