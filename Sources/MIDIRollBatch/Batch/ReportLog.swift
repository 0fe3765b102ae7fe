import Foundation
import MIDIRollFiles

/// One batch report read back: the latest line of each input, the runs, and what could not
/// be read. Used by `batch --resume` (what is done) and `midiroll report` (the totals).
///
/// A line that is not a report line (cut short by a full disk or a machine that stopped, or
/// written over by an old midiroll without the report lock) is counted and skipped, never
/// fatal: the lines around it still count.
struct ReportLog: Sendable {
  /// The latest line of one input.
  struct Entry: Sendable {
    /// The input's path, relative to the input folder.
    var input: String
    /// `ok`, `failed` or `skipped`.
    var status: String
    /// The output's path, relative to the output folder (not for failures, but those of
    /// writing the output).
    var output: String?
    /// Why it failed or was skipped.
    var reason: String?
    /// Whether it failed because its output could not be written.
    var cannotWrite: Bool
    /// For a duplicate, the input of its group that is written.
    var kept: String?
    /// Its statistics (`batch --stats`).
    var stats: StatsLine?
    /// Its tokens (`--to tokens`), and sequences and variants skipped (`--pack`).
    var tokens: Int?
    var sequences: Int?
    var skippedVariants: Int?
    /// When the run that wrote the line started (ISO 8601), for ordering across files.
    var runStarted: String
    /// The line's number in its file (1-based).
    var line: Int
  }

  /// One run recorded in the report.
  struct Run: Sendable {
    /// When it started (ISO 8601).
    var started: String
    /// Its shard, `K/N`.
    var shard: String
    /// How many inputs of the tree were in its shard, when recorded.
    var inShard: Int?
    /// Whether it wrote its summary line (it ended, normally or interrupted).
    var finished = false
    /// Whether its summary says it was interrupted.
    var interrupted = false
  }

  /// The report's path.
  var path: String
  /// The latest line of each input, by input path.
  var entries: [String: Entry] = [:]
  /// The runs, in order.
  var runs: [Run] = []
  /// Lines that are not report lines, by line number.
  var unreadableLines: [Int] = []

  private struct Line: Decodable {
    struct RunMembers: Decodable {
      var started: String?
      var shard: String?
      var inShard: Int?
    }
    struct SummaryMembers: Decodable {
      var interrupted: Bool?
    }
    var input: String?
    var status: String?
    var output: String?
    var reason: String?
    var cannotWrite: Bool?
    var kept: String?
    var stats: StatsLine?
    var tokens: Int?
    var sequences: Int?
    var skippedVariants: Int?
    var run: RunMembers?
    var summary: SummaryMembers?
  }

  /// Reads the report at `path`; a missing report is an empty one.
  /// - Throws: ``KitError`` (bad input) when the report exists but cannot be read.
  init(path: String) throws(KitError) {
    guard FileManager.default.fileExists(atPath: path) else {
      self.init(path: path, bytes: Data())
      return
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw KitError(.badInput, file: path, "cannot read the report")
    }
    self.init(path: path, bytes: data)
  }

  /// Reads a report's bytes.
  init(path: String, bytes: Data) {
    self.path = path
    let decoder = JSONDecoder()
    var number = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      number += 1
      if line.isEmpty { continue }
      guard let parsed = try? decoder.decode(Line.self, from: line) else {
        unreadableLines.append(number)
        continue
      }
      if let run = parsed.run {
        runs.append(Run(started: run.started ?? "", shard: run.shard ?? "1/1", inShard: run.inShard))
      } else if let summary = parsed.summary {
        if !runs.isEmpty {
          runs[runs.count - 1].finished = true
          runs[runs.count - 1].interrupted = summary.interrupted ?? false
        }
      } else if let input = parsed.input, let status = parsed.status {
        entries[input] = Entry(
          input: input, status: status, output: parsed.output, reason: parsed.reason,
          cannotWrite: parsed.cannotWrite ?? false, kept: parsed.kept, stats: parsed.stats,
          tokens: parsed.tokens,
          sequences: parsed.sequences, skippedVariants: parsed.skippedVariants,
          runStarted: runs.last?.started ?? "", line: number)
      } else {
        unreadableLines.append(number)
      }
    }
  }
}

/// What an earlier report says, for `--resume`.
enum ReportReader {
  /// What resuming does with the inputs an earlier run finished.
  struct Earlier: Sendable {
    /// Inputs whose latest line is ok or skipped, each with its output (both relative).
    var done: [String: String] = [:]
    /// Inputs whose latest line is a failure of the input itself (not of writing its output).
    var failed: Set<String> = []
    /// Inputs whose latest line says they are duplicates.
    var duplicates: Set<String> = []
    /// How many lines of the report could not be read.
    var unreadableLines = 0
  }

  /// The inputs an earlier run finished, each counted once, its latest line winning.
  /// - Throws: ``KitError`` (bad input) when the report exists but cannot be read.
  static func earlier(in path: String) throws(KitError) -> Earlier {
    let log = try ReportLog(path: path)
    var earlier = Earlier()
    earlier.unreadableLines = log.unreadableLines.count
    for entry in log.entries.values {
      switch entry.status {
      case BatchOutcome.Status.ok.rawValue, BatchOutcome.Status.skipped.rawValue:
        if let output = entry.output { earlier.done[entry.input] = output }
      case BatchOutcome.Status.failed.rawValue where !entry.cannotWrite:
        earlier.failed.insert(entry.input)
      case BatchOutcome.Status.duplicate.rawValue:
        earlier.duplicates.insert(entry.input)
      default: break
      }
    }
    return earlier
  }
}
