import ArgumentParser
import Foundation
import MIDIRollBatch
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import PianoRoll
import PianoRollJSON
import SMF

/// `midiroll batch IN_DIR OUT_DIR --to json|mid`: converts every song in a folder tree, one
/// file per core, reporting every failure without stopping.
struct Batch: DocumentedCommand, WritesSongs {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract:
      "Convert every song in a folder tree to .mid, .json, .npz or .wav, one file per core; every failure reported.",
    discussion: """
      Walks IN_DIR (following symbolic links, each folder once; names beginning with '.' are \
      left out unless --hidden) for .mid, .midi, .kar, .rmi, .smf and .json files and writes \
      each one, converted, to the same place under OUT_DIR with the extension of --to: \
      IN_DIR/a/b/song.mid becomes OUT_DIR/a/b/song.json. OUT_DIR may be inside IN_DIR; it is \
      never walked. Inputs are never modified.

      --to tokens --tokenizer T.json writes each song's MidiTok 3.1 token ids (as 'midiroll \
      tokenize' does) as MidiTok's tokenize_dataset saves them (song.json), the tokens of each \
      file in its report line; --max-seq-len N cuts them into chunks of at most N tokens. With \
      --pack, every song's sequences (its chunks, or its whole sequences) and those of its \
      augmented variants (--augment pitch=-2,2 --augment velocity=-8,8, as MidiTok's \
      augment_dataset) go into one packed dataset instead: OUT_DIR/pack-K-of-N/ (per part \
      with --split: OUT_DIR/train/pack-1-of-1/ …) holding ids.bin (the ids back to back, \
      uint16 or uint32), index.bin (a 40-byte record a sequence), sources.jsonl and \
      manifest.json, committed every second, in input order; midiroll.TokenDataset or \
      numpy.memmap reads it. --resume continues a pack to the same bytes as one run.

      Each output is written to a temporary file in its folder and renamed into place. An \
      output that exists is skipped unless --force. A bad file never stops the run: it gets a \
      line in the report (path, byte offset, reason) and on standard error. Problems the \
      reader tolerates (warnings) are listed in the report only.

      The report (--report, default OUT_DIR/midiroll-report.jsonl, or \
      OUT_DIR/midiroll-report-K-of-N.jsonl with --shard K/N) is JSON Lines: a "run" line, one \
      line per input with "status" ok, failed or skipped, then a "summary" line.

      One run writes a report at a time (it holds a lock on it; a second run waits). With \
      --resume, the report is read first: inputs whose latest line is ok or skipped (their \
      output present) are not done again, nor those that failed (unless --retry-failed); \
      the new lines are appended. 'midiroll report OUT_DIR' sums up every report in a \
      folder. Temporary files that runs killed on this machine left behind in the output \
      folders are removed.

      Ctrl-C (or SIGTERM) stops taking new files, lets the files in progress finish, writes \
      the report and the summary, and exits 130 (143); run the same command with --resume to \
      do the rest. A second Ctrl-C stops at once, still leaving no partial output.

      With the edit options (--transpose, --bars, --ticks-per-beat, --velocity-…, \
      --merge-tracks, --split …), the quantize options (--grid 1/16 …) or the key options \
      (--scale "D dorian", --keys 36...84, --pitches …) every song is edited, filtered and \
      quantized on the way, in the order 'midiroll convert' uses. Bad values stop the run before any file \
      is read (exit 2); an edit a song does not allow (a note pushed past 0-127, a slice after \
      its end) fails that file only.

      --shard K/N takes a fixed part of the inputs (by a hash of each path), the same on \
      every machine, so N runs with K = 1…N (a Slurm job array, a Kubernetes indexed Job, \
      GNU parallel over hosts) together take every input exactly once.

      Exit status: 0 when every input succeeded (or was skipped), 1 when any failed, 2 for \
      bad usage, 3 when an output folder (or subfolder), an output or the report cannot be \
      written, 128 + signal when \
      interrupted.
      """
  )

  /// `midiroll batch --help`'s examples.
  static let examples = [
    "midiroll batch lmd/ lmd-json/ --to json",
    "midiroll batch takes/ tight/ --to mid --grid 1/16 --jobs 4",
    "midiroll batch lmd/ lmd-npz/ --to npz --resolution 12 --binary",
    "midiroll batch lmd/ out/ --to json --shard 3/8 --resume",
    "midiroll batch lmd/ packs/ --to tokens --tokenizer remi.json --pack --max-seq-len 1024 --split train=0.9,test=0.1",
  ]

  /// The folder to read.
  @Argument(help: ArgumentHelp("The folder tree to read.", valueName: "IN_DIR"))
  var inputFolder: String

  /// The folder to write.
  @Argument(
    help: ArgumentHelp(
      "The folder to write (created when missing; mirrors IN_DIR's folders).", valueName: "OUT_DIR"))
  var outputFolder: String

  /// The kind every output is written as.
  @Option(
    name: .customLong("to"),
    help:
      "Write every output as this kind (wav: through FluidSynth; tokens: MidiTok's ids, with --tokenizer).")
  var toKind: KindArgument<BatchKinds>

  /// The SoundFont and synthesis options of `--to wav`.
  @OptionGroup(title: "Audio (--to wav)") var synthesis: SynthesisOptions

  /// The MidiTok tokenizer of `--to tokens`.
  @OptionGroup(title: "MidiTok tokens (--to tokens)") var tokenizer: TokenizerOptions

  /// Write packed token datasets.
  @Flag(
    name: .long,
    help: ArgumentHelp(
      "With --to tokens: write one packed, memory-mapped token dataset (ids.bin, index.bin, sources.jsonl, "
        + "manifest.json) per split part and shard instead of a file per song."))
  var pack = false

  /// Chunks of at most `--max-seq-len` tokens.
  @OptionGroup(title: "Chunks (--to tokens)") var chunks: ChunkOptions

  /// Augmented variants in a pack.
  @OptionGroup(title: "Augmentation (--to tokens --pack)") var augmentation: AugmentGridOptions

  /// Turn every tolerated problem into a failure.
  @Flag(name: .long, help: "Fail files with any problem instead of converting them with a warning.")
  var strict = false

  /// For JSON inputs, which wins where a note's tick and its position or seconds disagree.
  @Option(
    name: .long,
    help:
      "For JSON inputs: where a note's tick and its position or seconds disagree, which wins (ticks or positions)."
  )
  var prefer: PianoRollJSON.DecodeOptions.Preference?

  /// The largest input accepted.
  @OptionGroup var sizeLimit: SizeLimitOptions

  /// Print only failures.
  @Flag(
    name: .shortAndLong,
    help: "Print no progress and no summary, only failures (warnings are in the report either way).")
  var quiet = false

  /// Print a line as each input is started.
  @Flag(
    name: .shortAndLong,
    help: "Print a line on standard error as each input is started (shows which file a slow run is on).")
  var verbose = false

  /// Quantize and key options, applied to every song.
  @OptionGroup var transformOptions: TransformOptions
  /// `.npz` and sustain options.
  @OptionGroup(title: "Piano-roll matrices (.npz) and sustain") var npzOutput: NPZOutputOptions

  /// How many files are converted at once.
  @Option(name: .shortAndLong, help: "Convert this many files at once (default: one per core).")
  var jobs: Int?

  /// Patterns a file must match.
  @Option(
    name: .customLong("include"),
    help: ArgumentHelp(
      "Take only files matching this pattern (repeatable): without '/' it matches names "
        + "('*.kar'), with '/' paths under IN_DIR ('lmd/A/*').",
      valueName: "glob"))
  var includes: [String] = []

  /// Patterns that leave files or folders out.
  @Option(
    name: .customLong("exclude"),
    help: ArgumentHelp("Leave out files and folders matching this pattern (repeatable).", valueName: "glob"))
  var excludes: [String] = []

  /// Take hidden files and folders.
  @Flag(name: .long, help: "Also take files and folders whose names begin with '.'.")
  var hidden = false

  /// Replace outputs that exist.
  @Flag(name: .long, help: "Replace outputs that exist (they are skipped otherwise).")
  var force = false

  /// Write compact piano-roll JSON.
  @Flag(name: .long, help: "Write piano-roll JSON with notes and events as rows (compact, lossless).")
  var compact = false

  /// Where the report goes.
  @Option(name: .long, help: "Write the JSON Lines report here (default: in OUT_DIR).")
  var report: String?

  /// Continue an interrupted run.
  @Flag(name: .long, help: "Skip inputs the report lists as done (output present); append to it.")
  var resume = false

  /// With `--resume`, retry the inputs that failed before.
  @Flag(
    name: .customLong("retry-failed"),
    help: "With --resume, also convert again the inputs whose latest result is a failure.")
  var retryFailed = false

  /// Write only the first of each group of inputs with the same content.
  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Write only the first (in sorted path order) of each group of inputs with the same notes on the same "
        + "beats; report the others as duplicates of it. The same choice under any --shard."))
  var dedup = false

  /// Add each input's statistics to its report line.
  @Flag(
    name: .long,
    help: "Add each input's statistics (as 'midiroll stats --json' gives them) to its report line.")
  var stats = false

  /// Only record content fingerprints.
  @Flag(
    name: .customLong("fingerprints-only"),
    help: ArgumentHelp(
      "Only read this shard's inputs and record their content fingerprints in OUT_DIR (the first pass of "
        + "--dedup over many shards); write nothing else."))
  var fingerprintsOnly = false

  /// Which part of the inputs to take.
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Take part K of N of the inputs (1 ≤ K ≤ N), the same on every machine.", valueName: "K/N"))
  var shard: Shard?

  /// Creates the command (for the argument parser).
  init() {}

  /// The kind every output is written as.
  var to: SongFileKind { toKind.kind }

  /// The largest input accepted.
  var maxFileSize: Int { sizeLimit.maxFileSize }

  /// What the options ask for, every value checked: the run's settings but the progress and the
  /// hints' words.
  /// - Throws: ``KitError`` (usage) for a value or a combination that cannot be used.
  func configuration() throws(KitError) -> BatchConfiguration {
    if let jobs, !(1...1024).contains(jobs) { throw KitError(.usage, "--jobs \(jobs): expected 1 to 1024") }
    if retryFailed && !resume {
      throw KitError(.usage, "--retry-failed goes with --resume (it retries what the report says failed)")
    }
    guard Self.outputKinds.contains(to) else {
      let names = Self.outputKinds.map(\.rawValue).joined(separator: ", ")
      throw KitError(.usage, "--to \(to): batch writes \(names) (midiroll render draws one song as .\(to))")
    }
    var plan = try transformOptions.plan(datasetSplitAllowed: true)
    plan.sustain = try npzOutput.sustainMode()
    try npzOutput.check(outputKind: to)
    let input = Self.trimmed(inputFolder)
    let output = Self.trimmed(outputFolder)
    let shard = shard ?? .whole
    var settings = BatchConfiguration(
      inputFolder: input, outputFolder: output, outputKind: to,
      jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
      reportPath: report ?? BatchConfiguration.defaultReportPath(outputFolder: output, shard: shard))
    settings.filter = PathFilter(includes: includes, excludes: excludes, includeHidden: hidden)
    settings.shard = shard
    settings.force = force
    settings.resume = resume
    settings.retryFailed = retryFailed
    settings.readOptions = ReadOptions(strict: strict, maximumFileSize: maxFileSize)
    settings.maximumFileSize = maxFileSize
    settings.prefer = prefer
    settings.announcesStarts = verbose
    settings.plan = plan
    settings.encoding.jsonProfile = compact ? .compact : .full
    settings.encoding.npz = try npzOutput.npzOptions()
    if to == .wav {
      settings.encoding.wav = try synthesis.wavOptions()
    } else if let name = synthesis.optionsGiven.first {
      throw KitError(.usage, "\(name) goes with --to wav")
    }
    if to == .tokens {
      try tokenizer.checkNamed()  // read by run(), not while parsing
    } else if tokenizer.tokenizer != nil {
      throw KitError(.usage, "--tokenizer goes with --to tokens")
    }
    let chunking = try chunks.chunking()
    _ = try augmentation.grid()
    if to != .tokens, pack || chunking != nil {
      throw KitError(.usage, "\(pack ? "--pack" : "--max-seq-len") goes with --to tokens")
    }
    if !pack, let name = augmentation.optionsGiven.first {
      throw KitError(.usage, "\(name) goes with --pack (each variant is a sequence of the pack)")
    }
    if pack && retryFailed {
      throw KitError(
        .usage,
        "--retry-failed does not go with --pack (a pack keeps its inputs in order; --force makes it again)")
    }
    if pack && stats { throw KitError(.usage, "--stats does not go with --pack") }
    settings.dedup = dedup
    settings.stats = stats
    settings.fingerprintsOnly = fingerprintsOnly
    if let split = transformOptions.edit.datasetSplit { settings.split = try DatasetSplit(parsing: split) }
    return settings
  }

  /// Checks every value before any folder is read.
  func validate() throws {
    _ = try Self.checkingUsage(of: Self.self) { () throws(KitError) in try configuration() }
  }

  /// Runs the batch and exits 0, 1, or 128 + the signal that interrupted it.
  func run() throws {
    var settings = try configuration()
    if settings.outputKind == .tokens {
      settings.encoding.tokens = try tokenizer.tokensOptions()
      settings.encoding.tokens.chunking = try chunks.chunking()
      if pack, let tokenizerModel = settings.encoding.tokens.tokenizer {
        let options = TokenPackOptions(
          tokenizerBytes: try FileIO.read(tokenizer.tokenizer ?? ""), tokenizer: tokenizerModel,
          chunking: settings.encoding.tokens.chunking, grid: try augmentation.grid())
        settings.encoding.tokens.grid = options.grid
        settings.encoding.tokens.layout = .pack(idBytes: options.idBytes)
        settings.pack = options
      }
    }
    settings.hintWords = CommandLineHints(Self.self).words
    let style: ProgressPrinter.Style = quiet ? .none : (isatty(2) != 0 && !verbose ? .bar : .lines)
    let result = try BatchRunner(configuration: settings).run(progress: ProgressPrinter(style: style))
    if !quiet {
      for line in BatchSummary(result: result).text.split(separator: "\n") {
        Diagnostics.printError(String(line))
      }
    }
    if let signal = result.interruption { throw ExitCode(128 + signal) }
    if result.totals.cannotWrite > 0 {
      throw KitError(
        .cannotWrite,
        "\(result.totals.cannotWrite) output(s) could not be written (a folder that cannot be "
          + "written, or a full disk); each is listed with its reason in \(result.reportPath)")
    }
    let failed = result.totals.failed + result.totals.failedBefore
    if failed > 0 {
      throw KitError(
        .problemsFound,
        "\(failed) of \(result.totals.inShard) input(s) failed; "
          + "each is listed with its reason in \(result.reportPath)")
    }
  }

  /// The kinds `batch` writes.
  static let outputKinds: [SongFileKind] = [.mid, .json, .npz, .wav, .stats, .tokens]

  /// A folder path without trailing `/` (but `/` stays `/`).
  static func trimmed(_ path: String) -> String {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path
  }
}
