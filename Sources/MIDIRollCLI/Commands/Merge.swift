import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import PianoRoll

/// `midiroll merge IN OUT`: every track into one (format 0).
struct Merge: DocumentedCommand, WritesSongs {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Merge every track into one (format 1 to format 0), the same events at the same ticks.",
    discussion: """
      Notes and events keep their ticks; within a tick, the order of their tracks. The result \
      has one End of Track, at the latest track end. Format 2 files (independent patterns) are \
      refused.

      'midiroll convert' and 'midiroll batch' take the same as --merge-tracks. Writes .mid or \
      piano-roll JSON (.json), by the output's extension or --to. Prints what it did on \
      standard error unless --quiet. Exit 0 on success, 1 for a bad input, 2 for bad usage, 3 \
      when the output cannot be written.
      """
  )

  /// `midiroll merge --help`'s examples.
  static let examples = [
    "midiroll merge song.mid format0.mid",
    "midiroll merge song.mid one-track.json --compact",
  ]

  /// The input path, or `-`.
  @Argument(help: "The input (.mid, .midi, .kar, .rmi or .json), or '-' for standard input.")
  var input: String

  /// The output path, or `-`.
  @Argument(help: "The output (.mid or .json), or '-' for standard output.")
  var output: String

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions<EditKinds>

  /// Creates the command (for the argument parser).
  init() {}

  /// The kinds it writes.
  static var outputKinds: [SongFileKind] { TransformPlan.editOutputKinds }

  /// Checks the output's kind before any file is read.
  func validate() throws {
    _ = try Self.checkingUsage(of: Self.self) { () throws(KitError) in try outputOptions.kind(of: output) }
  }

  /// Reads, merges and writes.
  func run() throws {
    try TransformPlan(edits: SongEdits(layout: .merge)).run(
      input: input, output: output, inputOptions: inputOptions, outputOptions: outputOptions,
      command: Self.self)
  }
}
