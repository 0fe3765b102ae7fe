import MIDIRollFiles
import MIDIRollKit
import SongStatistics

/// The work done for one input of a batch: the one ``SongPipeline`` (read → transform →
/// encode → write), with the batch's rules around it (an existing output is skipped unless
/// `force`, an output is never its input).
///
/// Every step throws a ``KitError`` that becomes the input's failure reason; nothing here
/// stops the batch. One converter is shared by all workers: it holds only settings and the
/// pipeline, whose encoder is made once for the run.
struct FileConverter: Sendable {
  /// The input folder, without trailing `/`.
  let inputFolder: String
  /// The output folder, without trailing `/`.
  let outputFolder: String
  /// Replace outputs that exist.
  let force: Bool
  /// The pipeline every input goes through.
  let pipeline: SongPipeline
  /// How hints are worded in failure reasons.
  let hintWords: @Sendable (KitHint) -> String
  /// Whether each input's statistics go into its report line.
  var withStats = false
  /// Whether each input becomes a piece of a pack (kept in its outcome) instead of a file.
  var packs = false

  /// Converts one input; never throws, the outcome says what happened.
  /// - Parameters:
  ///   - slot: The calling worker's temporary-file slot.
  ///   - tag: Unique among the calls running at once (names the temporary file).
  func convert(_ job: BatchJob, slot: TemporarySlot, tag: String) -> BatchOutcome {
    let start = ContinuousClock.now
    var outcome = BatchOutcome(job: job, status: .ok)
    do {
      try convert(into: &outcome, slot: slot, tag: tag)
    } catch {
      outcome.status = outcome.status == .skipped ? .skipped : .failed
      outcome.reason = error.reason(hintWords: hintWords)
      outcome.offset = error.offset
      outcome.cannotWrite = error.kind == .cannotWrite
    }
    outcome.seconds = Human.seconds(ContinuousClock.now - start)
    return outcome
  }

  private func convert(into outcome: inout BatchOutcome, slot: TemporarySlot, tag: String) throws(KitError) {
    let job = outcome.job
    if let problem = job.problem { throw KitError(.badInput, problem) }
    if job.duplicateOf != nil {
      outcome.status = .duplicate
      return
    }
    let inputPath = inputFolder + "/" + job.input
    if packs {
      try pack(inputPath, into: &outcome)
      return
    }
    let outputPath = outputFolder + "/" + job.output
    let existing = FileID(path: outputPath)
    if existing != nil && !force {
      outcome.status = .skipped
      throw KitError(.usage, "the output exists", hints: [.allowReplacing])
    }
    let input = try FileIO.regularFileInfo(inputPath)
    outcome.bytesIn = input.size
    if existing == input.id {
      throw KitError(.usage, "the output \(job.output) is the input; it is never overwritten")
    }
    var stats: String?
    let result = try pipeline.run(
      inputPath: inputPath, inputKind: job.kind, to: .batch(outputPath, slot: slot, tag: tag),
      inspect: withStats ? { input throws(KitError) in stats = try SongStats(input).jsonLine } : nil)
    outcome.stats = stats
    outcome.warnings = result.warnings
    outcome.notes = result.notes
    outcome.tokens = result.tokens
    outcome.bytesOut = result.bytesOut
  }

  /// Tokenizes an input into its pack's piece, through the pipeline (the transforms, then the
  /// tokens encoder with the pack's layout) into memory.
  private func pack(_ inputPath: String, into outcome: inout BatchOutcome) throws(KitError) {
    outcome.packed = true
    outcome.bytesIn = try FileIO.regularFileInfo(inputPath).size
    let sink = OutputSink(collecting: inputPath)
    let result = try pipeline.run(inputPath: inputPath, inputKind: outcome.job.kind, to: .sink(sink))
    let piece = try TokenPackPiece(bytes: sink.takeBytes())
    outcome.warnings = result.warnings
    outcome.notes = result.notes
    outcome.tokens = piece.tokens
    outcome.sequences = piece.records.count
    outcome.skippedVariants = piece.skippedVariants
    outcome.bytesOut = piece.ids.count + piece.records.count * TokenPackRecord.byteCount
    outcome.packPiece = piece
  }
}
