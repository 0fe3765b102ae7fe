import Foundation

/// Runs a program and collects its output, for tests that compare with outside tools.
enum Subprocess {
  struct Result {
    var status: Int32
    /// Standard output and standard error, interleaved.
    var output: String
  }

  /// Runs `executable` (searched in `PATH` through `/usr/bin/env`) with `arguments`.
  static func run(_ executable: String, _ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }

  /// Whether a program can be found in `PATH`.
  static func exists(_ executable: String) -> Bool {
    (try? run("which", [executable]).status) == 0
  }
}

/// Paths of the package and of test inputs.
enum TestPaths {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The real MIDI files of the Debian packages `openttd-openmsx` and `planetblupi-music-midi`.
  static func debianMIDIFiles() -> [String] {
    guard let result = try? Subprocess.run("dpkg", ["-L", "openttd-openmsx", "planetblupi-music-midi"]) else {
      return []
    }
    return result.output.split(separator: "\n").map(String.init).filter { $0.lowercased().hasSuffix(".mid") }
      .filter { FileManager.default.fileExists(atPath: $0) }.sorted()
  }

  /// `Samples/*.mid` (may be empty).
  static func samples() -> [String] {
    let folder = root.appendingPathComponent("Samples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.lowercased().hasSuffix(".mid") }.sorted().map {
      folder.appendingPathComponent($0).path
    }
  }

  /// The shared edge-case corpus (`../shared/corpus`), if present.
  static func corpus() -> [String] {
    let folder = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".mid") }.sorted()
      .map { folder.appendingPathComponent($0).path }
  }
}
