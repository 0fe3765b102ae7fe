import SMF

/// Everything a batch run needs to know, gathered from the command line.
struct BatchConfiguration: Sendable {
  /// A step applied to every song between decoding and encoding.
  typealias Transform = @Sendable (SongInput) throws(CLIError) -> SongInput

  /// How progress is shown on standard error.
  enum ProgressStyle: Sendable {
    /// A bar redrawn in place (standard error is a terminal).
    case bar
    /// A plain line now and then (standard error is a file or a pipe).
    case lines
    /// Nothing (`--quiet`).
    case none
  }

  /// The input folder, without trailing `/`.
  var inputFolder: String
  /// The output folder, without trailing `/`.
  var outputFolder: String
  /// The kind every output is written as.
  var outputKind: BatchOutput  // audio
  /// How many files are converted at once.
  var jobs: Int
  /// Which files and folders are taken.
  var filter = PathFilter()
  /// Which part of the inputs this run takes.
  var shard = Shard.whole
  /// Replace outputs that exist.
  var force = false
  /// Skip inputs the report already lists as done, and append to the report.
  var resume = false
  /// Where the JSON Lines report goes.
  var reportPath: String
  /// How inputs are read.
  var readOptions = ReadOptions()
  /// Refuse inputs larger than this.
  var maximumFileSize = FileIO.defaultMaximumSize
  /// How progress is shown.
  var progress = ProgressStyle.none
  /// Print the summary at the end.
  var printSummary = true
  /// Seconds between plain progress lines.
  var progressLineInterval = 5.0
  /// What is done to each song between decoding and encoding.
  var transform: Transform = { $0 }

  /// The default report: `OUT_DIR/midiroll-report.jsonl`, or one file per shard
  /// (`midiroll-report-K-of-N.jsonl`) so that shards sharing an output folder never write
  /// to the same report.
  static func defaultReportPath(outputFolder: String, shard: Shard) -> String {
    shard.count == 1
      ? outputFolder + "/midiroll-report.jsonl"
      : outputFolder + "/midiroll-report-\(shard.index)-of-\(shard.count).jsonl"
  }

  /// The output path, relative to the output folder, of an input at `relativePath`:
  /// the same folders, the extension replaced by the output kind's.
  func outputPath(for relativePath: String) -> String {
    var stem = Substring(relativePath)
    if let dot = stem.lastIndex(of: "."), !stem[dot...].contains("/") { stem = stem[..<dot] }
    return stem + "." + outputKind.rawValue
  }
}
