import ArgumentParser
import PianoRoll
import SMF

/// `midiroll convert IN OUT`: reads a song and writes it as `.mid` or piano-roll JSON.
public struct Convert: ParsableCommand {
  /// The command's name and help.
  public static let configuration = CommandConfiguration(
    abstract: "Convert between .mid and piano-roll JSON (by extension; '-' is stdin/stdout).",
    discussion: """
      A .mid written back is rewritten with running status; every event is kept.

      With the quantize options (--grid/--quantize …) or the key options (--keys, --scale, \
      --pitches …) one pass converts, filters and quantizes, as 'midiroll filter' and \
      'midiroll quantize' do (filtering first); what they did is printed on standard error \
      unless --quiet.
      """
  )

  /// The input path, or `-`.
  @Argument(help: "The input (.mid, .midi, .kar, .rmi or .json), or '-' for standard input.")
  public var input: String

  /// The output path, or `-`.
  @Argument(help: "The output (.mid or .json), or '-' for standard output.")
  public var output: String

  /// Input options.
  @OptionGroup public var inputOptions: InputOptions
  /// Output options.
  @OptionGroup public var outputOptions: OutputOptions
  /// Quantize and key options.
  @OptionGroup public var transform: TransformOptions

  /// Creates the command (for the argument parser).
  public init() {}

  /// Reads, converts (filters and quantizes when asked) and writes.
  public func run() throws {
    let plan = try transform.plan()
    let outputKind = try SongFileKind.resolve(output, explicit: outputOptions.to, role: "output")
    var song = try SongInput(path: input, options: inputOptions)
    song.printWarnings(quiet: inputOptions.quiet)
    let done = plan.apply(to: &song)
    try song.write(
      as: outputKind, profile: outputOptions.compact ? .compact : .full, to: output, inputs: [input],
      force: outputOptions.force)
    if !inputOptions.quiet { done.forEach(Diagnostics.printError) }
  }
}
