import Foundation

/// Real MIDI files on this machine, shared by every test target: the Debian packages
/// `make deps` installs, the project's own samples, and the edge-case corpus in `Tests/Fixtures`.
public enum RealFiles {
  /// The Debian packages whose `.mid` files the tests read.
  public static let debianPackages = ["openttd-openmsx", "planetblupi-music-midi"]

  /// The `.mid` files each Debian package ships (`dpkg -L`), or why they could not be listed.
  public static let debianListing: [String: Result<[String], ToolFailure>] = Dictionary(
    uniqueKeysWithValues: debianPackages.map { package in
      let listing = Result { () throws(ToolFailure) -> [String] in
        let output = try run("/usr/bin/dpkg", ["-L", package])
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
          .filter { $0.hasSuffix(".mid") && FileManager.default.fileExists(atPath: $0) }.sorted()
      }
      return (package, listing)
    })

  /// Every `.mid` file of the Debian packages that could be listed.
  public static let debianFiles: [String] = debianPackages.flatMap { package -> [String] in
    guard case .success(let files) = debianListing[package] else { return [] }
    return files
  }

  /// The package's root folder (this file is `Tests/TestSupport/RealFiles.swift`).
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `Samples/*.mid`, the files the project makes itself, as full paths.
  public static let samples: [String] = {
    let folder = packageRoot.appendingPathComponent("Samples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.lowercased().hasSuffix(".mid") }.sorted().map {
      folder.appendingPathComponent($0).path
    }
  }()

  /// The edge-case corpus, vendored with its licences: `Tests/Fixtures/corpus` (jazz-soft's
  /// test-midi-files and shkyrockett's midi-unit-test-cases, both MIT).
  public static let corpusDirectory = packageRoot.appendingPathComponent("Tests/Fixtures/corpus")

  /// Every `.mid` file of the corpus, as paths relative to it.
  public static let corpusFiles: [String] = midiFiles(in: corpusDirectory)

  /// Every `.mid` file under a folder of the package (`Tests/Fixtures/fuzz-regressions`), as
  /// full paths.
  public static func files(under relativeFolder: String) -> [String] {
    let folder = packageRoot.appendingPathComponent(relativeFolder)
    return midiFiles(in: folder).map { folder.appendingPathComponent($0).path }
  }

  /// Every `.mid` file under `folder`, as paths relative to it, sorted.
  static func midiFiles(in folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".mid") }.sorted()
  }

  /// The bytes of a corpus file.
  public static func corpusBytes(_ relativePath: String) throws -> [UInt8] {
    try bytes(corpusDirectory.appendingPathComponent(relativePath).path)
  }

  /// The bytes of a file.
  public static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Why a child process gave no usable output.
  public struct ToolFailure: Error, CustomStringConvertible {
    /// What went wrong, in one line.
    public var description: String
  }

  /// Runs a program to its end and returns its standard output.
  /// - Throws: ``ToolFailure`` when it cannot start or exits with a non-zero status.
  public static func run(_ executable: String, _ arguments: [String]) throws(ToolFailure) -> Data {
    let result: Subprocess.Result
    do {
      result = try Subprocess.run(executable, arguments, mergingStandardError: false)
    } catch {
      throw ToolFailure(description: "\(executable) cannot be run (run `make deps`): \(error)")
    }
    guard result.status == 0 else {
      throw ToolFailure(
        description: "\(executable) \(arguments.joined(separator: " ")) exited with \(result.status)")
    }
    return result.standardOutput
  }
}
