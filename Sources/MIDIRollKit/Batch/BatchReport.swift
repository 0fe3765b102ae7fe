import Foundation

/// The JSON Lines report of a batch: one line per input, with a `run` line before the
/// inputs of each run and a `summary` line after them.
///
/// ```
/// {"run":{"started":"2025-01-01T10:00:00Z","input":"in","output":"out","to":"json",…}}
/// {"input":"a/b.mid","status":"ok","output":"a/b.json","bytesIn":1234,"bytesOut":5678,"notes":321,"warnings":[],"seconds":0.0021}
/// {"input":"a/c.mid","status":"failed","offset":40,"reason":"byte 40, track 0: the data ends early (…)","seconds":0.0001}
/// {"input":"a/d.mid","status":"skipped","output":"a/d.json","reason":"the output exists (--force replaces it)","seconds":0.00001}
/// {"summary":{"ok":1,"failed":1,"skipped":1,…}}
/// ```
/// Paths are relative to the input and output folders. With `--resume` a report gets the
/// lines of several runs; the last line of an input is its current status.
final class ReportWriter {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  /// The report's path.
  let path: String

  /// Opens the report, emptying it unless `append`.
  /// - Throws: ``BatchError`` (cannot write) when it cannot be opened.
  init(path: String, append: Bool) throws(BatchError) {
    self.path = path
    let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
    descriptor = open(path, flags, 0o666)
    guard descriptor >= 0 else {
      throw BatchError(.cannotWrite, path: path, "cannot write the report: \(String(cString: strerror(errno)))")
    }
  }

  deinit { close(descriptor) }

  /// Queues one line (a JSON object, without the newline).
  func add(_ line: String) {
    buffer.append(contentsOf: line.utf8)
    buffer.append(0x0A)
  }

  /// Writes the queued lines.
  /// - Throws: ``BatchError`` (cannot write) when the write fails (a full disk).
  func flush() throws(BatchError) {
    let failure = buffer.withUnsafeBytes { writeAll(descriptor, $0) }
    buffer.removeAll(keepingCapacity: true)
    if failure != 0 {
      throw BatchError(
        .cannotWrite, path: path, "cannot write the report: \(String(cString: strerror(failure)))")
    }
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

  /// The object's text.
  var text: String { "{" + members + "}" }

  private mutating func member(_ name: String, _ value: String) {
    if !members.isEmpty { members += "," }
    members += JSONLine.quoted(name) + ":" + value
  }

  /// A JSON string literal.
  static func quoted(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension BatchOutcome {
  /// The outcome's line in the report.
  var reportLine: String {
    var line = JSONLine()
    line.add("input", job.input)
    line.add("status", status.rawValue)
    if status != .failed { line.add("output", job.output) }
    if let offset { line.add("offset", offset) }
    if let reason { line.add("reason", reason) }
    if status == .ok {
      line.add("bytesIn", bytesIn)
      line.add("bytesOut", bytesOut)
      line.add("notes", notes)
      line.add("warnings", warnings)
    }
    line.add("seconds", seconds)
    return line.text
  }
}

/// What an earlier report says, for `--resume`.
enum ReportReader {
  /// The members of a report line that resuming needs.
  private struct Line: Decodable {
    var input: String?
    var status: String?
    var output: String?
  }

  /// The inputs whose last line in the report is `ok`, each with its output (both relative).
  /// A missing report is an empty one; lines that are not report lines (a line cut short by
  /// a killed run) are ignored.
  /// - Throws: ``BatchError`` (bad input) when the report exists but cannot be read.
  static func completedInputs(in path: String) throws(BatchError) -> [String: String] {
    guard FileManager.default.fileExists(atPath: path) else { return [:] }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BatchError(.badInput, path: path, "cannot read the report to resume from")
    }
    let decoder = JSONDecoder()
    var done: [String: String] = [:]
    for line in data.split(separator: 0x0A) {
      let entry: Line
      do {
        entry = try decoder.decode(Line.self, from: line)
      } catch {
        continue  // not a report line: the last line of a killed run, cut short
      }
      guard let input = entry.input else { continue }  // a run or summary line
      if entry.status == BatchOutcome.Status.ok.rawValue, let output = entry.output {
        done[input] = output
      } else {
        done[input] = nil
      }
    }
    return done
  }
}
