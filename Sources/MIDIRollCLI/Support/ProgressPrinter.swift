import Foundation
import MIDIRollBatch
import MIDIRollFiles
import SMF

/// Shows a batch's progress on standard error: a bar redrawn in place on a terminal, a plain
/// line now and then otherwise, or nothing. Failure lines are printed above the bar.
///
/// Used by one thread only (the one that collects outcomes), so it needs no lock.
final class ProgressPrinter: BatchProgress {
  /// How progress is shown on standard error.
  enum Style {
    /// A bar redrawn in place (standard error is a terminal).
    case bar
    /// A plain line now and then (standard error is a file or a pipe).
    case lines
    /// Nothing (`--quiet`).
    case none
  }

  private let style: Style
  private let lineInterval: Double
  private let start = ContinuousClock.now
  private var lastDraw: ContinuousClock.Instant?
  private var barShown = false

  /// Creates a printer.
  /// - Parameter lineInterval: Seconds between plain lines.
  init(style: Style, lineInterval: Double = 5) {
    self.style = style
    self.lineInterval = lineInterval
  }

  /// Seconds since the printer was made.
  var elapsed: Double { Human.seconds(ContinuousClock.now - start) }

  /// Shows the work ahead.
  func started(_ totals: BatchTotals, workers: Int) { start(totals, workers: workers) }

  /// Prints the failure above the bar, control characters escaped.
  func failed(path: String, reason: String) { print(OneLine.escaping("midiroll: \(path): \(reason)")) }

  /// Says that the files in progress are being finished.
  func interrupted(by signal: Int32) {
    print(
      "midiroll: \(InterruptWatcher.name(signal)): finishing the files in progress "
        + "(press Ctrl-C again to stop at once)")
  }

  /// Redraws the bar or prints a line when it is time.
  func advanced(_ totals: BatchTotals) { update(totals) }

  /// Draws the bar a last time, full, and removes it before the summary.
  func finished(_ totals: BatchTotals) {
    if style == .bar { update(totals, force: true) }
    clear()
  }

  /// Redraws the bar (at most 10 times a second) or prints a line (every `lineInterval`).
  func update(_ totals: BatchTotals, force: Bool = false) {
    let now = ContinuousClock.now
    switch style {
    case .none:
      return
    case .bar:
      if !force, let lastDraw, now - lastDraw < .milliseconds(100) { return }
      lastDraw = now
      Self.write("\r" + bar(totals) + "\u{1B}[K")
      barShown = true
    case .lines:
      if !force, let lastDraw, Human.seconds(now - lastDraw) < lineInterval { return }
      lastDraw = now
      Self.write("midiroll: batch: " + status(totals) + "\n")
    }
  }

  /// Shows the work ahead: the empty bar, or a first line.
  func start(_ totals: BatchTotals, workers: Int) {
    switch style {
    case .none: return
    case .bar: update(totals, force: true)
    case .lines:
      lastDraw = ContinuousClock.now
      var line = "midiroll: batch: \(totals.planned) input(s) to convert, \(workers) at a time"
      if totals.alreadyDone > 0 { line += " (\(totals.alreadyDone) already done)" }
      Self.write(line + "\n")
    }
  }

  /// Prints a line (a failure) above the bar.
  func print(_ line: String) {
    clear()
    Self.write(line + "\n")
  }

  /// Removes the bar, before the summary.
  func clear() {
    if barShown { Self.write("\r\u{1B}[K") }
    barShown = false
  }

  /// `[#####-----] 1234/5000 · 523 files/s · 12.3 MB/s · 2 failed · 0:07 left`.
  private func bar(_ totals: BatchTotals) -> String {
    let fraction = totals.planned == 0 ? 1 : Double(totals.done) / Double(totals.planned)
    let width = 20
    let filled = min(width, Int(fraction * Double(width)))
    let text =
      "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
      + status(totals, unit: "")
    let columns = Self.terminalColumns()
    return text.count < columns ? text : String(text.prefix(columns - 1))
  }

  /// `1234/5000 files · 523 files/s · 12.3 MB/s · 2 failed · 0:07 left`.
  private func status(_ totals: BatchTotals, unit: String = " files") -> String {
    var parts = ["\(totals.done)/\(totals.planned)\(unit)"]
    let seconds = elapsed
    if totals.done > 0 && seconds > 0 {
      let rate = Double(totals.done) / seconds
      parts.append(Human.rate(rate) + " files/s")
      parts.append(Human.rate(Double(totals.bytesIn) / 1e6 / seconds) + " MB/s")
      parts.append("\(totals.failed) failed")
      if totals.done < totals.planned {
        parts.append(Human.duration(Double(totals.planned - totals.done) / rate) + " left")
      }
    } else {
      parts.append("\(totals.failed) failed")
    }
    return parts.joined(separator: " · ")
  }

  /// Writes text to standard error as it is.
  static func write(_ text: String) { StandardError.write(text) }

  /// The width of the terminal on standard error (80 when it does not say).
  static func terminalColumns() -> Int {
    var size = winsize()
    let result = withUnsafeMutablePointer(to: &size) { ioctl(2, UInt(TIOCGWINSZ), $0) }
    guard result == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}
