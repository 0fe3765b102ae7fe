import ArgumentParser
import MIDIRollFiles

/// `--max-file-size`: the largest input accepted, one option with one check on every command
/// that reads a song (through ``InputOptions``), `check` and `batch`.
struct SizeLimitOptions: ParsableArguments {
  /// The largest input accepted, in bytes.
  @Option(
    name: .customLong("max-file-size"),
    help: ArgumentHelp(
      "Refuse inputs larger than this many bytes, before reading them.",
      valueName: "bytes"))
  var maxFileSize: Int = FileIO.defaultMaximumSize

  /// Creates default options.
  init() {}

  /// Refuses a limit that no file could meet.
  func validate() throws {
    try Self.checkingUsage { () throws(KitError) in
      guard maxFileSize > 0 else {
        throw KitError(.usage, "--max-file-size \(maxFileSize): expected a positive number of bytes")
      }
    }
  }
}
