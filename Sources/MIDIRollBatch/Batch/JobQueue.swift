import Foundation

/// Hands out job indices to workers, until the jobs run out or an interruption arrives.
///
/// The jobs (in walk order, so grouped by folder) are split into one contiguous part per
/// worker. Each worker takes its own part in order; a worker whose part is done takes the
/// second half of the largest part left. So workers mostly write into different folders:
/// creating and renaming files in one folder takes the folder's lock in the kernel, and on
/// the real corpus that lock was where two workers in one folder spent most of their waiting.
final class JobQueue: @unchecked Sendable {
  private let lock = NSLock()
  private var parts: [Range<Int>]
  /// Whether no more jobs are handed out (``stop()``).
  private var stopped = false
  private let interrupts: InterruptWatcher

  /// A queue of `count` jobs for `workers` workers that stops when `interrupts` has received
  /// a signal.
  init(count: Int, workers: Int, interrupts: InterruptWatcher) {
    parts = (0..<workers).map { worker in
      (count * worker / workers)..<(count * (worker + 1) / workers)
    }
    self.interrupts = interrupts
  }

  /// The next job's index for `worker`, or `nil` when there is none or the run was
  /// interrupted.
  func take(worker: Int) -> Int? {
    if interrupts.received != nil { return nil }
    lock.lock()
    defer { lock.unlock() }
    if stopped { return nil }
    if parts[worker].isEmpty {
      guard let largest = parts.indices.max(by: { parts[$0].count < parts[$1].count }),
        !parts[largest].isEmpty
      else { return nil }
      let part = parts[largest]
      let middle = part.lowerBound + part.count / 2
      parts[largest] = part.lowerBound..<middle
      parts[worker] = middle..<part.upperBound
    }
    let index = parts[worker].lowerBound
    parts[worker] = (index + 1)..<parts[worker].upperBound
    return index
  }
}

extension JobQueue {
  /// Hands out no more jobs (the report cannot be written).
  func stop() {
    lock.lock()
    stopped = true
    lock.unlock()
  }
}
