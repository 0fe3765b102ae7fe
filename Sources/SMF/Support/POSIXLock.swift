#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`, for the modules above that keep no
/// Foundation (a batch worker's temporary file, FluidSynth's SoundFont loading).
package final class POSIXLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// An unlocked lock.
  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Waits for the lock and takes it.
  package func lock() { pthread_mutex_lock(mutex) }

  /// Gives the lock back.
  package func unlock() { pthread_mutex_unlock(mutex) }
}
