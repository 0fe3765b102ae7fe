import ArgumentParser
import MIDIRollKit

/// Options for commands that write one song.
struct OutputOptions: ParsableArguments {
  /// The output kind when the extension does not say (needed for `-`).
  @Option(name: .long, help: "Output kind when the extension does not say (mid or json).")
  var to: SongFileKind?

  /// Allow overwriting the input.
  @Flag(name: .long, help: "Allow the output to overwrite the input.")
  var force = false

  /// Write compact piano-roll JSON.
  @Flag(name: .long, help: "Write piano-roll JSON with notes and events as rows (compact, lossless).")
  var compact = false

  /// Creates default options.
  init() {}
}
