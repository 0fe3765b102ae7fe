import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import SMF

/// `midiroll convert IN OUT`: reads a song and writes it as `.mid`, piano-roll JSON or `.npz`.
struct Convert: DocumentedCommand, WritesSongs {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract:
      "Convert between .mid and piano-roll JSON (.json), or to pypianoroll matrices (.npz) or statistics "
      + "(.jsonl); '-' is stdin/stdout.",
    discussion: """
      The output's kind comes from its extension (.mid, .json, .npz or .jsonl) or --to. A .mid \
      written back is rewritten with running status; every event is kept.

      With the edit options (--transpose, --bars/--seconds, --ticks-per-beat, --velocity-…, \
      --merge-tracks, --split), the quantize options (--grid …) or the key options (--keys, \
      --scale, --pitches …) one pass converts, edits, filters and quantizes, always in this \
      order: slice, resample, transpose, velocity, merge or split, then filter, then \
      quantize. What each step did is printed on standard error unless --quiet.
      """
  )

  /// `midiroll convert --help`'s examples.
  static let examples = [
    "midiroll convert song.mid song.json",
    "midiroll convert song.json song.mid --grid 1/16 --scale \"D dorian\"",
    "midiroll convert song.mid song.npz --resolution 12 --binary",
    "cat song.mid | midiroll convert - - --to json | jq .tracks[0].notes[0]",
  ]

  /// The input and the output.
  @OptionGroup var paths: SongPaths<ConvertKinds>

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions<ConvertKinds>
  /// Quantize and key options.
  @OptionGroup var transform: TransformOptions
  /// `.npz` and sustain options.
  @OptionGroup(title: "Piano-roll matrices (.npz) and sustain") var npzOutput: NPZOutputOptions

  /// Creates the command (for the argument parser).
  init() {}

  /// The kinds `convert` writes (pictures, pages and sound are `render`'s).
  static let outputKinds: [SongFileKind] = [.mid, .json, .npz, .stats]

  /// What the options ask for: the output's kind, what is done to the song, how it is written.
  /// - Throws: ``KitError`` (usage) for a value or a combination that cannot be used.
  func request() throws(KitError) -> (kind: SongFileKind, plan: TransformPlan, encoding: EncodingOptions) {
    var plan = try transform.plan()
    let kind = try outputOptions.kind(of: paths.output)
    plan.sustain = try npzOutput.sustainMode()
    var encoding = EncodingOptions()
    encoding.jsonProfile = outputOptions.compact ? .compact : .full
    encoding.npz = try npzOutput.npzOptions()
    try npzOutput.check(outputKind: kind)
    return (kind, plan, encoding)
  }

  /// Checks every value and the output's kind before any file is read.
  func validate() throws {
    _ = try Self.checkingUsage(of: Self.self) { () throws(KitError) in try request() }
  }

  /// Reads, converts (filters and quantizes when asked) and writes, through the kit's pipeline.
  func run() throws {
    let (kind, plan, encoding) = try request()
    try SongPipeline(
      outputKind: kind, plan: plan, encoding: encoding, decoding: inputOptions.decodingOptions
    ).run(
      input: paths.input, inputKind: inputOptions.from, output: paths.output, inputs: [paths.input],
      force: outputOptions.force,
      quiet: inputOptions.quiet, command: Self.self)
  }
}
