import MIDIRollFiles
import MIDIRollKit
import PianoRoll
import PianoRollJSON
import SMF

/// Everything a batch run needs to know, gathered from the command line.
public struct BatchConfiguration: Sendable {
  /// The input folder, without trailing `/`.
  public var inputFolder: String
  /// The output folder, without trailing `/`.
  public var outputFolder: String
  /// The kind every output is written as.
  public var outputKind: SongFileKind
  /// How many files are converted at once.
  public var jobs: Int
  /// Which files and folders are taken.
  public var filter = PathFilter()
  /// Which part of the inputs this run takes.
  public var shard = Shard.whole
  /// Replace outputs that exist.
  public var force = false
  /// Skip inputs the report already lists as done, and append to the report.
  public var resume = false
  /// With `resume`, also retry the inputs whose latest result is a failure.
  public var retryFailed = false
  /// Where the JSON Lines report goes.
  public var reportPath: String
  /// How inputs are read.
  public var readOptions = ReadOptions()
  /// Refuse inputs larger than this.
  public var maximumFileSize = FileIO.defaultMaximumSize
  /// For JSON inputs, which wins where a note's tick and position disagree (`--prefer`).
  public var prefer: PianoRollJSON.DecodeOptions.Preference?
  /// Print a line on standard error as each input is started.
  public var announcesStarts = false
  /// What is done to each song between decoding and encoding.
  public var plan = TransformPlan()
  /// How outputs with choices are written (JSON profile, `.npz` layout).
  public var encoding = EncodingOptions()
  /// Write only the first of each group of inputs with the same content (in sorted relative-path
  /// order, across every shard) and report the others as duplicates of it.
  public var dedup = false
  /// Write each output under the folder of its part, chosen by the input's content.
  public var split: DatasetSplit?
  /// Add each input's statistics (``SongStats``) to its report line.
  public var stats = false
  /// Write one packed token dataset per split part instead of a file per input (`--pack`).
  public var pack: TokenPackOptions?
  /// Only record the content identities of this shard's inputs (the first pass of `dedup`).
  public var fingerprintsOnly = false
  /// How a hint is worded in the report's reasons and messages (the command line names its
  /// options; the kit's own words name none).
  public var hintWords: @Sendable (KitHint) -> String = { $0.plainWords }

  /// A configuration with the defaults for everything but the folders, the output kind, the
  /// number of jobs and the report.
  public init(
    inputFolder: String, outputFolder: String, outputKind: SongFileKind, jobs: Int, reportPath: String
  ) {
    self.inputFolder = inputFolder
    self.outputFolder = outputFolder
    self.outputKind = outputKind
    self.jobs = jobs
    self.reportPath = reportPath
  }

  /// The default report: `OUT_DIR/midiroll-report.jsonl`, or one file per shard
  /// (`midiroll-report-K-of-N.jsonl`) so that shards sharing an output folder never write
  /// to the same report.
  public static func defaultReportPath(outputFolder: String, shard: Shard) -> String {
    shard.count == 1
      ? outputFolder + "/midiroll-report.jsonl"
      : outputFolder + "/midiroll-report-\(shard.index)-of-\(shard.count).jsonl"
  }

  /// The output path, relative to the output folder, of an input at `relativePath`:
  /// the same folders, the extension replaced by the output kind's.
  public func outputPath(for relativePath: String) -> String {
    var stem = Substring(relativePath)
    if let dot = stem.lastIndex(of: "."), !stem[dot...].contains("/") { stem = stem[..<dot] }
    return stem + "." + (SongFormats.format(outputKind)?.extensions.first ?? outputKind.rawValue)
  }
}
