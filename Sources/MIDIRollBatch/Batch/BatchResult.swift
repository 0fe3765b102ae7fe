/// What a batch run did.
public struct BatchResult: Sendable {
  /// The totals.
  public var totals: BatchTotals
  /// The signal that interrupted the run, if one did.
  public var interruption: Int32?
  /// Inputs not started because of the interruption.
  public var notStarted: Int
  /// Wall time in seconds, walking included.
  public var seconds: Double
  /// The report's path.
  public var reportPath: String
}
