#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t` (no Foundation): the lock of a
/// ``TemporarySlot``.
final class POSIXLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// An unlocked lock.
  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Waits for the lock and takes it.
  func lock() { pthread_mutex_lock(mutex) }

  /// Gives the lock back.
  func unlock() { pthread_mutex_unlock(mutex) }
}
