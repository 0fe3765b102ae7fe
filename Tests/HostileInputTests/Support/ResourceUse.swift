import Foundation

/// Starts a new measurement of peak memory where the system allows it (Linux: the peak
/// resident set size is reset by writing 5 to /proc/self/clear_refs).
func resetPeakResident() {
  #if os(Linux)
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
      handle.write(Data("5".utf8))
      try? handle.close()
    }
  #endif
}

/// The most memory the process has held since the last reset (or its start), in bytes.
func peakResidentBytes() -> Int {
  #if os(Linux)
    if let peak = statusField("VmHWM:") { return peak }
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
  #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)  // bytes on Apple platforms
  #endif
}

/// The memory the process holds now, in bytes (0 where unknown).
func residentBytes() -> Int {
  #if os(Linux)
    return statusField("VmRSS:") ?? 0
  #else
    return 0
  #endif
}

#if os(Linux)
  /// A `kB` field of /proc/self/status, in bytes.
  private func statusField(_ name: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(name) {
      let digits = line.dropFirst(name.count).filter(\.isNumber)
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }
#endif

/// Whether AddressSanitizer is in the process (`make test-asan`): it keeps up to 256 MiB of
/// freed memory in quarantine, which shows as resident memory.
let runningUnderAddressSanitizer: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

/// The processor time the calling thread spends in `body`: unlike the wall clock, it does not
/// count the time the thread waits for a core on a busy machine, so a slow input is one that
/// works for long, never one that was merely descheduled.
func threadTime(_ body: () -> Void) -> Duration {
  func now() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
  let start = now()
  body()
  return now() - start
}
