/// Running totals of a batch, kept by the thread that writes the report.
public struct BatchTotals: Sendable {
  /// Inputs this run has to do (after sharding and resuming).
  public var planned = 0
  /// Inputs an earlier run already did (`--resume`).
  public var alreadyDone = 0
  /// Inputs whose latest result in the report is a failure of the input, not retried
  /// (`--resume` without `--retry-failed`).
  public var failedBefore = 0
  /// Inputs of the tree in this run's shard (planned, already done or failed before).
  public var inShard = 0
  /// Converted and written.
  public var ok = 0
  /// Failed.
  public var failed = 0
  /// Skipped (their output exists).
  public var skipped = 0
  /// Inputs not written as duplicates of another (`--dedup`).
  public var duplicates = 0
  /// Failed because an output could not be written.
  public var cannotWrite = 0
  /// Converted with warnings.
  public var withWarnings = 0
  /// Notes in the outputs written.
  public var notes = 0
  /// Bytes read.
  public var bytesIn = 0
  /// Bytes written.
  public var bytesOut = 0
  /// Token sequences added to packs (`--pack`).
  public var sequences = 0
  /// Tokens written (`--to tokens`).
  public var tokens = 0
  /// Augmented variants MidiTok would not make (`--pack --augment`).
  public var skippedVariants = 0

  /// Inputs finished, whatever their end.
  public var done: Int { ok + failed + skipped + duplicates }

  /// Counts one outcome.
  mutating func add(_ outcome: BatchOutcome) {
    switch outcome.status {
    case .ok:
      ok += 1
      notes += outcome.notes
      bytesOut += outcome.bytesOut
      sequences += outcome.sequences
      tokens += outcome.tokens ?? 0
      skippedVariants += outcome.skippedVariants
      if !outcome.warnings.isEmpty { withWarnings += 1 }
    case .failed:
      failed += 1
      if outcome.cannotWrite { cannotWrite += 1 }
    case .skipped:
      skipped += 1
    case .duplicate:
      duplicates += 1
    }
    bytesIn += outcome.bytesIn
  }
}
