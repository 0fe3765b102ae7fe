import MIDIRollBatch

/// The lines printed at the end of a batch.
struct BatchSummary {
  /// What the run did.
  let result: BatchResult

  /// Three lines, each ending with a newline:
  /// ```
  /// midiroll: batch: 2050 ok, 3 failed, 1 skipped (output exists), 12 already done
  /// midiroll: 123456 notes written; 105.2 MB read, 98.1 MB written; 12.3 s, 166.7 files/s, 8.6 MB/s
  /// midiroll: report: out/midiroll-report.jsonl
  /// ```
  var text: String {
    let totals = result.totals
    var counts = ["\(totals.ok) ok", "\(totals.failed) failed"]
    if totals.skipped > 0 { counts.append("\(totals.skipped) skipped (output exists; --force replaces)") }
    if totals.duplicates > 0 { counts.append("\(totals.duplicates) duplicate(s) not written") }
    if totals.alreadyDone > 0 { counts.append("\(totals.alreadyDone) already done") }
    if totals.failedBefore > 0 {
      counts.append("\(totals.failedBefore) failed before (not retried; --retry-failed retries them)")
    }
    if totals.withWarnings > 0 { counts.append("\(totals.withWarnings) read with warnings (see the report)") }
    var head = "midiroll: batch: "
    if let signal = result.interruption {
      head = "midiroll: batch interrupted by \(InterruptWatcher.name(signal)): "
      counts.append("\(result.notStarted) not started (run the same command with --resume to continue)")
    }
    let seconds = max(result.seconds, 1e-9)
    let rates = [
      "\(totals.notes) notes written",
      "\(Human.bytes(totals.bytesIn)) read, \(Human.bytes(totals.bytesOut)) written",
      "\(Human.fixed(result.seconds, 2)) s, \(Human.fixed(Double(totals.done) / seconds, 1)) files/s, "
        + "\(Human.fixed(Double(totals.bytesIn) / 1e6 / seconds, 1)) MB/s",
    ]
    let packed =
      totals.sequences > 0 || totals.skippedVariants > 0
      ? "midiroll: packed \(totals.sequences) sequence(s) of \(totals.tokens) tokens, 0 truncated, "
        + "\(totals.skippedVariants) variant(s) MidiTok would not make skipped\n" : ""
    return head + counts.joined(separator: ", ") + "\n"
      + "midiroll: " + rates.joined(separator: "; ") + "\n" + packed
      + "midiroll: report: \(result.reportPath)\n"
  }
}
