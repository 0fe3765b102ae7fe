import ArgumentParser
import MIDIRollKit
import PianoRoll

/// `midiroll filter IN OUT --scale "D dorian"`: keeps notes within a key range, a scale or a
/// set of pitches, dropping or snapping the rest.
struct Filter: ParsableCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Keep notes within a key range, a scale or a set of pitches; drop or snap the rest.",
    discussion: """
      The keys are one of: --keys 36...84 (or C2...C6; C4 = 60), --scale "D dorian" with \
      --octaves 2...6 (C2 through B6; every octave by default), or --pitches 60,64,67 (or \
      C4,E4,G4). Roots take sharps and flats (F#, Bb); scale names ignore case, spaces and \
      hyphens; --list-scales prints every scale with its semitones above the root.

      --mode drop (the default) removes every note outside the keys. --mode snap moves each \
      one to the nearest allowed pitch (ties go down), or always --snap up or --snap down; a \
      note with no allowed pitch that way goes the other way. A snapped note that overlaps a \
      note of its new pitch shortens the earlier one; no note is lost.

      Channel 10 (drums) is left alone unless --drums filter. Non-note events are kept.

      Prints what it did on standard error unless --quiet. Exit 0 on success, 1 for a bad \
      input, 2 for bad usage (a bad scale or range, a range upside down), 3 when the output \
      cannot be written.
      """
  )

  /// The input path, or `-`.
  @Argument(help: "The input (.mid, .midi, .kar, .rmi or .json), or '-' for standard input.")
  var input: String?

  /// The output path, or `-`.
  @Argument(help: "The output (.mid or .json), or '-' for standard output.")
  var output: String?

  /// Key options.
  @OptionGroup(title: "Keys") var keys: KeyFilterOptions

  /// Print the scales and stop.
  @Flag(help: "Print every known scale with its semitones above the root, and stop.")
  var listScales = false

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions

  /// Creates the command (for the argument parser).
  init() {}

  /// Reads, filters and writes (or lists the scales).
  func run() throws {
    if listScales {
      try StandardOutput.printLine(KeyFilterOptions.scaleList())
      return
    }
    guard let input, let output else {
      throw KitError(
        .usage, "filter needs an input and an output: midiroll filter IN OUT --scale \"D dorian\"")
    }
    if try DrumPolicy(parsing: keys.drums).transposes {
      throw KitError(
        .usage, "--drums transpose goes with a transposition (midiroll transpose, or convert --transpose)")
    }
    guard let filter = try keys.keyFilter() else {
      throw KitError(.usage, "filter needs keys: --keys 36...84, --scale \"D dorian\" or --pitches 60,64,67")
    }
    try TransformPlan(filter: filter).run(
      input: input, output: output, inputOptions: inputOptions, outputOptions: outputOptions)
  }
}
