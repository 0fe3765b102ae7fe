import ArgumentParser
import MIDIRollKit
import PianoRoll

/// `midiroll merge IN OUT`: every track into one (format 0).
struct Merge: ParsableCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Merge every track into one (format 1 to format 0), the same events at the same ticks.",
    discussion: """
      Notes and events keep their ticks; within a tick, the order of their tracks. The result \
      has one End of Track, at the latest track end. Format 2 files (independent patterns) are \
      refused.

      'midiroll convert' and 'midiroll batch' take the same as --merge. Prints what it did on \
      standard error unless --quiet. Exit 0 on success, 1 for a bad input, 2 for bad usage, 3 \
      when the output cannot be written.
      """
  )

  /// The input path, or `-`.
  @Argument(help: "The input (.mid, .midi, .kar, .rmi or .json), or '-' for standard input.")
  var input: String

  /// The output path, or `-`.
  @Argument(help: "The output (.mid or .json), or '-' for standard output.")
  var output: String

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions

  /// Creates the command (for the argument parser).
  init() {}

  /// Reads, merges and writes.
  func run() throws {
    try TransformPlan(edits: SongEdits(layout: .merge)).run(
      input: input, output: output, inputOptions: inputOptions, outputOptions: outputOptions)
  }
}
