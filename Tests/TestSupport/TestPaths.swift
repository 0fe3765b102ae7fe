import Foundation

/// Paths of the package and of test inputs.
public enum TestPaths {
  /// The package's root folder.
  public static let root = RealFiles.packageRoot

  /// The real MIDI files of the Debian packages `openttd-openmsx` and `planetblupi-music-midi`.
  public static func debianMIDIFiles() -> [String] { RealFiles.debianFiles }

  /// `Samples/*.mid` (may be empty).
  public static func samples() -> [String] { RealFiles.samples }

  /// The edge-case corpus vendored in `Tests/Fixtures/corpus`.
  public static func corpus() -> [String] {
    RealFiles.corpusFiles.map { RealFiles.corpusDirectory.appendingPathComponent($0).path }
  }
}
