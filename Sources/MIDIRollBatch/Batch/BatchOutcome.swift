import MIDIRollKit

/// What happened to one input.
struct BatchOutcome: Sendable {
  /// The three ends of an input.
  enum Status: String, Sendable {
    /// Converted and written.
    case ok
    /// Could not be read, decoded, converted or written; ``BatchOutcome/reason`` says why.
    case failed
    /// Left alone on purpose (its output exists); ``BatchOutcome/reason`` says why.
    case skipped
    /// Not written: the same content as the input ``BatchJob/duplicateOf`` names, which is.
    case duplicate
  }

  /// The job.
  var job: BatchJob
  /// Its place in the run's jobs.
  var order = 0
  /// How it ended.
  var status: Status
  /// Why it failed or was skipped (one line, without the path).
  var reason: String?
  /// The byte offset in the input where reading failed, when known.
  var offset: Int?
  /// Whether it failed because its output could not be written.
  var cannotWrite = false
  /// Bytes read.
  var bytesIn = 0
  /// Bytes written.
  var bytesOut = 0
  /// Notes in the song written.
  var notes = 0
  /// Tokens written (MidiTok tokens outputs).
  var tokens: Int?
  /// The sequences it adds to its pack (`--pack`), and the piece itself until it is appended.
  var sequences = 0
  /// Variants MidiTok would not make (`--pack --augment`).
  var skippedVariants = 0
  /// The piece for the pack, until the collector appends it.
  var packPiece: TokenPackPiece?
  /// Whether it was tokenized for a pack.
  var packed = false
  /// Problems the reader tolerated.
  var warnings: [String] = []
  /// The input's statistics as a JSON object (`batch --stats`).
  var stats: String?
  /// Time spent on this input, in seconds.
  var seconds = 0.0
}
