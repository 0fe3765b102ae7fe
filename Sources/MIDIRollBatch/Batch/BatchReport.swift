import Foundation
import JSON
import MIDIRollFiles

/// The JSON Lines report of a batch: one line per input, with a `run` line before the
/// inputs of each run and a `summary` line after them.
///
/// ```
/// {"run":{"started":"2025-01-01T10:00:00Z","input":"in","output":"out","to":"json",…}}
/// {"input":"a/b.mid","status":"ok","output":"a/b.json","bytesIn":1234,"bytesOut":5678,"notes":321,"warnings":[],"seconds":0.0021}
/// {"input":"a/c.mid","status":"failed","offset":40,"reason":"byte 40, track 0: the data ends early (…)","seconds":0.0001}
/// {"input":"a/d.mid","status":"skipped","output":"a/d.json","reason":"the output exists (…)","seconds":0.00001}
/// {"summary":{"ok":1,"failed":1,"skipped":1,…}}
/// ```
/// Paths are relative to the input and output folders. With `--resume` a report gets the
/// lines of several runs; the last line of an input is its current status.
///
/// A report has one writer: the writer holds an exclusive `flock` on the file for its whole
/// run (a second run of the same report waits for the first to end). Lines are written
/// whole: a write that fails (a full disk) is cut back to the last whole line and tried
/// again at the next flush, and a report whose last line was cut anyway (a machine that
/// stopped mid-write) is continued on a new line (``repairedCutLine``).
final class ReportWriter {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  /// The size of the report's whole lines written so far.
  private var committed: off_t = 0
  /// The report's path.
  let path: String
  /// Whether the report ended in a cut line, now ended with a newline.
  private(set) var repairedCutLine = false
  /// Whether another run held the report when this one opened it (and this one waited).
  private(set) var waited = false

  /// Opens the report, locks it, and empties it unless `append`.
  /// - Parameters:
  ///   - waiting: Called once when another run holds the report, before waiting for it.
  ///   - shouldStop: Asked while waiting; `true` gives up (an interruption).
  /// - Throws: ``KitError`` (cannot write) when it cannot be opened or written, or when
  ///   waiting was given up.
  init(
    path: String, append: Bool, waiting: () -> Void = {}, shouldStop: () -> Bool = { false }
  ) throws(KitError) {
    self.path = path
    // Never O_TRUNC here: the file may be another run's report until the lock is ours.
    descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_APPEND, 0o666)
    guard descriptor >= 0 else {
      throw KitError(
        .cannotWrite, file: path, "cannot write the report: \(String(cString: strerror(errno)))")
    }
    do {
      try lock(waiting: waiting, shouldStop: shouldStop)
      try prepare(append: append)
    } catch {
      close(descriptor)
      throw error
    }
  }

  deinit { close(descriptor) }

  private func lock(waiting: () -> Void, shouldStop: () -> Bool) throws(KitError) {
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      switch errno {
      case EINTR: continue
      case EWOULDBLOCK:
        if !waited {
          waited = true
          waiting()
        }
        if shouldStop() {
          throw KitError(.cannotWrite, file: path, "interrupted while waiting for the report")
        }
        usleep(100_000)
      default:
        return  // a file system without locks (ENOLCK, EOPNOTSUPP): write without one
      }
    }
  }

  private func prepare(append: Bool) throws(KitError) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure(errno) }
    if !append {
      guard ftruncate(descriptor, 0) == 0 else { throw failure(errno) }
      return
    }
    committed = info.st_size
    guard committed > 0 else { return }
    var last: UInt8 = 0
    let reader = open(path, O_RDONLY | O_CLOEXEC)
    guard reader >= 0 else { throw failure(errno) }
    let got = pread(reader, &last, 1, committed - 1)
    close(reader)
    if got == 1 && last != 0x0A {
      let code = [UInt8(0x0A)].withUnsafeBytes { writeAll(descriptor, $0) }
      guard code == 0 else { throw failure(code) }
      committed += 1
      repairedCutLine = true
    }
  }

  /// Queues one line (a JSON object, without the newline).
  func add(_ line: String) {
    buffer.append(contentsOf: line.utf8)
    buffer.append(0x0A)
  }

  /// How many queued lines are not written yet.
  var pendingLines: Int { buffer.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }

  /// Writes the queued lines. When the write fails, the report is cut back to its last whole
  /// line and the lines stay queued for the next call.
  /// - Throws: ``KitError`` (cannot write) when the write fails (a full disk).
  func flush() throws(KitError) {
    guard !buffer.isEmpty else { return }
    let code = buffer.withUnsafeBytes { writeAll(descriptor, $0) }
    if code != 0 {
      _ = ftruncate(descriptor, committed)
      throw failure(code)
    }
    committed += off_t(buffer.count)
    buffer.removeAll(keepingCapacity: true)
  }

  private func failure(_ code: Int32) -> KitError {
    KitError(.cannotWrite, file: path, "cannot write the report: \(String(cString: strerror(code)))")
  }
}

/// Builds one JSON object as text, in the order its members are added.
struct JSONLine {
  private var members = ""

  /// An empty object.
  init() {}

  /// Adds a string member.
  mutating func add(_ name: String, _ value: String) { member(name, JSONLine.quoted(value)) }
  /// Adds an integer member.
  mutating func add(_ name: String, _ value: Int) { member(name, String(value)) }
  /// Adds a number member (rounded to microseconds; 0 when not finite).
  mutating func add(_ name: String, _ value: Double) {
    member(name, value.isFinite ? String((value * 1e6).rounded() / 1e6) : "0")
  }
  /// Adds a Boolean member.
  mutating func add(_ name: String, _ value: Bool) { member(name, value ? "true" : "false") }
  /// Adds an array of strings.
  mutating func add(_ name: String, _ values: [String]) {
    member(name, "[" + values.map(JSONLine.quoted).joined(separator: ",") + "]")
  }
  /// Adds a nested object.
  mutating func add(_ name: String, _ object: JSONLine) { member(name, object.text) }

  /// Adds a member whose value is JSON text already (an object written elsewhere).
  mutating func addRaw(_ name: String, _ json: String) { member(name, json) }

  /// The object's text.
  var text: String { "{" + members + "}" }

  private mutating func member(_ name: String, _ value: String) {
    if !members.isEmpty { members += "," }
    members += JSONLine.quoted(name) + ":" + value
  }

  /// A JSON string literal, escaped by the JSON module's writer.
  static func quoted(_ value: String) -> String {
    String(decoding: JSONWriter.bytes { $0.string(value) }, as: UTF8.self)
  }
}

extension BatchOutcome {
  /// The outcome's line in the report.
  var reportLine: String {
    var line = JSONLine()
    line.add("input", job.input)
    line.add("status", status.rawValue)
    if (status != .failed || cannotWrite) && status != .duplicate && !job.output.isEmpty {
      line.add("output", job.output)
    }
    if let kept = job.duplicateOf { line.add("kept", kept) }
    if let part = job.part { line.add("split", part) }
    if let offset { line.add("offset", offset) }
    if let reason { line.add("reason", reason) }
    if cannotWrite { line.add("cannotWrite", true) }
    if status == .ok {
      line.add("bytesIn", bytesIn)
      line.add("bytesOut", bytesOut)
      line.add("notes", notes)
      if let tokens { line.add("tokens", tokens) }
      if packed {
        line.add("sequences", sequences)
        line.add("skippedVariants", skippedVariants)
      }
      line.add("warnings", warnings)
    }
    if let stats { line.addRaw("stats", stats) }
    line.add("seconds", seconds)
    return line.text
  }
}
