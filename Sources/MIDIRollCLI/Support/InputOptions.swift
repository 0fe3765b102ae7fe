import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import PianoRoll
import PianoRollJSON
import SMF

/// Options for commands that read one song.
struct InputOptions: ParsableArguments {
  /// The input kind when the extension does not say, as given.
  @Option(name: .customLong("from"), help: "The input's kind, when its extension does not say.")
  var fromKind: KindArgument<ReadableKinds>?

  /// Turn every tolerated problem into an error.
  @Flag(name: .long, help: "Refuse files with any problem instead of reading them with a warning.")
  var strict = false

  /// The largest input accepted.
  @OptionGroup var sizeLimit: SizeLimitOptions

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

  /// The input kind when the extension does not say (needed for `-` unless the first bytes tell).
  var from: SongFileKind? { fromKind?.kind }

  /// The largest input accepted.
  var maxFileSize: Int { sizeLimit.maxFileSize }

  /// Refuses a `--from` kind that is never read.
  func validate() throws {
    try Self.checkingUsage { () throws(KitError) in
      if let from, !ReadableKinds.kinds.contains(from) {
        let names = ReadableKinds.kinds.map(\.rawValue).joined(separator: " and ")
        throw KitError(.usage, "--from \(from): midiroll reads \(names)")
      }
    }
  }

  /// How the kit reads the input.
  var decodingOptions: DecodingOptions {
    DecodingOptions(midi: readOptions, maximumSize: maxFileSize, prefer: prefer)
  }

  /// Options for the SMF reader.
  var readOptions: ReadOptions { ReadOptions(strict: strict, maximumFileSize: maxFileSize) }
}
