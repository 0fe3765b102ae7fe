import ArgumentParser
import Foundation
import MIDIRollBatch
import MIDIRollFiles
import PianoRollWeb

/// `midiroll report OUT_DIR`: every batch report in a folder (all shards, all resumed runs)
/// summed up — totals, failures by reason, and what is still missing.
struct Report: DocumentedCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Sum up every batch report in a folder: totals, failures by reason, what is missing.",
    discussion: """
      Reads every midiroll-report*.jsonl in OUT_DIR (the reports of all shards and all \
      resumed runs) and counts each input once, its latest result winning. Failures are \
      grouped by reason (reasons that differ only in their numbers are one group), with \
      counts and example paths. Missing: shards of a 'midiroll batch --shard K/N' run that \
      never ran, inputs of a shard without a result, runs that did not finish. Lines cut short by a run that \
      stopped while writing are counted and passed over.

      --json prints one object: {"inputs": N, "ok": N, "failed": N, "skipped": N, \
      "duplicates": N, "missing": N, (with --to tokens: "tokens": N, "sequences": N, \
      "truncations": 0, "skippedVariants": N,) "reports": [paths], "runs": N, "unreadableLines": N, \
      "failures": [{"reason": …, "count": N, "examples": [paths]}], "incomplete": [{"shard": \
      "K/N", …}], "duplicateGroups": [{"kept": path, "duplicates": [paths]}], "stats": {…}} \
      ("stats" when 'midiroll batch' ran with --stats: histograms of notes, seconds, bars, tempo, \
      pitch range and muspy's 13 metrics, files per meter and key, notes per instrument family).

      --html PAGE.html writes the same summary as one self-contained page of tables and charts.

      Exit status: 0 when every input is ok or skipped and nothing is missing, 1 when any \
      failed or something is missing (or OUT_DIR holds no report), 2 for bad usage.
      """
  )

  /// `midiroll report --help`'s examples.
  static let examples = [
    "midiroll report lmd-json/", "midiroll report lmd-json/ --json | jq .failures",
    "sbatch --dependency=afterany:1234 --wrap 'midiroll report lmd-json'",
  ]

  /// The folder holding the reports.
  @Argument(
    help: ArgumentHelp("The batch's output folder (or wherever the reports are).", valueName: "OUT_DIR"))
  var folder: String

  /// Print JSON instead of text.
  @Flag(name: .long, help: "Print the summary as one JSON object.")
  var json = false

  /// Write the report page.
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Also write the report as one self-contained page (totals, failures, duplicate groups, charts of the "
        + "statistics of batch --stats).", valueName: "PAGE.html"))
  var html: String?

  /// Creates the command (for the argument parser).
  init() {}

  /// Reads the reports and prints the summary.
  func run() throws {
    let summary = try ReportFolder(folder: Batch.trimmed(folder))
    if let html {
      try FileIO.write(DatasetReportPage(reportJSON: Array(summary.json.utf8)).html(), to: html)
    }
    if json {
      try StandardOutput.printLine(summary.json)
    } else {
      try StandardOutput.write(summary.text)
    }
    if !summary.isClean { throw ExitCode(1) }
  }
}
