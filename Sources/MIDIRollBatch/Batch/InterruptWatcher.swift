import Dispatch
import Foundation
import MIDIRollFiles

/// Turns SIGINT, SIGTERM and SIGHUP into a request to stop, without a signal handler doing
/// any work: the signals are ignored by the process and delivered to a dispatch source.
///
/// The first signal is recorded (``received``): the batch takes no new file, lets the files
/// in progress finish, writes the report and the summary, and exits with 128 + the signal.
/// A second signal stops at once: every worker's temporary file is removed (and no worker
/// can create or rename one after that), then the process exits with 128 + the signal, so
/// even then no partial output is left.
public final class InterruptWatcher: @unchecked Sendable {
  private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  private let lock = NSLock()
  private var first: Int32?
  private var slots: [TemporarySlot] = []
  private var sources: [DispatchSourceSignal] = []
  private let queue = DispatchQueue(label: "midiroll.batch.signals")

  /// Creates a watcher; ``start()`` begins watching.
  /// What a second signal's message advises: how to resume (worded by the command line).
  private let resumeAdvice: String

  /// Creates a watcher whose second-signal message ends with `resumeAdvice`.
  init(resumeAdvice: String) { self.resumeAdvice = resumeAdvice }

  /// The first signal received, if any.
  var received: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return first
  }

  /// Starts watching the signals, and ignores SIGPIPE for the rest of the process: standard
  /// error piped into a command that quits (`| head`) must not kill a batch mid-file.
  func start() {
    signal(SIGPIPE, SIG_IGN)
    for number in Self.signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      // `data` counts the signals since the last call: two quick presses may arrive as one call.
      source.setEventHandler { self.handle(number, count: source.data) }
      source.resume()
      sources.append(source)
    }
  }

  /// Stops watching and gives the signals back their default actions.
  func stop() {
    for source in sources { source.cancel() }
    sources.removeAll()
    for number in Self.signals { signal(number, SIG_DFL) }
  }

  /// The temporary-file slots to empty on a second signal.
  func protect(_ slots: [TemporarySlot]) {
    lock.lock()
    self.slots = slots
    lock.unlock()
  }

  private func handle(_ number: Int32, count: UInt) {
    lock.lock()
    let isFirst = first == nil
    if isFirst { first = number }
    guard !isFirst || count > 1 else {
      lock.unlock()
      return
    }
    let slots = self.slots
    lock.unlock()
    for slot in slots { slot.abandon() }
    StandardError.write(
      "\nmidiroll: \(Self.name(number)) again: stopped at once; no partial output is left "
        + "(the report may miss the last files done; \(resumeAdvice))\n")
    _exit(128 + number)
  }

  /// `SIGINT`, `SIGTERM`, `SIGHUP`, or `signal N`.
  public static func name(_ number: Int32) -> String {
    switch number {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    default: "signal \(number)"
    }
  }
}
