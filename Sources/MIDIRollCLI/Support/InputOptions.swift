import ArgumentParser
import MIDIRollKit
import PianoRoll
import PianoRollJSON
import SMF

/// Options for commands that read one song.
struct InputOptions: ParsableArguments {
  /// The input kind when the extension does not say (needed for `-`).
  @Option(name: .long, help: "Input kind when the extension does not say (mid or json).")
  var from: SongFileKind?

  /// Turn every tolerated problem into an error.
  @Flag(name: .long, help: "Refuse files with any problem instead of reading them with a warning.")
  var strict = false

  /// The largest input accepted.
  @Option(name: .customLong("max-file-size"), help: "Refuse inputs larger than this many bytes.")
  var maxFileSize: Int = FileIO.defaultMaximumSize

  /// For JSON input, which wins where a note's tick and its position or seconds disagree.
  @Option(
    name: .long,
    help:
      "For JSON input: where a note's tick and its position or seconds disagree, which wins (ticks or positions)."
  )
  var prefer: PianoRollJSON.DecodeOptions.Preference?

  /// Don't print warnings.
  @Flag(name: .shortAndLong, help: "Print no warnings.")
  var quiet = false

  /// Creates default options.
  init() {}

  /// How the kit reads the input.
  var decodingOptions: DecodingOptions {
    DecodingOptions(midi: readOptions, maximumSize: maxFileSize, prefer: prefer)
  }

  /// Options for the SMF reader.
  var readOptions: ReadOptions { ReadOptions(strict: strict, maximumFileSize: maxFileSize) }
}
