import MIDIRollFiles
import SMF

/// The one pipeline of `convert`, `quantize`, `filter`, the edits, `render` and `batch`: read
/// (any readable format) → transform (``TransformPlan``) → encode (any writable format) →
/// write (``OutputTarget``).
///
/// Its encoder is made once, so a run of many files loads a SoundFont or reads a comparison
/// song once. A piano-roll JSON file written as `.mid` with nothing to do between reading and
/// writing is streamed one track at a time, whether one file is converted or a folder.
public struct SongPipeline: Sendable {
  /// What one song's trip through the pipeline did.
  public struct Outcome: Sendable {
    /// What the reading tolerated, one line each, without the path.
    public var warnings: [String] = []
    /// What each transform step did, one line each.
    public var steps: [String] = []
    /// What the encoder has to say (samples clipped, a comparison song's problems).
    public var notices: [KitNotice] = []
    /// The notes in the song written.
    public var notes = 0
    /// The bytes written.
    public var bytesOut = 0
    /// The tokens written (MidiTok tokens outputs), `nil` for other formats.
    public var tokens: Int?
  }

  /// The kind every output is written as.
  public let outputKind: SongFileKind
  /// What is done to each song between reading and writing.
  public let plan: TransformPlan
  /// How inputs are read.
  public let decoding: DecodingOptions
  /// The encoder of ``outputKind``, made once.
  private let encoder: any SongEncoder

  /// Makes a pipeline, and the encoder of `outputKind` from `encoding` (checked now, before any
  /// file is read).
  /// - Throws: ``KitError`` when the kind cannot be written or its options cannot be used.
  public init(
    outputKind: SongFileKind, plan: TransformPlan = TransformPlan(),
    encoding: EncodingOptions = EncodingOptions(),
    decoding: DecodingOptions = DecodingOptions()
  ) throws(KitError) {
    self.outputKind = outputKind
    self.plan = plan
    self.decoding = decoding
    encoder = try SongFormats.encoder(for: outputKind, options: encoding)
  }

  /// Whether `inputKind` to ``outputKind`` is streamed one track at a time.
  private func streams(_ inputPath: String, inputKind: SongFileKind?) -> Bool {
    plan.isEmpty && outputKind == .mid && inputPath != "-"
      && (inputKind ?? SongFileKind(path: inputPath)) == .json
  }

  /// Reads the input at `inputPath` (`-`: standard input), transforms it and writes it to
  /// `target`.
  /// - Parameters:
  ///   - inputKind: The input's kind; `nil` lets its extension or first bytes say.
  ///   - warningsRead: Called with the input's tolerated problems as soon as it is read (before
  ///     the output is written), so they are shown even when writing fails.
  ///   - inspect: Called with the input as read, before the transform (`batch --stats` measures
  ///     it there); JSON is then never streamed past the song.
  /// - Throws: ``KitError``: (bad input) naming the file and where, (usage) for a request that
  ///   cannot be carried out, (cannot write) naming the output.
  public func run(
    inputPath: String, inputKind: SongFileKind? = nil, to target: OutputTarget,
    warningsRead: ([String]) -> Void = { _ in }, inspect: ((SongInput) throws(KitError) -> Void)? = nil
  ) throws(KitError) -> Outcome {
    var outcome = Outcome()
    if inspect == nil, streams(inputPath, inputKind: inputKind) {
      var notes = 0
      outcome.bytesOut = try target.write { sink throws(KitError) in
        notes = try PianoRollJSONFormat.writeMIDI(fromJSONFile: inputPath, options: decoding, to: sink)
      }
      outcome.notes = notes
      return outcome
    }
    if plan.isEmpty, let reader = encoder as? any MIDIBytesEncoder,
      (inputKind ?? SongFileKind(path: inputPath)) == .mid
    {
      let bytes = try FileIO.read(inputPath, maximumSize: decoding.maximumSize)
      var report = EncoderReport()
      outcome.bytesOut = try target.write { sink throws(KitError) in
        report = try reader.write(midiBytes: bytes, path: inputPath, options: decoding.midi, to: sink)
      }
      warningsRead(report.warnings)
      outcome.warnings = report.warnings
      outcome.notes = report.notes ?? 0
      outcome.notices = report.notices
      outcome.tokens = report.tokens
      return outcome
    }
    var input = try SongInput(path: inputPath, kind: inputKind, options: decoding)
    warningsRead(input.warnings)
    try inspect?(input)
    outcome.warnings = input.warnings
    outcome.steps = try plan.apply(to: &input)
    outcome.notes = input.noteCount
    let song = input
    var report = EncoderReport()
    outcome.bytesOut = try target.write { sink throws(KitError) in
      report = try encoder.writeCounting(song, to: sink)
    }
    outcome.notices = report.notices
    outcome.tokens = report.tokens
    return outcome
  }
}

/// Where a pipeline's output goes.
public enum OutputTarget {
  /// A path the user named (`-`: standard output), never one of `inputs` unless `force`
  /// (``FileIO/write(to:inputs:force:_:)``).
  case path(String, inputs: [String], force: Bool)
  /// A batch output: a temporary file in `slot`, folders created, renamed into place
  /// (``FileIO/writeAtomically(to:slot:tag:createFolders:_:)``).
  case batch(String, slot: TemporarySlot, tag: String)
  /// A sink the caller holds (one that collects the bytes in memory: `batch --pack`'s pieces).
  case sink(OutputSink)

  /// Writes what `body` gives the sink.
  /// - Returns: The bytes written.
  /// - Throws: ``KitError``: what `body` throws, or (cannot write) naming the output.
  func write(_ body: (OutputSink) throws(KitError) -> Void) throws(KitError) -> Int {
    switch self {
    case .path(let path, let inputs, let force):
      var written = 0
      try FileIO.write(to: path, inputs: inputs, force: force) { sink throws(KitError) in
        try body(sink)
        written = sink.count
      }
      return written
    case .batch(let path, let slot, let tag):
      return try FileIO.writeAtomically(to: path, slot: slot, tag: tag, body)
    case .sink(let sink):
      let before = sink.count
      try body(sink)
      try sink.finish()
      return sink.count - before
    }
  }
}
