import ArgumentParser
import MIDIRollKit
import SMF

/// `midiroll convert IN OUT`: reads a song and writes it as `.mid` or piano-roll JSON.
public struct Convert: ParsableCommand {
  /// The command's name and help.
  public static let configuration = CommandConfiguration(
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
  public var input: String

  /// The output path, or `-`.
  @Argument(help: "The output (.mid, .json or .npz), or '-' for standard output.")
  public var output: String

  /// Input options.
  @OptionGroup public var inputOptions: InputOptions
  /// Output options.
  @OptionGroup public var outputOptions: OutputOptions
  /// Quantize and key options.
  @OptionGroup public var transform: TransformOptions
  /// `.npz` and sustain options.
  @OptionGroup(title: "Piano-roll matrices (.npz) and sustain") public var npzOutput: NPZOutputOptions

  /// Creates the command (for the argument parser).
  public init() {}

  /// Reads, converts (filters and quantizes when asked) and writes.
  public func run() throws {
    var plan = try transform.plan()
    let outputKind = try SongFileKind.resolve(output, explicit: outputOptions.to, role: "output")
    plan.sustain = try npzOutput.sustainMode()
    let encoding = EncodingOptions(
      jsonProfile: outputOptions.compact ? .compact : .full, npz: try npzOutput.npzOptions())
    try npzOutput.check(outputKind: outputKind)
    if plan.isEmpty, outputKind == .mid, input != "-",
      (inputOptions.from ?? SongFileKind(path: input)) == .json
    {
      // JSON to .mid as it is: one track at a time, never the whole song.
      try FileIO.write(to: output, inputs: [input], force: outputOptions.force) { sink throws(KitError) in
        try SongInput.writeMIDI(
          fromJSONFile: input, midiLimit: inputOptions.maxFileSize, prefer: inputOptions.prefer, to: sink)
      }
      return
    }
    var song = try SongInput(path: input, options: inputOptions)
    song.printWarnings(quiet: inputOptions.quiet)
    let done = try plan.apply(to: &song)
    try FileIO.write(to: output, inputs: [input], force: outputOptions.force) { sink throws(KitError) in
      try song.write(as: outputKind, options: encoding, to: sink)
    }
    if !inputOptions.quiet { done.forEach(Diagnostics.printError) }
  }
}
