import Foundation

/// Where workers post outcomes for the collecting thread.
final class Mailbox: @unchecked Sendable {
  private let condition = NSCondition()
  private var outcomes: [BatchOutcome] = []
  private var running: Int

  /// A mailbox for `workers` workers.
  init(workers: Int) { running = workers }

  /// Adds an outcome (holds the lock only for the append) and wakes the collector, so that
  /// the report line is written right after the output (a run killed between the two leaves
  /// an output the report does not know, which `--resume` then skips as existing).
  func post(_ outcome: BatchOutcome) {
    condition.lock()
    outcomes.append(outcome)
    condition.signal()
    condition.unlock()
  }

  /// Marks one worker as finished; wakes the collector when it was the last.
  func finish() {
    condition.lock()
    running -= 1
    if running == 0 { condition.broadcast() }
    condition.unlock()
  }

  /// Waits up to `seconds` (less when an outcome arrives or the last worker finishes), then
  /// takes every outcome.
  /// - Returns: The outcomes, and whether every worker has finished.
  func collect(waitingAtMost seconds: Double) -> (outcomes: [BatchOutcome], finished: Bool) {
    condition.lock()
    defer { condition.unlock() }
    if running > 0 && outcomes.isEmpty { _ = condition.wait(until: Date(timeIntervalSinceNow: seconds)) }
    let taken = outcomes
    outcomes.removeAll(keepingCapacity: true)
    return (taken, running == 0)
  }
}
