import Foundation
import MIDIRollFiles
import MIDIRollKit
import SongStatistics

/// The first, fast pass of `batch --dedup` and `--split`: reads each input it is given once,
/// records its content identity (or why it cannot be read) in this shard's fingerprint index,
/// on `jobs` threads. Nothing is written but the index.
struct FingerprintPass {
  /// How inputs are read.
  let decoding: DecodingOptions
  /// The input folder, without trailing `/`.
  let inputFolder: String
  /// How many inputs are read at once.
  let jobs: Int
  /// How hints are worded in failure reasons.
  let hintWords: @Sendable (KitHint) -> String

  /// The identity of one input, or why it cannot be read.
  func entry(for input: FoundInput) -> FingerprintIndex.Entry {
    if let problem = input.problem { return .failed(problem) }
    do throws(KitError) {
      let song = try SongInput(
        path: inputFolder + "/" + input.relativePath, kind: input.kind, options: decoding)
      return .identity(ContentIdentity(song, song: try song.song()))
    } catch {
      return .failed(error.reason(hintWords: hintWords))
    }
  }

  /// Reads `inputs` and appends their entries to the index file at `indexPath`.
  /// - Returns: The entries, by relative path (those read before an interruption).
  /// - Throws: ``KitError`` (cannot write) when the index cannot be written.
  func run(_ inputs: [FoundInput], indexPath: String, interrupts: InterruptWatcher) throws(KitError)
    -> [String: FingerprintIndex.Entry]
  {
    guard !inputs.isEmpty else { return [:] }
    let workers = max(1, min(jobs, inputs.count))
    let queue = JobQueue(count: inputs.count, workers: workers, interrupts: interrupts)
    let results = Results(count: inputs.count)
    let group = DispatchGroup()
    for worker in 0..<workers {
      group.enter()
      let thread = Thread {
        while let index = queue.take(worker: worker) { results.set(index, entry(for: inputs[index])) }
        group.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    group.wait()
    var found: [String: FingerprintIndex.Entry] = [:]
    let writer = try ReportWriter(path: indexPath, append: true)
    for (index, input) in inputs.enumerated() {
      guard let entry = results.get(index) else { continue }
      found[input.relativePath] = entry
      writer.add(FingerprintIndex.line(input: input.relativePath, entry))
    }
    try writer.flush()
    return found
  }

  /// The entries of the workers, one slot an input.
  private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [FingerprintIndex.Entry?]
    init(count: Int) { entries = [FingerprintIndex.Entry?](repeating: nil, count: count) }
    func set(_ index: Int, _ entry: FingerprintIndex.Entry) {
      lock.lock()
      entries[index] = entry
      lock.unlock()
    }
    func get(_ index: Int) -> FingerprintIndex.Entry? {
      lock.lock()
      defer { lock.unlock() }
      return entries[index]
    }
  }
}
