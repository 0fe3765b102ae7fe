import Foundation

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
  /// - Throws: ``BatchError`` for what stops the whole run: a missing input folder (bad input),
  ///   the output folder being the input folder (usage), an output folder or report that
  ///   cannot be written (cannot write). A bad input file never throws; it is reported.
  public func run(progress printer: any BatchProgress = SilentBatchProgress()) throws(BatchError) -> BatchResult {
    let clock = ContinuousClock()
    let started = clock.now
    let startDate = Date()
    let (inputID, outputID) = try prepareFolders()
    AllocatorTuning.keepFreedMemory()
    let interrupts = InterruptWatcher()
    interrupts.start()
    defer { interrupts.stop() }

    var tree = InputTree(
      root: configuration.inputFolder, filter: configuration.filter, skipping: [outputID])
    tree.shouldStop = { interrupts.received != nil }
    _ = inputID
    let found = tree.walk()
    var totals = BatchTotals()
    let jobs = try plan(found, totals: &totals)
    totals.planned = jobs.count

    let report = try ReportWriter(path: configuration.reportPath, append: configuration.resume)
    report.add(runLine(started: startDate, found: found.count, totals: totals).text)
    try report.flush()

    let workerCount = max(1, min(configuration.jobs, jobs.count))
    let queue = JobQueue(count: jobs.count, workers: workerCount, interrupts: interrupts)
    let mailbox = Mailbox(workers: workerCount)
    let slots = (0..<workerCount).map { _ in TemporarySlot() }
    interrupts.protect(slots)
    let converter = FileConverter(
      inputFolder: configuration.inputFolder, outputFolder: configuration.outputFolder,
      outputKind: configuration.outputKind, readOptions: configuration.readOptions,
      maximumFileSize: configuration.maximumFileSize, force: configuration.force,
      transform: configuration.transform, npz: configuration.npz)
    let processID = getpid()
    let announcesStarts = configuration.announcesStarts
    for worker in 0..<workerCount {
      let slot = slots[worker]
      let thread = Thread {
        var count = 0
        while let index = queue.take(worker: worker) {
          count += 1
          if announcesStarts {
            // One write(2) of a short line: never interleaved with another thread's line.
            StandardError.write(OneLine.escaping("midiroll: batch: starting \(jobs[index].input)") + "\n")
          }
          let outcome = converter.convert(jobs[index], slot: slot, tag: "\(processID)-\(worker)-\(count)")
          mailbox.post(outcome)
        }
        mailbox.finish()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }

    var announcedInterruption = false
    var reportFailure: BatchError?
    printer.started(totals, workers: workerCount)
    while true {
      let (outcomes, finished) = mailbox.collect(waitingAtMost: 0.1)
      for outcome in outcomes {
        totals.add(outcome)
        report.add(outcome.reportLine)
        if outcome.status == .failed {
          let path = configuration.inputFolder + "/" + outcome.job.input
          printer.failed(path: path, reason: outcome.reason ?? "failed")
        }
      }
      if reportFailure == nil {
        do { try report.flush() } catch { reportFailure = error }
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
    report.add(summaryLine(result).text)
    if reportFailure == nil {
      do { try report.flush() } catch { reportFailure = error }
    }
    if let reportFailure { throw reportFailure }
    return result
  }

  /// Checks the input folder, creates the output folder, and returns both identities.
  private func prepareFolders() throws(BatchError) -> (input: FileID, output: FileID) {
    let input = configuration.inputFolder
    var info = stat()
    guard stat(input, &info) == 0 else {
      throw BatchError(.badInput, path: input, "no such folder")
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw BatchError(.badInput, path: input, "is not a folder (batch takes a folder; convert takes a file)")
    }
    let inputID = FileID(info)
    let output = configuration.outputFolder
    do throws(KitError) {
      try FileIO.makeFolders(output, for: output)
    } catch {
      throw BatchError(.cannotWrite, path: output, error.message)
    }
    guard let outputID = FileID(path: output) else {
      throw BatchError(.cannotWrite, path: output, "cannot create the output folder")
    }
    guard inputID != outputID else {
      throw BatchError(
        .usage, path: output,
        "the output folder is the input folder; choose another (inputs are never modified)")
    }
    let reportFolder = (configuration.reportPath as NSString).deletingLastPathComponent
    if !reportFolder.isEmpty {
      do throws(KitError) {
        try FileIO.makeFolders(reportFolder, for: configuration.reportPath)
      } catch {
        throw BatchError(.cannotWrite, path: configuration.reportPath, error.message)
      }
    }
    return (inputID, outputID)
  }

  /// The jobs of this run: every input found, with its output; an input whose output another
  /// input already claims fails; then this shard's part, without what an earlier run did.
  private func plan(_ found: [FoundInput], totals: inout BatchTotals) throws(BatchError) -> [BatchJob] {
    var claimed: [String: String] = [:]
    claimed.reserveCapacity(found.count)
    let done = configuration.resume ? try ReportReader.completedInputs(in: configuration.reportPath) : [:]
    var jobs: [BatchJob] = []
    for input in found {
      var job = BatchJob(input: input.relativePath, output: "", kind: input.kind, problem: input.problem)
      if job.problem == nil {
        job.output = configuration.outputPath(for: input.relativePath)
        if let first = claimed[job.output] {
          job.problem = "\(first) has the same output \(job.output) (rename one of them)"
        } else {
          claimed[job.output] = job.input
        }
      }
      guard configuration.shard.contains(job.input) else { continue }
      if let output = done[job.input], output == job.output,
        FileID(path: configuration.outputFolder + "/" + output) != nil
      {
        totals.alreadyDone += 1
        continue
      }
      jobs.append(job)
    }
    return jobs
  }

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
    var line = JSONLine()
    line.add("run", run)
    return line
  }

  private func summaryLine(_ result: BatchResult) -> JSONLine {
    let totals = result.totals
    var summary = JSONLine()
    summary.add("ok", totals.ok)
    summary.add("failed", totals.failed)
    summary.add("skipped", totals.skipped)
    summary.add("alreadyDone", totals.alreadyDone)
    summary.add("notStarted", result.notStarted)
    summary.add("notes", totals.notes)
    summary.add("bytesIn", totals.bytesIn)
    summary.add("bytesOut", totals.bytesOut)
    summary.add("seconds", result.seconds)
    summary.add("filesPerSecond", Double(totals.done) / max(result.seconds, 1e-9))
    summary.add("interrupted", result.interruption != nil)
    var line = JSONLine()
    line.add("summary", summary)
    return line
  }
}
