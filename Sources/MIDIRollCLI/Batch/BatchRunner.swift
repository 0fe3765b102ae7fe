import Foundation

/// What a batch run did.
struct BatchResult: Sendable {
  /// The totals.
  var totals: BatchTotals
  /// The signal that interrupted the run, if one did.
  var interruption: Int32?
  /// Inputs not started because of the interruption.
  var notStarted: Int
  /// Wall time in seconds, walking included.
  var seconds: Double
  /// The report's path.
  var reportPath: String
}

/// Runs a batch: walks the input tree, plans the jobs, converts them on worker threads and
/// collects the outcomes on the calling thread, which alone writes the report and the
/// progress (so neither holds a lock while a worker converts a file).
///
/// Workers take the next input from a ``JobQueue`` under a lock held only to pick an index,
/// convert it with ``FileConverter``, and post the outcome to a mailbox under a lock held
/// only for the append. Memory is bounded by one file per worker plus the outcomes of the
/// last tenth of a second.
struct BatchRunner {
  /// What to do.
  let configuration: BatchConfiguration

  /// Runs the batch to the end, or until SIGINT, SIGTERM or SIGHUP.
  /// - Throws: ``CLIError`` for what stops the whole run: a missing input folder (bad input),
  ///   the output folder being the input folder (usage), an output folder or report that
  ///   cannot be written (cannot write). A bad input file never throws; it is reported.
  func run() throws(CLIError) -> BatchResult {
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

    let printer = ProgressPrinter(
      style: configuration.progress, lineInterval: configuration.progressLineInterval)
    let workerCount = max(1, min(configuration.jobs, jobs.count))
    let queue = JobQueue(count: jobs.count, workers: workerCount, interrupts: interrupts)
    let mailbox = Mailbox(workers: workerCount)
    let slots = (0..<workerCount).map { _ in TemporarySlot() }
    interrupts.protect(slots)
    let converter = FileConverter(
      inputFolder: configuration.inputFolder, outputFolder: configuration.outputFolder,
      outputKind: configuration.outputKind, readOptions: configuration.readOptions,
      maximumFileSize: configuration.maximumFileSize, force: configuration.force,
      jsonProfile: configuration.jsonProfile, transform: configuration.transform)
    let processID = getpid()
    for worker in 0..<workerCount {
      let slot = slots[worker]
      let thread = Thread {
        var count = 0
        while let index = queue.take(worker: worker) {
          count += 1
          let outcome = converter.convert(jobs[index], slot: slot, tag: "\(processID)-\(worker)-\(count)")
          mailbox.post(outcome)
        }
        mailbox.finish()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }

    var announcedInterruption = false
    var reportFailure: CLIError?
    printer.start(totals, workers: workerCount)
    while true {
      let (outcomes, finished) = mailbox.collect(waitingAtMost: 0.1)
      for outcome in outcomes {
        totals.add(outcome)
        report.add(outcome.reportLine)
        if outcome.status == .failed {
          let path = configuration.inputFolder + "/" + outcome.job.input
          printer.print("midiroll: \(path): \(outcome.reason ?? "failed")")
        }
      }
      if reportFailure == nil {
        do { try report.flush() } catch { reportFailure = error }
      }
      if let signal = interrupts.received, !announcedInterruption {
        announcedInterruption = true
        printer.print(
          "midiroll: \(InterruptWatcher.name(signal)): finishing the files in progress "
            + "(press Ctrl-C again to stop at once)")
      }
      if finished { break }
      printer.update(totals)
    }
    if configuration.progress == .bar { printer.update(totals, force: true) }
    printer.clear()

    let result = BatchResult(
      totals: totals, interruption: interrupts.received, notStarted: totals.planned - totals.done,
      seconds: ProgressPrinter.seconds(clock.now - started), reportPath: configuration.reportPath)
    report.add(summaryLine(result).text)
    if reportFailure == nil {
      do { try report.flush() } catch { reportFailure = error }
    }
    if let reportFailure { throw reportFailure }
    return result
  }

  /// Checks the input folder, creates the output folder, and returns both identities.
  private func prepareFolders() throws(CLIError) -> (input: FileID, output: FileID) {
    let input = configuration.inputFolder
    var info = stat()
    guard stat(input, &info) == 0 else {
      throw CLIError(.badInput, file: input, "no such folder")
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw CLIError(.badInput, file: input, "is not a folder (batch takes a folder; convert takes a file)")
    }
    let inputID = FileID(info)
    let output = configuration.outputFolder
    do {
      try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    } catch {
      throw CLIError(.cannotWrite, file: output, "cannot create the output folder")
    }
    guard let outputID = FileID(path: output) else {
      throw CLIError(.cannotWrite, file: output, "cannot create the output folder")
    }
    guard inputID != outputID else {
      throw CLIError(
        .usage, file: output,
        "the output folder is the input folder; choose another (inputs are never modified)")
    }
    let reportFolder = (configuration.reportPath as NSString).deletingLastPathComponent
    if !reportFolder.isEmpty {
      do {
        try FileManager.default.createDirectory(atPath: reportFolder, withIntermediateDirectories: true)
      } catch {
        throw CLIError(.cannotWrite, file: configuration.reportPath, "cannot create the report's folder")
      }
    }
    return (inputID, outputID)
  }

  /// The jobs of this run: every input found, with its output; an input whose output another
  /// input already claims fails; then this shard's part, without what an earlier run did.
  private func plan(_ found: [FoundInput], totals: inout BatchTotals) throws(CLIError) -> [BatchJob] {
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

/// Hands out job indices to workers, until the jobs run out or an interruption arrives.
///
/// The jobs (in walk order, so grouped by folder) are split into one contiguous part per
/// worker. Each worker takes its own part in order; a worker whose part is done takes the
/// second half of the largest part left. So workers mostly write into different folders:
/// creating and renaming files in one folder takes the folder's lock in the kernel, and on
/// the real corpus that lock was where two workers in one folder spent most of their waiting.
final class JobQueue: @unchecked Sendable {
  private let lock = NSLock()
  private var parts: [Range<Int>]
  private let interrupts: InterruptWatcher

  /// A queue of `count` jobs for `workers` workers that stops when `interrupts` has received
  /// a signal.
  init(count: Int, workers: Int, interrupts: InterruptWatcher) {
    parts = (0..<workers).map { worker in
      (count * worker / workers)..<(count * (worker + 1) / workers)
    }
    self.interrupts = interrupts
  }

  /// The next job's index for `worker`, or `nil` when there is none or the run was
  /// interrupted.
  func take(worker: Int) -> Int? {
    if interrupts.received != nil { return nil }
    lock.lock()
    defer { lock.unlock() }
    if parts[worker].isEmpty {
      guard let largest = parts.indices.max(by: { parts[$0].count < parts[$1].count }),
        !parts[largest].isEmpty
      else { return nil }
      let part = parts[largest]
      let middle = part.lowerBound + part.count / 2
      parts[largest] = part.lowerBound..<middle
      parts[worker] = middle..<part.upperBound
    }
    let index = parts[worker].lowerBound
    parts[worker] = (index + 1)..<parts[worker].upperBound
    return index
  }
}

/// Where workers post outcomes for the collecting thread.
final class Mailbox: @unchecked Sendable {
  private let condition = NSCondition()
  private var outcomes: [BatchOutcome] = []
  private var running: Int

  /// A mailbox for `workers` workers.
  init(workers: Int) { running = workers }

  /// Adds an outcome (holds the lock only for the append).
  func post(_ outcome: BatchOutcome) {
    condition.lock()
    outcomes.append(outcome)
    condition.unlock()
  }

  /// Marks one worker as finished; wakes the collector when it was the last.
  func finish() {
    condition.lock()
    running -= 1
    if running == 0 { condition.broadcast() }
    condition.unlock()
  }

  /// Waits up to `seconds` (less when the last worker finishes), then takes every outcome.
  /// - Returns: The outcomes, and whether every worker has finished.
  func collect(waitingAtMost seconds: Double) -> (outcomes: [BatchOutcome], finished: Bool) {
    condition.lock()
    defer { condition.unlock() }
    if running > 0 { _ = condition.wait(until: Date(timeIntervalSinceNow: seconds)) }
    let taken = outcomes
    outcomes.removeAll(keepingCapacity: true)
    return (taken, running == 0)
  }
}
