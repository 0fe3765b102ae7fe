import ArgumentParser
import MIDIRollFiles
import MIDIRollKit

/// Options for commands that write one song, whose `--to` takes the kinds `Kinds` lists.
struct OutputOptions<Kinds: KindChoice>: ParsableArguments {
  /// The output kind when the extension does not say, as given.
  @Option(
    name: .customLong("to"), help: "The output's kind, when its extension does not say (needed for '-').")
  var toKind: KindArgument<Kinds>?

  /// Allow overwriting the input.
  @Flag(name: .long, help: "Allow the output to overwrite the input.")
  var force = false

  /// Write compact piano-roll JSON.
  @Flag(name: .long, help: "Write piano-roll JSON with notes and events as rows (compact, lossless).")
  var compact = false

  /// Creates default options.
  init() {}

  /// The output kind when the extension does not say (needed for `-`).
  var to: SongFileKind? { toKind?.kind }

  /// The output's kind: `--to`, or the extension of `output`, among `Kinds`.
  /// - Throws: ``KitError`` (usage) when neither tells one of those.
  func kind(of output: String) throws(KitError) -> SongFileKind {
    try SongFileKind.resolve(output, explicit: to, role: .output, allowed: Kinds.kinds)
  }
}
