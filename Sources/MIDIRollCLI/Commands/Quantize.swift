import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import PianoRoll

/// `midiroll quantize IN OUT --grid 1/16`: moves notes onto a grid, as a sequencer does.
struct Quantize: DocumentedCommand, WritesSongs {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Quantize notes to a grid (1/4, 1/16, 1/8t, 1/8., …) with strength, swing and window.",
    discussion: """
      Each note start moves to the nearest line of the grid. Grid lines restart at every bar \
      line, so a 5/8 or 7/8 bar, or a bar cut short by a meter change, is quantized in its \
      own bars; a cell that is not a whole number of ticks is laid out exactly and each line \
      rounded to the nearest tick.

      --strength 50 moves each note half way to its line. --swing delays every second line of \
      a bar by swing% of a third of a cell: 100 at 1/8 puts every off-beat eighth on the \
      triplet position (two thirds of the beat). --window 50 moves only notes within half of \
      half a cell of their line.

      Only starts move by default, every note keeping its length (as Logic, Cubase and \
      Ableton quantize); --ends moves each end to its own nearest line too, never onto or \
      before the start's line. --min-duration makes every note at least one cell long. Drums \
      are quantized like every other channel.

      Notes of one pitch and channel that overlap afterwards are resolved: the earlier one \
      ends where the later one starts (0 ticks long when both start together); none is \
      dropped or merged. Non-note events stay put unless --all-events (tempo, meters, keys \
      and End of Track always stay). At strength 100, quantizing twice changes nothing.

      Writes .mid or piano-roll JSON (.json), by the output's extension or --to. Prints what \
      it did on standard error (quantized N notes: M moved, K collisions) unless --quiet. Exit 0 on success, 1 for a bad input, 2 for bad usage, 3 when the output \
      cannot be written.
      """
  )

  /// `midiroll quantize --help`'s examples.
  static let examples = [
    "midiroll quantize take.mid tight.mid --grid 1/16",
    "midiroll quantize take.mid swung.mid --grid 1/8 --swing 100",
    "midiroll quantize take.json take.mid --grid 1/8t --strength 70 --ends",
  ]

  /// The input path, or `-`.
  @Argument(help: "The input (.mid, .midi, .kar, .rmi or .json), or '-' for standard input.")
  var input: String

  /// The output path, or `-`.
  @Argument(help: "The output (.mid or .json), or '-' for standard output.")
  var output: String

  /// Quantize options.
  @OptionGroup(title: "Quantize") var quantize: QuantizeOptions
  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions<EditKinds>

  /// Creates the command (for the argument parser).
  init() {}

  /// The kinds it writes.
  static var outputKinds: [SongFileKind] { TransformPlan.editOutputKinds }

  /// The quantizer asked for.
  /// - Throws: ``KitError`` (usage) without a grid, or for a bad value.
  func quantizer() throws(KitError) -> Quantizer {
    guard let quantizer = try quantize.quantizer() else {
      throw KitError(.usage, "quantize needs a grid: --grid 1/16 (or 1/8t, 1/4., sixteenth, …)")
    }
    return quantizer
  }

  /// Checks every value and the output's kind before any file is read.
  func validate() throws {
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
      _ = try quantizer()
      _ = try outputOptions.kind(of: output)
    }
  }

  /// Reads, quantizes and writes.
  func run() throws {
    try TransformPlan(quantizer: try quantizer()).run(
      input: input, output: output, inputOptions: inputOptions, outputOptions: outputOptions,
      command: Self.self)
  }
}
