import ArgumentParser
import MIDIRollKit
import SMF

/// `midiroll convert IN OUT`: reads a song and writes it as `.mid` or piano-roll JSON.
struct Convert: ParsableCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Convert between .mid and piano-roll JSON (by extension; '-' is stdin/stdout).",
    discussion: """
      A .mid written back is rewritten with running status; every event is kept.

      With the edit options (--transpose, --bars/--seconds, --ticks-per-beat, --velocity-…, \
      --merge, --split), the quantize options (--grid/--quantize …) or the key options \
      (--keys, --scale, --pitches …) one pass converts, edits, filters and quantizes, always \
      in this order: slice, resample, transpose, velocity, merge or split, then filter, then \
      quantize. What each step did is printed on standard error unless --quiet.
      """
  )

  /// The input path, or `-`.
  @Argument(help: "The input (.mid, .midi, .kar, .rmi or .json), or '-' for standard input.")
  var input: String

  /// The output path, or `-`.
  @Argument(help: "The output (.mid, .json or .npz), or '-' for standard output.")
  var output: String

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions
  /// Quantize and key options.
  @OptionGroup var transform: TransformOptions
  /// `.npz` and sustain options.
  @OptionGroup(title: "Piano-roll matrices (.npz) and sustain") var npzOutput: NPZOutputOptions

  /// Creates the command (for the argument parser).
  init() {}

  /// The kinds `convert` writes (pictures, pages and sound are `render`'s).
  static let outputKinds: [SongFileKind] = [.mid, .json, .npz, .stats]

  /// Reads, converts (filters and quantizes when asked) and writes, through the kit's pipeline.
  func run() throws {
    var plan = try transform.plan()
    let outputKind = try SongFileKind.resolve(
      output, explicit: outputOptions.to, role: .output, allowed: Self.outputKinds)
    plan.sustain = try npzOutput.sustainMode()
    var encoding = EncodingOptions()
    encoding.jsonProfile = outputOptions.compact ? .compact : .full
    encoding.npz = try npzOutput.npzOptions()
    try npzOutput.check(outputKind: outputKind)
    try SongPipeline(
      outputKind: outputKind, plan: plan, encoding: encoding, decoding: inputOptions.decodingOptions
    ).run(
      input: input, inputKind: inputOptions.from, output: output, inputs: [input], force: outputOptions.force,
      quiet: inputOptions.quiet)
  }
}
