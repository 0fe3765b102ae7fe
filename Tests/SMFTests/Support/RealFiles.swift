import Foundation

/// Real MIDI files on this machine: the Debian packages `make deps` installs, and the shared
/// edge-case corpus of this workspace.
enum RealFiles {
  /// The Debian packages whose `.mid` files the tests read.
  static let debianPackages = ["openttd-openmsx", "planetblupi-music-midi"]

  /// The `.mid` files each Debian package ships (`dpkg -L`), or why they could not be listed.
  static let debianListing: [String: Result<[String], ToolFailure>] = Dictionary(
    uniqueKeysWithValues: debianPackages.map { package in
      let listing = Result { () throws(ToolFailure) -> [String] in
        let output = try run("/usr/bin/dpkg", ["-L", package])
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
          .filter { $0.hasSuffix(".mid") && FileManager.default.fileExists(atPath: $0) }.sorted()
      }
      return (package, listing)
    })

  /// Every `.mid` file of the Debian packages that could be listed.
  static let debianFiles: [String] = debianPackages.flatMap {
    (try? debianListing[$0]?.get()) ?? []
  }

  /// The package's root folder (this file is `Tests/SMFTests/Support/RealFiles.swift`).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The edge-case corpus shared by this workspace: `../shared/corpus` from the package.
  static let corpusDirectory = packageRoot.appendingPathComponent("../shared/corpus").standardized

  /// Whether the corpus is present.
  static let corpusExists = FileManager.default.fileExists(atPath: corpusDirectory.path)

  /// Every `.mid` file of the corpus, as paths relative to it; empty when it is absent.
  static let corpusFiles: [String] = {
    guard corpusExists,
      let walker = FileManager.default.enumerator(atPath: corpusDirectory.path)
    else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".mid") }.sorted()
  }()

  /// The bytes of a corpus file.
  static func corpusBytes(_ relativePath: String) throws -> [UInt8] {
    try bytes(corpusDirectory.appendingPathComponent(relativePath).path)
  }

  /// The bytes of a file.
  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Why a child process gave no usable output.
  struct ToolFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs a program to its end and returns its standard output.
  /// - Throws: ``ToolFailure`` when it cannot start or exits with a non-zero status.
  static func run(_ executable: String, _ arguments: [String]) throws(ToolFailure) -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw ToolFailure(description: "\(executable) cannot be run (run `make deps`): \(error)")
    }
    // Read to the end before waiting, so a full pipe cannot block the child.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ToolFailure(
        description:
          "\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
    return data
  }
}
