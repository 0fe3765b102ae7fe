import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import PianoRoll

/// `midiroll resample IN OUT --ticks-per-beat 480`: changes the ticks per beat, scaling every tick.
struct Resample: DocumentedCommand, WritesSongs {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Change the ticks per beat (quarter note), scaling every tick.",
    discussion: """
      Every tick is multiplied by new/old: exactly where that divides, otherwise rounded to \
      the nearest tick (how many were rounded is printed). A note that had a length keeps at \
      least one tick; tempos are unchanged, so times in seconds stay within half a tick. SMPTE \
      files count frames, not beats, and are refused.

      'midiroll convert' and 'midiroll batch' take the same option. Writes .mid or piano-roll \
      JSON (.json), by the output's extension or --to. Prints what it did on standard error \
      unless --quiet. Exit 0 on success, 1 for a bad input (or an SMPTE file), \
      2 for bad usage, 3 when the output cannot be written.
      """
  )

  /// `midiroll resample --help`'s examples.
  static let examples = [
    "midiroll resample song.mid song-480.mid --ticks-per-beat 480",
    "midiroll resample song.json coarse.json --ticks-per-beat 96",
  ]

  /// The input path, or `-`.
  @Argument(help: "The input (.mid, .midi, .kar, .rmi or .json), or '-' for standard input.")
  var input: String

  /// The output path, or `-`.
  @Argument(help: "The output (.mid or .json), or '-' for standard output.")
  var output: String

  /// Ticks per beat, as written.
  @Option(help: ArgumentHelp("The new ticks per beat (quarter note), 1-32767.", valueName: "n"))
  var ticksPerBeat: String

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions<EditKinds>

  /// Creates the command (for the argument parser).
  init() {}

  /// The kinds it writes.
  static var outputKinds: [SongFileKind] { TransformPlan.editOutputKinds }

  /// Checks the value and the output's kind before any file is read.
  func validate() throws {
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
      _ = try EditOptions.ticksPerBeat(ticksPerBeat)
      _ = try outputOptions.kind(of: output)
    }
  }

  /// Reads, resamples and writes.
  func run() throws {
    let resampling = Resampling(ticksPerBeat: try EditOptions.ticksPerBeat(ticksPerBeat))
    try TransformPlan(edits: SongEdits(resampling: resampling)).run(
      input: input, output: output, inputOptions: inputOptions, outputOptions: outputOptions,
      command: Self.self)
  }
}
