import Foundation
import TestSupport

/// Paths of the package and of test inputs.
enum TestPaths {
  /// The package's root folder.
  static let root = RealFiles.packageRoot

  /// The real MIDI files of the Debian packages `openttd-openmsx` and `planetblupi-music-midi`.
  static func debianMIDIFiles() -> [String] { RealFiles.debianFiles }

  /// `Samples/*.mid` (may be empty).
  static func samples() -> [String] { RealFiles.samples }

  /// The edge-case corpus vendored in `Tests/Fixtures/corpus`.
  static func corpus() -> [String] {
    RealFiles.corpusFiles.map { RealFiles.corpusDirectory.appendingPathComponent($0).path }
  }
}
