import Foundation

/// A Python reader run as a child process from a script in `Benchmarks/`, which times itself
/// over the same files and prints one JSON object (see `Benchmarks/bench_common.py`).
struct PythonReader {
  /// The tool family, as `--tools` names it.
  var family: String
  /// The row's name in the table.
  var label: String
  /// The script's file name in `Benchmarks/`.
  var script: String
  /// Extra arguments (e.g. `--from-file`).
  var arguments: [String] = []

  /// What the script printed.
  struct Output: Decodable {
    var tool: String
    var available: Bool
    var reason: String?
    var version: String?
    var files: Int?
    var bytes: Int?
    var passSeconds: [Double]?
    var passCPUSeconds: [Double]?
    var notes: Int?
    var events: Int?
  }

  /// The `Benchmarks` folder: next to `Sources` in the package this was built from, or in the
  /// current directory.
  static var folder: URL {
    let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Benchmarks")
    if FileManager.default.fileExists(atPath: built.path) { return built }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent("Benchmarks")
  }

  /// Runs the script over `workload`; a measurement, or why there is none.
  func measure(_ workload: Workload, options: BenchmarkOptions) -> Result<Measurement, BenchmarkError> {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [options.pythonExecutable, PythonReader.folder.appendingPathComponent(script).path]
      + ["--passes", "\(options.passes)", "--min-seconds", "\(options.minimumSeconds)"] + arguments
      + workload.paths
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do { try process.run() } catch {
      return .failure(.failed("\(label): cannot start \(options.pythonExecutable): \(error)"))
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0, let line = data.split(separator: UInt8(ascii: "\n")).last,
      let result = try? JSONDecoder().decode(Output.self, from: Data(line))
    else {
      let reason = said.split(separator: "\n").last.map(String.init) ?? "no output"
      return .failure(.failed("\(label): \(script) failed (\(reason))"))
    }
    guard result.available, let seconds = result.passSeconds, !seconds.isEmpty else {
      return .failure(
        .failed("\(label) skipped: \(result.reason ?? "not importable") (pip install \(result.tool))"))
    }
    let produced = result.notes.map { $0 > 0 ? "notes: \($0)" : nil } ?? nil
    return .success(
      Measurement(
        tool: "\(label) \(result.version ?? "")", files: result.files ?? workload.paths.count,
        bytes: result.bytes ?? workload.byteCount, passSeconds: seconds,
        passCPUSeconds: result.passCPUSeconds ?? [],
        output: produced ?? "events: \(result.events ?? 0)"))
  }
}
