import Foundation
import NPZ
import PianoRoll
import SMF

/// The work done for one input: read → decode → transform → encode → write.
///
/// Every step throws a ``KitError`` that becomes the input's failure reason; nothing here
/// stops the batch. One converter is shared by all workers: it holds only settings.
struct FileConverter: Sendable {
  /// The input folder, without trailing `/`.
  let inputFolder: String
  /// The output folder, without trailing `/`.
  let outputFolder: String
  /// The kind every output is written as.
  let outputKind: SongFileKind
  /// How inputs are read.
  let readOptions: ReadOptions
  /// Refuse inputs larger than this.
  let maximumFileSize: Int
  /// Replace outputs that exist.
  let force: Bool
  /// The profile of JSON outputs.
  /// What is done to each song between decoding and encoding (quantize, filter, …).
  let transform: BatchConfiguration.Transform
  /// How outputs with choices are written (JSON profile, `.npz` layout).
  var encoding = EncodingOptions()
  /// For JSON inputs, which wins where a note's tick and position disagree.
  var prefer: PianoRollJSON.DecodeOptions.Preference?

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
      outcome.reason = error.message
      outcome.offset = error.offset
      outcome.cannotWrite = error.kind == .cannotWrite
    }
    let elapsed = ContinuousClock.now - start
    outcome.seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return outcome
  }

  private func convert(into outcome: inout BatchOutcome, slot: TemporarySlot, tag: String) throws(KitError) {
    let job = outcome.job
    if let problem = job.problem { throw KitError(.badInput, problem) }
    let inputPath = inputFolder + "/" + job.input
    let outputPath = outputFolder + "/" + job.output
    let existing = FileID(path: outputPath)
    if existing != nil && !force {
      outcome.status = .skipped
      throw KitError(.usage, "the output exists (--force replaces it)")
    }
    let (bytes, inputID) = try FileIO.readFile(inputPath, maximumSize: maximumFileSize)
    outcome.bytesIn = bytes.count
    if existing == inputID {
      throw KitError(.usage, "the output \(job.output) is the input; it is never overwritten")
    }
    // The one pipeline: decode, transform, encode. A new step is one line here.
    let song: SongInput
    do {
      song = try transform(
        SongInput(bytes: bytes, kind: job.kind, path: inputPath, readOptions: readOptions, prefer: prefer))
    } catch {
      throw Self.withHint(error, bytes: bytes, kind: job.kind)
    }
    outcome.warnings = song.warnings
    outcome.notes = song.noteCount
    outcome.bytesOut = try FileIO.writeAtomically(to: outputPath, slot: slot, tag: tag) {
      sink throws(KitError) in try song.write(as: outputKind, options: encoding, to: sink)
    }
  }

  /// Adds a hint when a `.mid` input is really JSON (or the other way round).
  private static func withHint(_ error: KitError, bytes: [UInt8], kind: SongFileKind) -> KitError {
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    let hint: String
    switch kind {
    case .mid where first == UInt8(ascii: "{"): hint = "; it looks like JSON (rename it to .json)"
    case .json where bytes.starts(with: Array("MThd".utf8)) || bytes.starts(with: Array("RIFF".utf8)):
      hint = "; it looks like a MIDI file (rename it to .mid)"
    default: return error
    }
    return KitError(error.kind, file: error.file, error.message + hint, offset: error.offset)
  }
}
