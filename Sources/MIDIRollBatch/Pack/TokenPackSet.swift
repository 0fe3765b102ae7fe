import Foundation
import MIDIRollFiles
import MIDIRollKit

/// The packs one batch run writes — one per split part, of its shard — fed in job order.
///
/// Workers finish inputs out of order; ``collect(_:)`` keeps each outcome until every earlier
/// one has come, then appends its piece to its part's pack (the ``InOrderJobQueue`` keeps the
/// wait short and bounded). So a pack holds its inputs in walk order whatever the number of
/// jobs, and a run resumed after a kill gives the same bytes as one that never stopped.
final class TokenPackSet {
  /// The packs, by split part (`""` without `--split`).
  private var writers: [String: TokenPackWriter] = [:]
  /// Outcomes that wait for an earlier one, by job order.
  private var waiting: [Int: BatchOutcome] = [:]
  /// The order of the next outcome to append.
  private(set) var next = 0
  private let clock = ContinuousClock()
  private var lastCommit: ContinuousClock.Instant
  /// How often the packs are committed while the run goes on.
  private let commitInterval: Duration = .seconds(1)

  /// Opens the packs of the run and leaves out of `jobs` those a resumed pack already holds.
  /// - Throws: ``KitError``: (usage) a pack exists without `--resume` or `--force`, was begun
  ///   with other settings, or its inputs are no longer the first of this run's; (bad input,
  ///   cannot write) as ``TokenPackWriter`` opens it.
  init(
    options: TokenPackOptions, configuration: BatchConfiguration, jobs: inout [BatchJob],
    totals: inout BatchTotals
  ) throws(KitError) {
    lastCommit = clock.now
    let parts = configuration.split?.parts.map(\.name) ?? [""]
    let mode: TokenPackWriter.Mode = configuration.resume ? .resume : configuration.force ? .replace : .create
    var skipped: Set<String> = []
    for part in parts {
      let name = part.isEmpty ? nil : part
      let folder = TokenPackOptions.folder(
        outputFolder: configuration.outputFolder, shard: configuration.shard, part: name)
      let writer = try TokenPackWriter(
        folder: folder, settings: options.settings(shard: configuration.shard, part: name), mode: mode)
      writers[part] = writer
      let done = writer.manifest.files
      guard done > 0 else { continue }
      let mine = jobs.filter { ($0.part ?? "") == part }
      guard mine.count >= done, mine[done - 1].input == writer.manifest.lastInput else {
        throw KitError(
          .usage, file: folder,
          "holds \(done) input(s) up to \(writer.manifest.lastInput ?? "none"), which are no longer the first "
            + "inputs of this run (the input folder changed): --force to make the pack again")
      }
      for job in mine.prefix(done) { skipped.insert(job.input) }
    }
    totals.alreadyDone += skipped.count
    totals.planned -= skipped.count
    jobs.removeAll { skipped.contains($0.input) }
  }

  /// Takes one outcome; returns those now in order (their pieces appended to their packs and
  /// let go), the given one among them or kept for later.
  /// - Throws: ``KitError`` (cannot write) naming a pack's file.
  func collect(_ outcome: BatchOutcome) throws(KitError) -> [BatchOutcome] {
    waiting[outcome.order] = outcome
    var ready: [BatchOutcome] = []
    while var outcome = waiting.removeValue(forKey: next) {
      if let writer = writers[outcome.job.part ?? ""] {
        try writer.append(outcome.status == .ok ? outcome.packPiece : nil, input: outcome.job.input)
      }
      outcome.packPiece = nil
      ready.append(outcome)
      next += 1
    }
    return ready
  }

  /// Commits every pack when a second has passed since the last commit, or when `now`.
  /// - Throws: ``KitError`` (cannot write) naming a pack's file.
  func commit(now: Bool = false, complete: Bool = false) throws(KitError) {
    guard now || clock.now - lastCommit >= commitInterval else { return }
    for writer in writers.values { try writer.commit(complete: complete) }
    lastCommit = clock.now
  }
}
