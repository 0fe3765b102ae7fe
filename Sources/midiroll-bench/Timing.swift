import Foundation

/// How long a tool took over a workload, pass by pass.
struct Measurement: Codable {
  /// The tool and what it did, e.g. `midiroll MIDIFile.read`.
  var tool: String
  /// The number of files in one pass.
  var files: Int
  /// The bytes of one pass.
  var bytes: Int
  /// The wall-clock seconds each timed pass took.
  var passSeconds: [Double]
  /// The CPU seconds (user + system) each timed pass took.
  var passCPUSeconds: [Double]
  /// What one pass produced (events or notes), printed so a reader can see the work was done.
  var output: String

  /// The fastest pass: the least disturbed by whatever else the machine was doing.
  var bestSeconds: Double { passSeconds.min() ?? .nan }
  /// Milliseconds per file in the fastest pass.
  var millisecondsPerFile: Double { bestSeconds * 1000 / Double(max(1, files)) }
  /// Megabytes (10^6 bytes) per second in the fastest pass.
  var megabytesPerSecond: Double { Double(bytes) / 1_000_000 / bestSeconds }
  /// Megabytes per CPU second in the pass that took the least CPU time: what the tool gets
  /// done when it has a core to itself, less sensitive to a busy machine than wall time.
  var megabytesPerCPUSecond: Double { Double(bytes) / 1_000_000 / (passCPUSeconds.min() ?? .nan) }
}

/// Times `pass` (one run over a workload): one untimed warm-up, then timed passes until
/// `passes` are done or `minimumSeconds` have gone by (at least one).
/// - Returns: The wall-clock and CPU seconds of each timed pass and what the warm-up returned.
func time<Result>(passes: Int, minimumSeconds: Double, _ pass: () throws -> Result) rethrows -> (
  seconds: [Double], cpuSeconds: [Double], result: Result
) {
  let result = try pass()
  let clock = ContinuousClock()
  var seconds: [Double] = []
  var cpuSeconds: [Double] = []
  while seconds.count < max(1, passes) {
    let cpuStart = processCPUSeconds()
    let elapsed = try clock.measure { _ = try pass() }
    cpuSeconds.append(processCPUSeconds() - cpuStart)
    seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    if seconds.reduce(0, +) >= minimumSeconds { break }
  }
  return (seconds, cpuSeconds, result)
}

/// User and system CPU seconds this process has used.
func processCPUSeconds() -> Double { cpuSeconds(ofChildren: false) }

/// User and system CPU seconds this process has used, or its finished children.
func cpuSeconds(ofChildren children: Bool) -> Double {
  var usage = rusage()
  #if os(Linux)
    getrusage(__rusage_who_t((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue), &usage)
  #else
    getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
  #endif
  func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
  return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func consume<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
