import Foundation

/// Hands out job indices in order to any worker, never more than `window` ahead of the last
/// one collected, so that the collecting thread, which appends results in job order (a pack),
/// holds at most `window` results that wait for a slower one.
final class InOrderJobQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private let count: Int
  private let window: Int
  private var next = 0
  private var collected = 0
  private var stopped = false
  private let interrupts: InterruptWatcher

  /// A queue of `count` jobs, at most `window` handed out and not yet collected.
  init(count: Int, window: Int, interrupts: InterruptWatcher) {
    self.count = count
    self.window = max(window, 1)
    self.interrupts = interrupts
  }

  /// The next job's index, waiting while `window` jobs are out; `nil` when there is none left,
  /// the queue was stopped or the run interrupted.
  func take() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    while !stopped && next < count && next - collected >= window && interrupts.received == nil {
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
    }
    guard !stopped, next < count, interrupts.received == nil else { return nil }
    next += 1
    return next - 1
  }

  /// Records that the jobs before `index` are collected.
  func collected(upTo index: Int) {
    condition.lock()
    collected = max(collected, index)
    condition.broadcast()
    condition.unlock()
  }

  /// Hands out no more jobs.
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }
}
