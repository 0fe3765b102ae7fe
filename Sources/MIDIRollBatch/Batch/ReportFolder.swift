import Foundation
import MIDIRollFiles
import SMF

/// Every batch report in one folder (`midiroll-report*.jsonl`: all shards, all resumed runs)
/// summed up: each input counted once, its latest result winning; the failures grouped by
/// reason; and what is missing (shards never run, inputs of a shard without a result).
public struct ReportFolder: Sendable {
  /// One group of failures whose reasons differ only in their numbers.
  struct FailureGroup: Sendable {
    /// The reason with every number written `N` (`byte N, track N: the data ends early`).
    var reason: String
    /// How many inputs failed so.
    var count: Int
    /// Up to ``ReportFolder/exampleCount`` of their paths, in order.
    var examples: [String]
  }

  /// One shard that is not complete.
  struct Gap: Sendable {
    /// The shard, `K/N`.
    var shard: String
    /// The report it writes (`nil` when it has none: it never ran).
    var report: String?
    /// Inputs of the shard without a result (unknown when it never ran).
    var missing: Int?
    /// Whether its latest run ended without its summary (killed, or still running).
    var unfinished: Bool
  }

  /// How many example paths a failure group keeps.
  static let exampleCount = 3

  /// The report files read, in name order.
  var reports: [String] = []
  /// How many runs they record.
  var runs = 0
  /// The latest result of each input.
  var latest: [String: ReportLog.Entry] = [:]
  /// Lines that are not report lines, over all files.
  var unreadableLines = 0
  /// The shards that are not complete.
  var gaps: [Gap] = []

  /// Inputs with a result.
  var inputs: Int { latest.count }
  /// Whether every input is ok or skipped and nothing is missing.
  public var isClean: Bool { count(.failed) == 0 && gaps.isEmpty }

  /// How many inputs have this latest result.
  func count(_ status: BatchOutcome.Status) -> Int {
    latest.values.reduce(0) { $0 + ($1.status == status.rawValue ? 1 : 0) }
  }
  /// Inputs known to have no result yet.
  var missing: Int { gaps.reduce(0) { $0 + ($1.missing ?? 0) } }

  /// The duplicate groups: each input written, with the inputs reported as its duplicates
  /// (sorted), in the order of the inputs written.
  var duplicateGroups: [(kept: String, duplicates: [String])] {
    var groups: [String: [String]] = [:]
    for entry in latest.values where entry.status == BatchOutcome.Status.duplicate.rawValue {
      groups[entry.kept ?? "", default: []].append(entry.input)
    }
    return groups.keys.sorted().map { ($0, groups[$0]!.sorted()) }
  }

  /// The dataset's statistics, from the inputs whose latest line has them (`batch --stats`),
  /// or `nil` when none has.
  var statistics: DatasetSummary? {
    let lines = latest.values.compactMap(\.stats)
    return lines.isEmpty ? nil : DatasetSummary(lines)
  }

  /// The failures grouped by reason, the largest group first.
  var failures: [FailureGroup] {
    var groups: [String: FailureGroup] = [:]
    let failed = latest.values.filter { $0.status == BatchOutcome.Status.failed.rawValue }
    for entry in failed.sorted(by: { $0.input < $1.input }) {
      let reason = Self.pattern(of: entry.reason ?? "failed")
      var group = groups[reason] ?? FailureGroup(reason: reason, count: 0, examples: [])
      group.count += 1
      if group.examples.count < Self.exampleCount { group.examples.append(entry.input) }
      groups[reason] = group
    }
    return groups.values.sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
  }

