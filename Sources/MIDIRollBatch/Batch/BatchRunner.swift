import Foundation
import MIDIRollFiles
import MIDIRollKit
import SMF
import SongStatistics

/// Runs a batch: walks the input tree, plans the jobs, converts them on worker threads and
/// collects the outcomes on the calling thread, which alone writes the report and the
/// progress (so neither holds a lock while a worker converts a file).
///
/// Workers take the next input from a ``JobQueue`` under a lock held only to pick an index,
/// convert it with ``FileConverter``, and post the outcome to a mailbox under a lock held
/// only for the append. Memory is bounded by one file per worker plus the outcomes of the
/// last tenth of a second.
public struct BatchRunner {
  /// What to do.
  public let configuration: BatchConfiguration

  /// A runner for `configuration`.
  public init(configuration: BatchConfiguration) { self.configuration = configuration }

  /// Runs the batch to the end, or until SIGINT, SIGTERM or SIGHUP, telling `progress` how it
  /// goes.
  /// - Throws: ``KitError`` for what stops the whole run: a missing input folder (bad input),
  ///   the output folder being the input folder (usage), an output folder or report that
  ///   cannot be written (cannot write). A bad input file never throws; it is reported.
  public func run(progress printer: any BatchProgress = SilentBatchProgress()) throws(KitError) -> BatchResult
  {
    let clock = ContinuousClock()
    let started = clock.now
    let startDate = Date()
    // The encoder is made (its options checked, a SoundFont loaded) before anything is written.
    let pipeline = try SongPipeline(
      outputKind: configuration.outputKind, plan: configuration.plan, encoding: configuration.encoding,
      decoding: DecodingOptions(
        midi: configuration.readOptions, maximumSize: configuration.maximumFileSize,
        prefer: configuration.prefer))
    let (inputID, outputID) = try prepareFolders()
    let interrupts = InterruptWatcher(resumeAdvice: configuration.hintWords(.resume))
    interrupts.start()
    defer { interrupts.stop() }
    if configuration.fingerprintsOnly {
      // The first pass alone: this shard's identities into its index; no report, no output.
      var tree = InputTree(
        root: configuration.inputFolder, filter: configuration.filter, skipping: [outputID])
      tree.shouldStop = { interrupts.received != nil }
      let found = tree.walk()
      let identities = try contentIdentities(of: found, decoding: pipeline.decoding, interrupts: interrupts)
      var totals = BatchTotals()
      totals.inShard = found.filter { configuration.shard.contains($0.relativePath) }.count
      totals.planned = totals.inShard
      for input in found where configuration.shard.contains(input.relativePath) {
        switch identities[input.relativePath] {
        case .failed?: totals.failed += 1
        case .identity?: totals.ok += 1
        case nil: break
        }
      }
      return BatchResult(
        totals: totals, interruption: interrupts.received, notStarted: 0,
        seconds: Human.seconds(clock.now - started),
        reportPath: FingerprintIndex.path(
          outputFolder: configuration.outputFolder, shard: configuration.shard))
    }

    // The report is locked before it is read for --resume: a second run of the same report
    // waits for the first, then resumes from everything the first wrote.
    let report: ReportWriter
    do {
      report = try ReportWriter(
        path: configuration.reportPath, append: configuration.resume,
        waiting: {
          StandardError.write(
            "midiroll: another run is writing \(configuration.reportPath); waiting for it to end\n")
        }, shouldStop: { interrupts.received != nil })
    } catch {
      // Interrupted while waiting for another run's report: nothing was done.
      guard let signal = interrupts.received else { throw error }
      return BatchResult(
        totals: BatchTotals(), interruption: signal, notStarted: 0,
        seconds: Human.seconds(clock.now - started), reportPath: configuration.reportPath)
    }
    if report.repairedCutLine {
      StandardError.write(
        "midiroll: \(configuration.reportPath): its last line was cut short (a run stopped while "
          + "writing it); it is left as it is and this run starts on a new line\n")
    }

    var tree = InputTree(
      root: configuration.inputFolder, filter: configuration.filter, skipping: [outputID])
    tree.shouldStop = { interrupts.received != nil }
    _ = inputID
    let found = tree.walk()
    var totals = BatchTotals()
    var outputFolders = Set<String>()
    let identities = try contentIdentities(of: found, decoding: pipeline.decoding, interrupts: interrupts)
    var planned = try plan(found, identities: identities, totals: &totals, outputFolders: &outputFolders)
    totals.planned = planned.count
    let packs = try configuration.pack.map { options throws(KitError) in
      try TokenPackSet(options: options, configuration: configuration, jobs: &planned, totals: &totals)
    }
    let jobs = planned
    let staleRemoved = StaleTemporaryFiles.remove(in: outputFolders)
    if staleRemoved > 0 {
      StandardError.write(
        "midiroll: removed \(staleRemoved) temporary file(s) left by runs that were killed\n")
    }

    var run = runLine(started: startDate, found: found.count, totals: totals)
    run.add("staleTemporaryFilesRemoved", staleRemoved)
    run.add("repairedCutLine", report.repairedCutLine)
    var runLine = JSONLine()
    runLine.add("run", run)
    report.add(runLine.text)
    try report.flush()

    let workerCount = max(1, min(configuration.jobs, jobs.count))
    let queue = JobQueue(count: jobs.count, workers: workerCount, interrupts: interrupts)
    // A pack takes its inputs in order: any worker takes the next job, a bounded way ahead.
    let inOrder =
      packs == nil
      ? nil : InOrderJobQueue(count: jobs.count, window: 16 * workerCount, interrupts: interrupts)
    let mailbox = Mailbox(workers: workerCount)
    let slots = (0..<workerCount).map { _ in TemporarySlot() }
    interrupts.protect(slots)
    let converter = FileConverter(
      inputFolder: configuration.inputFolder, outputFolder: configuration.outputFolder,
      force: configuration.force, pipeline: pipeline, hintWords: configuration.hintWords,
      withStats: configuration.stats, packs: packs != nil)
    let announcesStarts = configuration.announcesStarts
    for worker in 0..<workerCount {
      let slot = slots[worker]
      let thread = Thread {
        var count = 0
        while let index = inOrder.map({ $0.take() }) ?? queue.take(worker: worker) {
          count += 1
          if announcesStarts {
            // One write(2) of a short line: never interleaved with another thread's line.
            StandardError.write(OneLine.escaping("midiroll: batch: starting \(jobs[index].input)") + "\n")
          }
          var outcome = converter.convert(
            jobs[index], slot: slot, tag: TemporaryName.tag(worker: worker, count: count))
          outcome.order = index
          mailbox.post(outcome)
        }
        mailbox.finish()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }

    var announcedInterruption = false
    var reportFailure: KitError?
    var packFailure: KitError?
    func stopTaking() {
      queue.stop()
      inOrder?.stop()
    }
    printer.started(totals, workers: workerCount)
    while true {
      let (arrived, finished) = mailbox.collect(waitingAtMost: 0.1)
      var outcomes = arrived
      if let packs {
        // Appended in job order; a pack that cannot be written stops the run.
        do throws(KitError) {
          outcomes = []
          for outcome in arrived { outcomes += try packs.collect(outcome) }
          inOrder?.collected(upTo: packs.next)
          try packs.commit()
        } catch {
          if packFailure == nil {
            packFailure = error
            stopTaking()
            StandardError.write(
              OneLine.escaping("midiroll: \(error); stopping after the files in progress") + "\n")
          }
        }
      }
      for outcome in outcomes {
        totals.add(outcome)
        report.add(outcome.reportLine)
        if outcome.status == .failed {
          let input = configuration.inputFolder + "/" + outcome.job.input
          if outcome.cannotWrite && !outcome.job.output.isEmpty {  // a full disk names the output
            let output = configuration.outputFolder + "/" + outcome.job.output
            printer.failed(
              path: output, reason: (outcome.reason ?? "cannot write") + " (the output of \(input))")
          } else {
            printer.failed(path: input, reason: outcome.reason ?? "failed")
          }
        }
      }
      do {
        try report.flush()
      } catch {
        // Nothing converted from now on could be recorded: stop taking files.
        if reportFailure == nil {
          reportFailure = error
          stopTaking()
          StandardError.write(
            OneLine.escaping("midiroll: \(error); stopping after the files in progress") + "\n")
        }
      }
      if let signal = interrupts.received, !announcedInterruption {
        announcedInterruption = true
        printer.interrupted(by: signal)
      }
      if finished { break }
      printer.advanced(totals)
    }
    printer.finished(totals)

    let result = BatchResult(
      totals: totals, interruption: interrupts.received, notStarted: totals.planned - totals.done,
      seconds: Human.seconds(clock.now - started), reportPath: configuration.reportPath)
    if let packs, packFailure == nil {
      do throws(KitError) {
        try packs.commit(now: true, complete: result.interruption == nil && result.notStarted == 0)
      } catch {
        packFailure = error
      }
    }
    report.add(summaryLine(result).text)
    do {
      try report.flush()
    } catch {
      let lost = report.pendingLines
      throw KitError(
        .cannotWrite, file: error.file,
        "\(error.message); the report misses its last \(lost) line(s) (the summary included), "
          + "and every line in it is whole: make room", hints: [.resume])
    }
    if let reportFailure {
      throw KitError(
        .cannotWrite, file: reportFailure.file,
        "\(reportFailure.message) for a while, so the run stopped early with \(result.notStarted) "
          + "input(s) not started (the report has every line)", hints: [.resume])
    }
    if let packFailure {
      throw KitError(
        .cannotWrite, file: packFailure.file,
        "\(packFailure.message); the pack keeps what was committed before, which --resume continues",
        hints: [.resume])
    }
    return result
  }

  /// Checks the input folder, creates the output folder, and returns both identities.
  private func prepareFolders() throws(KitError) -> (input: FileID, output: FileID) {
    let input = configuration.inputFolder
    var info = stat()
    guard stat(input, &info) == 0 else {
      throw KitError(.badInput, file: input, "no such folder")
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw KitError(.badInput, file: input, "is not a folder (batch takes a folder; convert takes a file)")
    }
    let inputID = FileID(info)
    let output = configuration.outputFolder
    do throws(KitError) {
      try FileIO.makeFolders(output, for: output)
    } catch {
      throw KitError(.cannotWrite, file: output, error.message)
    }
    guard let outputID = FileID(path: output) else {
      throw KitError(.cannotWrite, file: output, "cannot create the output folder")
    }
    guard inputID != outputID else {
      throw KitError(
        .usage, file: output,
        "the output folder is the input folder; choose another (inputs are never modified)")
    }
    let reportFolder = (configuration.reportPath as NSString).deletingLastPathComponent
    if !reportFolder.isEmpty {
      do throws(KitError) {
        try FileIO.makeFolders(reportFolder, for: configuration.reportPath)
      } catch {
        throw KitError(.cannotWrite, file: configuration.reportPath, error.message)
      }
    }
    return (inputID, outputID)
  }

  /// The content identities `--dedup` and `--split` need (none without them): with `dedup`,
  /// of every input of the tree (every shard must make the same choice), else of this shard's;
  /// those the folder's fingerprint index lacks are read now (``FingerprintPass``) and added to
  /// this shard's index.
  private func contentIdentities(
    of found: [FoundInput], decoding: DecodingOptions, interrupts: InterruptWatcher
  ) throws(KitError) -> [String: FingerprintIndex.Entry] {
    guard configuration.dedup || configuration.split != nil || configuration.fingerprintsOnly else {
      return [:]
    }
    var entries = FingerprintIndex.read(folder: configuration.outputFolder).entries
    let needed = found.filter { input in
      (configuration.dedup && !configuration.fingerprintsOnly)
        || configuration.shard.contains(input.relativePath)
    }
    let missing = needed.filter { entries[$0.relativePath] == nil }
    let pass = FingerprintPass(
      decoding: decoding, inputFolder: configuration.inputFolder, jobs: configuration.jobs,
      hintWords: configuration.hintWords)
    let indexPath = FingerprintIndex.path(
      outputFolder: configuration.outputFolder, shard: configuration.shard)
    for (input, entry) in try pass.run(missing, indexPath: indexPath, interrupts: interrupts) {
      entries[input] = entry
    }
    return entries
  }

  /// The jobs of this run: every input found, with its output; an input whose output another
  /// input already claims fails; then this shard's part, without what an earlier run did.
  /// With `dedup`, an input whose content an input earlier in sorted relative-path order (UTF-8
  /// bytes) has is a duplicate of the first such; with `split`, each output goes under its
  /// part's folder. An input whose identity could not be read fails.
  /// `outputFolders` gets the folder of every output of the tree, this shard's or not.
  private func plan(
    _ found: [FoundInput], identities: [String: FingerprintIndex.Entry], totals: inout BatchTotals,
    outputFolders: inout Set<String>
  ) throws(KitError) -> [BatchJob] {
    var keptByContent: [String: String] = [:]
    if configuration.dedup {
      let ordered = found.map(\.relativePath).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      for path in ordered {
        guard case .identity(let identity) = identities[path] else { continue }
        if keptByContent[identity.fingerprint] == nil { keptByContent[identity.fingerprint] = path }
      }
    }
    var claimed: [String: String] = [:]
    claimed.reserveCapacity(found.count)
    let earlier =
      configuration.resume ? try ReportReader.earlier(in: configuration.reportPath) : ReportReader.Earlier()
    var jobs: [BatchJob] = []
    for input in found {
      var job = BatchJob(input: input.relativePath, output: "", kind: input.kind, problem: input.problem)
      switch identities[input.relativePath] {
      case .failed(let reason)?: if job.problem == nil { job.problem = reason }
      case .identity(let identity)?:
        job.part = configuration.split?.part(of: identity.fingerprint)
        if let kept = keptByContent[identity.fingerprint], kept != input.relativePath {
          job.duplicateOf = kept
        }
      case nil: break
      }
      if job.problem == nil && configuration.pack == nil {
        job.output = (job.part.map { $0 + "/" } ?? "") + configuration.outputPath(for: input.relativePath)
        if let first = claimed[job.output] {
          job.problem = "\(first) has the same output \(job.output) (rename one of them)"
        } else {
          claimed[job.output] = job.input
          let slash = job.output.lastIndex(of: "/")
          outputFolders.insert(
            configuration.outputFolder + (slash.map { "/" + job.output[..<$0] } ?? ""))
        }
      }
      guard configuration.shard.contains(job.input) else { continue }
      totals.inShard += 1
      if configuration.pack != nil {  // the packs say what is done
        jobs.append(job)
        continue
      }
      if job.duplicateOf != nil, earlier.duplicates.contains(job.input) {
        totals.alreadyDone += 1
        continue
      }
      if let output = earlier.done[job.input], output == job.output,
        FileID(path: configuration.outputFolder + "/" + output) != nil
      {
        totals.alreadyDone += 1
        continue
      }
      if earlier.failed.contains(job.input) && !configuration.retryFailed {
        totals.failedBefore += 1
        continue
      }
      jobs.append(job)
    }
    return jobs
  }

  /// The members of the `run` line.
  private func runLine(started: Date, found: Int, totals: BatchTotals) -> JSONLine {
    var run = JSONLine()
    run.add("started", ISO8601DateFormatter().string(from: started))
    run.add("input", configuration.inputFolder)
    run.add("output", configuration.outputFolder)
    run.add("to", configuration.outputKind.rawValue)
    run.add("jobs", configuration.jobs)
    run.add("shard", configuration.shard.description)
    run.add("force", configuration.force)
    run.add("resume", configuration.resume)
    run.add("found", found)
    run.add("planned", totals.planned)
    run.add("alreadyDone", totals.alreadyDone)
    run.add("failedBefore", totals.failedBefore)
    run.add("inShard", totals.inShard)
    run.add("dedup", configuration.dedup)
    if let split = configuration.split { run.add("split", split.description) }
    run.add("stats", configuration.stats)
    if let pack = configuration.pack {
      run.add("pack", true)
      if let chunking = pack.chunking { run.add("maxSeqLen", chunking.maxSequenceLength) }
    }
    return run
  }

  private func summaryLine(_ result: BatchResult) -> JSONLine {
    let totals = result.totals
    var summary = JSONLine()
    summary.add("ok", totals.ok)
    summary.add("failed", totals.failed)
    summary.add("skipped", totals.skipped)
    summary.add("duplicates", totals.duplicates)
    summary.add("alreadyDone", totals.alreadyDone)
    summary.add("failedBefore", totals.failedBefore)
    summary.add("notStarted", result.notStarted)
    summary.add("notes", totals.notes)
    summary.add("bytesIn", totals.bytesIn)
    summary.add("bytesOut", totals.bytesOut)
    if configuration.pack != nil {
      summary.add("sequences", totals.sequences)
      summary.add("tokens", totals.tokens)
      summary.add("truncations", 0)
      summary.add("skippedVariants", totals.skippedVariants)
    }
    summary.add("seconds", result.seconds)
    summary.add("filesPerSecond", Double(totals.done) / max(result.seconds, 1e-9))
    summary.add("interrupted", result.interruption != nil)
    var line = JSONLine()
    line.add("summary", summary)
    return line
  }
}
