import ArgumentParser
import MIDIRollKit
import PianoRoll

/// `midiroll transpose IN OUT --semitones N`: moves notes and key signatures by semitones.
struct Transpose: ParsableCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Transpose notes and key signatures by semitones (drums stay unless --drums transpose).",
    discussion: """
      Every note moves by --semitones (e.g. 5 or -12), and key signatures move with them \
      (spelled with at most 6 sharps or 5 flats). Channel 10 (drums) stays where it is unless \
      --drums transpose: its pitches are instruments. Key pressure and stray note-offs move \
      with their channel.

      A note pushed past 0-127 makes the command fail (--out-of-range fail, the default), \
      naming how many and which, and writing nothing; --out-of-range drop removes such notes \
      and --out-of-range clamp keeps them at 0 or 127. Either way the count is printed.

      'midiroll convert' and 'midiroll batch' take the same as --transpose N. Prints what it \
      did on standard error unless --quiet. Exit 0 on success, 1 for a bad input (or notes \
      out of range with fail), 2 for bad usage, 3 when the output cannot be written.
      """
  )

  /// The input path, or `-`.
  @Argument(help: "The input (.mid, .midi, .kar, .rmi or .json), or '-' for standard input.")
  var input: String

  /// The output path, or `-`.
  @Argument(help: "The output (.mid or .json), or '-' for standard output.")
  var output: String

  /// Transpose options.
  @OptionGroup(title: "Transpose") var transpose: TransposeOptions

  /// Whether drums move, as written.
  @Option(
    help: ArgumentHelp(
      "Leave channel 10 alone (keep, the default) or transpose it too.", valueName: "keep|transpose"))
  var drums: String?

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions

  /// Creates the command (for the argument parser).
  init() {}

  /// Reads, transposes and writes.
  func run() throws {
    let policy = try DrumPolicy(parsing: drums)
    if policy.filters { throw KitError(.usage, "--drums '\(drums ?? "")': expected keep or transpose") }
    guard let transposition = try transpose.transposition(drums: policy.transposes) else {
      throw KitError(.usage, "transpose needs --semitones N (e.g. --semitones 5 or --semitones -12)")
    }
    try TransformPlan(edits: SongEdits(transposition: transposition)).run(
      input: input, output: output, inputOptions: inputOptions, outputOptions: outputOptions)
  }
}