  /// Reads every `midiroll-report*.jsonl` in `folder`.
  /// - Throws: ``KitError`` (bad input) when the folder cannot be read, holds no report, or
  ///   a report cannot be read.
  public init(folder: String) throws(KitError) {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw KitError(.badInput, file: folder, "cannot read the folder")
    }
    let reportNames = names.filter { $0.hasPrefix("midiroll-report") && $0.hasSuffix(".jsonl") }.sorted()
    guard !reportNames.isEmpty else {
      throw KitError(.badInput, file: folder, "holds no batch report (midiroll-report*.jsonl)")
    }
    var logs: [ReportLog] = []
    for name in reportNames {
      logs.append(try ReportLog(path: folder + "/" + name))
    }
    self.init(logs: logs)
  }

  /// Sums up reports already read.
  init(logs: [ReportLog]) {
    reports = logs.map(\.path)
    var order: [String: (started: String, file: Int, line: Int)] = [:]
    var shardCounts = Set<Int>()
    var shardsSeen = Set<String>()
    for (file, log) in logs.enumerated() {
      runs += log.runs.count
      unreadableLines += log.unreadableLines.count
      for entry in log.entries.values {
        let key = (entry.runStarted, file, entry.line)
        if let previous = order[entry.input], previous > key { continue }
        order[entry.input] = key
        latest[entry.input] = entry
      }
      guard let last = log.runs.last else { continue }
      shardsSeen.insert(last.shard)
      if let shard = Shard(argument: last.shard) { shardCounts.insert(shard.count) }
      let missing = last.inShard.map { max(0, $0 - log.entries.count) }
      if !last.finished || (missing ?? 0) > 0 {
        gaps.append(Gap(shard: last.shard, report: log.path, missing: missing, unfinished: !last.finished))
      }
    }
    for count in shardCounts.sorted() where count > 1 {
      for index in 1...count where !shardsSeen.contains("\(index)/\(count)") {
        gaps.append(Gap(shard: "\(index)/\(count)", report: nil, missing: nil, unfinished: false))
      }
    }
  }

  /// A reason with each number (a word that begins with a digit: `40`, `0xF8`) written `N`,
  /// so that reasons that differ only in an offset, a track, a length or a byte are one group.
  static func pattern(of reason: String) -> String {
    var result = ""
    var inNumber = false
    var previous: Character = " "
    for character in reason {
      let isWordCharacter = character.isLetter || character.isNumber
      if inNumber && isWordCharacter {
        continue
      }
      inNumber = false
      if character.isASCII && character.isNumber && !(previous.isLetter || previous.isNumber) {
        result.append("N")
        inNumber = true
      } else {
        result.append(character)
      }
      previous = character
    }
    return result
  }

  /// The tokens, sequences and skipped variants of the inputs' latest lines (`--to tokens`,
  /// `--pack`), `nil` when no line has tokens.
  var tokenTotals: (tokens: Int, sequences: Int, skippedVariants: Int)? {
    let lines = latest.values.filter { $0.tokens != nil }
    guard !lines.isEmpty else { return nil }
    return (
      lines.reduce(0) { $0 + ($1.tokens ?? 0) }, lines.reduce(0) { $0 + ($1.sequences ?? 0) },
      lines.reduce(0) { $0 + ($1.skippedVariants ?? 0) }
    )
  }

  /// The summary as one JSON object.
  public var json: String {
    var object = JSONLine()
    object.add("inputs", inputs)
    object.add("ok", count(.ok))
    object.add("failed", count(.failed))
    object.add("skipped", count(.skipped))
    object.add("duplicates", count(.duplicate))
    object.add("missing", missing)
    if let totals = tokenTotals {
      object.add("tokens", totals.tokens)
      object.add("sequences", totals.sequences)
      object.add("truncations", 0)
      object.add("skippedVariants", totals.skippedVariants)
    }
    var groups: [String] = []
    for group in failures {
      var line = JSONLine()
      line.add("reason", group.reason)
      line.add("count", group.count)
      line.add("examples", group.examples)
      groups.append(line.text)
    }
    var gapObjects: [String] = []
    for gap in gaps {
      var line = JSONLine()
      line.add("shard", gap.shard)
      if let report = gap.report { line.add("report", report) }
      if let missing = gap.missing { line.add("missing", missing) }
      line.add("neverRan", gap.report == nil)
      line.add("unfinished", gap.unfinished)
      gapObjects.append(line.text)
    }
    object.add("reports", reports)
    object.add("runs", runs)
    object.add("unreadableLines", unreadableLines)
    // Arrays of objects: JSONLine takes nested objects one at a time, so these are spliced.
    var text = object.text
    text.removeLast()
    text += ",\"failures\":[" + groups.joined(separator: ",") + "]"
    text += ",\"incomplete\":[" + gapObjects.joined(separator: ",") + "]"
    let duplicateObjects = duplicateGroups.map { group in
      var line = JSONLine()
      line.add("kept", group.kept)
      line.add("duplicates", group.duplicates)
      return line.text
    }
    text += ",\"duplicateGroups\":[" + duplicateObjects.joined(separator: ",") + "]"
    if let statistics { text += ",\"stats\":" + statistics.json }
    text += "}"
    return text
  }

  /// The summary as lines for people.
  public var text: String { text(hintWords: \.plainWords) }

  /// The report as text, each hint worded by `hintWords` (the command line names its options);
  /// control characters in paths and reasons escaped, so each line stays one line.
  public func text(hintWords: (KitHint) -> String) -> String {
    var lines: [String] = []
    lines.append("\(reports.count) report(s), \(runs) run(s)")
    var counts = "\(inputs) inputs: \(count(.ok)) ok, \(count(.failed)) failed, \(count(.skipped)) skipped"
    if count(.duplicate) > 0 { counts += ", \(count(.duplicate)) duplicates" }
    if missing > 0 { counts += ", \(missing) missing" }
    lines.append(counts)
    if let totals = tokenTotals {
      lines.append(
        "\(totals.tokens) tokens in \(totals.sequences) sequence(s), 0 truncated, \(totals.skippedVariants) "
          + "variant(s) MidiTok would not make skipped")
    }
    if unreadableLines > 0 {
      lines.append("\(unreadableLines) line(s) could not be read (cut short by a stopped run)")
    }
    let groups = failures
    if !groups.isEmpty {
      lines.append("failures by reason:")
      for group in groups {
        let count = String(group.count)
        lines.append(String(repeating: " ", count: max(0, 7 - count.count)) + count + "  " + group.reason)
        lines.append("         e.g. " + group.examples.joined(separator: ", "))
      }
    }
    if let statistics {
      lines.append(
        "statistics of \(statistics.files) input(s) (muspy refuses \(statistics.muspyRefused)): "
          + "their histograms and counts are in the JSON summary and on the report page")
    }
    let duplicates = duplicateGroups
    if !duplicates.isEmpty {
      lines.append("duplicate groups (the input written, then its duplicates):")
      for group in duplicates {
        lines.append("  " + group.kept)
        for duplicate in group.duplicates { lines.append("    = " + duplicate) }
      }
    }
    if gaps.isEmpty {
      lines.append("missing: nothing")
    } else {
      lines.append("missing:")
      for gap in gaps {
        var what: [String] = []
        if gap.report == nil { what.append("never ran") }
        if let missing = gap.missing, missing > 0 { what.append("\(missing) input(s) without a result") }
        if gap.unfinished { what.append("its last run did not finish (still running, or killed)") }
        let suffix = gap.report == nil ? "" : " (\(hintWords(.resume)))"
        lines.append("  shard \(gap.shard): " + what.joined(separator: ", ") + suffix)
      }
    }
    return lines.map { OneLine.escaping($0) + "\n" }.joined()  // a path or reason never breaks a line
  }
}
