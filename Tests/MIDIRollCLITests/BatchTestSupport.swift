import Foundation
import TestSupport
import Testing

/// A temporary `in/` and `out/` pair for batch tests, removed by ``remove()``.
struct BatchFolders {
  /// The temporary folder holding both.
  let root: URL
  /// The input tree.
  var input: URL { root.appendingPathComponent("in") }
  /// The output folder.
  var output: URL { root.appendingPathComponent("out") }

  /// Creates an empty input folder (the output folder is left to batch).
  init() throws {
    root = try makeTemporaryFolder()
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
  }

  /// Removes everything.
  func remove() { try? FileManager.default.removeItem(at: root) }

  /// Writes `bytes` at `relative` under `folder` (the input by default), creating folders.
  @discardableResult
  func write(_ bytes: [UInt8], at relative: String, in folder: URL? = nil) throws -> URL {
    let url = (folder ?? input).appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    return url
  }

  /// The report's lines for inputs, by input path (each input must have exactly one line).
  func reportEntries(_ name: String = "midiroll-report.jsonl") throws -> [String: [String: Any]] {
    var entries: [String: [String: Any]] = [:]
    for line in try reportLines(name) {
      guard let input = line["input"] as? String else { continue }
      #expect(entries[input] == nil, "\(input) has more than one line in the report")
      entries[input] = line
    }
    return entries
  }

  /// Every line of a report in the output folder, parsed.
  func reportLines(_ name: String = "midiroll-report.jsonl") throws -> [[String: Any]] {
    let data = try Data(contentsOf: output.appendingPathComponent(name))
    return try data.split(separator: 0x0A).map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any], "a report line")
    }
  }
}

/// What is at each path under a folder: the bytes of a file, where a link points, or the
/// kind of anything else. Two snapshots are equal when nothing was changed.
func snapshot(of folder: URL) throws -> [String: String] {
  var result: [String: String] = [:]
  let manager = FileManager.default
  guard let walker = manager.enumerator(atPath: folder.path) else { return result }
  while let relative = walker.nextObject() as? String {
    let path = folder.appendingPathComponent(relative).path
    let attributes = try manager.attributesOfItem(atPath: path)
    switch attributes[.type] as? FileAttributeType {
    case .typeRegular?:
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      result[relative] = "file \(bytes.count) \(bytes.base64EncodedString())"
    case .typeSymbolicLink?:
      result[relative] = "link " + (try manager.destinationOfSymbolicLink(atPath: path))
    case let type:
      result[relative] = "\(type.map { $0.rawValue } ?? "?")"
    }
  }
  return result
}

/// Paths under `folder` that look like a temporary output (`.name.midiroll-….tmp`).
func temporaryLeftovers(in folder: URL) -> [String] {
  let walker = FileManager.default.enumerator(atPath: folder.path)
  var found: [String] = []
  while let relative = walker?.nextObject() as? String {
    if relative.contains(".midiroll-") || relative.hasSuffix(".tmp") { found.append(relative) }
  }
  return found
}

/// The real MIDI files of the Debian packages openttd-openmsx and planetblupi-music-midi,
/// or the repository's samples when those are not installed.
func corpusFiles() throws -> [URL] {
  let folders = ["/usr/share/games/openttd/baseset/openmsx", "/usr/share/planetblupi/music"]
  var files: [URL] = []
  for folder in folders {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    files += names.filter { $0.lowercased().hasSuffix(".mid") }.sorted()
      .map { URL(fileURLWithPath: folder).appendingPathComponent($0) }
  }
  return files.isEmpty ? try sampleFiles() : files
}

/// An `RMID` file: a RIFF wrapper around Standard MIDI File bytes.
func riffWrapped(_ smf: [UInt8]) -> [UInt8] {
  let le32 = { (value: Int) in [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) } }
  let padding: [UInt8] = smf.count % 2 == 1 ? [0] : []
  let body = Array("RMID".utf8) + Array("data".utf8) + le32(smf.count) + smf + padding
  return Array("RIFF".utf8) + le32(body.count) + body
}

/// A `midiroll` process started in the background, for tests that signal it.
final class RunningMIDIRoll: @unchecked Sendable {
  private let process = Process()
  private let errorPipe = Pipe()
  private let lock = NSLock()
  private var errorData = Data()
  private let reader = DispatchGroup()

  /// Whether standard error is read yet (a held run blocks once its small pipe is full).
  private var reading = false

  /// Starts `midiroll` with arguments; standard output is discarded.
  /// - Parameter holdingStandardError: Give it a standard error of one page (4096 bytes) that
  ///   nobody reads until ``release()``: a run that writes a line a file (`--verbose`) then
  ///   stops, deterministically, a few dozen files in, and waits — for the test, not the clock.
  init(_ arguments: [String], holdingStandardError: Bool = false) throws {
    process.executableURL = midirollBinary
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errorPipe
    if holdingStandardError {
      let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ
      let size = fcntl(errorPipe.fileHandleForWriting.fileDescriptor, setPipeSize, 4096)
      precondition(size >= 4096, "F_SETPIPE_SZ failed")
    }
    try process.run()
    if !holdingStandardError { release() }
  }

  /// Starts reading standard error, so a held run goes on.
  func release() {
    lock.lock()
    let started = reading
    reading = true
    lock.unlock()
    guard !started else { return }
    let handle = errorPipe.fileHandleForReading
    reader.enter()
    DispatchQueue.global().async {
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        self.lock.lock()
        self.errorData += chunk
        self.lock.unlock()
      }
      self.reader.leave()
    }
  }

  /// Sends a signal.
  func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

  /// Whether it is still running.
  var isRunning: Bool { process.isRunning }

  /// What it has written to standard error so far.
  var stderrSoFar: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: errorData, as: UTF8.self)
  }

  /// Waits for the end (at most `timeout` seconds, then kills it and records an issue).
  /// - Returns: The exit status and standard error.
  func wait(timeout: TimeInterval = 120) -> (status: Int32, stderr: String) {
    release()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      Issue.record("midiroll did not finish in \(timeout) s")
    }
    process.waitUntilExit()
    reader.wait()
    return (process.terminationStatus, stderrSoFar)
  }
}

/// Waits until `condition` holds, checking every 10 ms for at most `timeout` seconds.
/// - Returns: Whether it held in time.
func waitUntil(timeout: TimeInterval = 60, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if condition() { return true }
    usleep(10_000)
  }
  return condition()
}

/// How many lines of the file at `url` contain `text` (0 when it does not exist).
func countLines(of url: URL, containing text: String) -> Int {
  guard let data = FileManager.default.contents(atPath: url.path) else { return 0 }
  return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0.contains(text) }.count
}
