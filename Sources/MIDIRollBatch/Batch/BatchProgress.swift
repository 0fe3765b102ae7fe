/// What a batch run tells about its progress as it goes; the command line shows it (a bar, a
/// line now and then, or nothing).
///
/// Every call comes from the thread that called ``BatchRunner/run(progress:)``, never from a
/// worker, so an implementation needs no lock.
public protocol BatchProgress: AnyObject {
  /// The work is planned: `totals.planned` inputs, converted `workers` at a time.
  func started(_ totals: BatchTotals, workers: Int)
  /// An input failed; `path` is the input under the input folder, or the output under the
  /// output folder when that could not be written (`reason` then names the input); `reason`
  /// is one line.
  func failed(path: String, reason: String)
  /// A signal asked the run to stop: the files in progress are being finished.
  func interrupted(by signal: Int32)
  /// Outcomes came in (about ten times a second while the run goes on).
  func advanced(_ totals: BatchTotals)
  /// Every worker is done; the summary follows.
  func finished(_ totals: BatchTotals)
}

/// Progress nobody is shown (`--quiet`, and the library's default).
public final class SilentBatchProgress: BatchProgress {
  /// Creates it.
  public init() {}
  /// Shows nothing.
  public func started(_ totals: BatchTotals, workers: Int) {}
  /// Shows nothing.
  public func failed(path: String, reason: String) {}
  /// Shows nothing.
  public func interrupted(by signal: Int32) {}
  /// Shows nothing.
  public func advanced(_ totals: BatchTotals) {}
  /// Shows nothing.
  public func finished(_ totals: BatchTotals) {}
}
