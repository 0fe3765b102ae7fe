import Foundation
import MIDIRollFiles
import MIDIRollKit
import MIDITokens
import TokenizerModels

/// `midiroll train-tokenizer`'s work before the trainer: the MIDI files of the inputs (files
/// as given, folders walked as `batch` walks them), read by `jobs` threads, each song's
/// training words gathered (``TokenizerTraining/addWords(of:to:)``) into one count per
/// thread, summed at the end. Memory holds the unique words and their counts, never a file's
/// tokens after it is done.
public struct TokenizerTrainingRun: Sendable {
  /// The training set up from the base tokenizer.
  public let training: TokenizerTraining
  /// The files to read, in order.
  public let files: [String]
  /// The reading threads.
  public let jobs: Int

  /// A run over `inputs` (files or folders; a folder's `.mid`, `.midi`, `.kar`, `.rmi` and
  /// `.smf` files in `batch`'s order).
  public init(training: TokenizerTraining, inputs: [String], jobs: Int) {
    self.training = training
    self.jobs = max(1, jobs)
    var files: [String] = []
    for input in inputs {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue {
        let root = input.count > 1 && input.hasSuffix("/") ? String(input.dropLast()) : input
        let tree = InputTree(root: root, filter: PathFilter(), skipping: [])
        files += tree.walk().filter { $0.kind == .mid && $0.problem == nil }.map {
          root + "/" + $0.relativePath
        }
      } else {
        files.append(input)
      }
    }
    self.files = files
  }

  /// What reading gave.
  public struct Reading: Sendable {
    /// The words of every song read.
    public var words = TrainingWords()
    /// Songs read and tokenized.
    public var read = 0
    /// Files MidiTok's reader (symusic) would refuse too: MidiTok's training skips them.
    public var unreadable: [(path: String, reason: String)] = []
    /// Songs MidiTok fails to tokenize (its training would stop there): left out.
    public var refused: [(path: String, reason: String)] = []
  }

  /// Reads every file, calling `progress` (from the calling thread, at most every tenth of a
  /// second and at the end) with the files done.
  public func read(progress: (Int) -> Void) -> Reading {
    let results = ReadingMailbox<Reading>()
    let next = FileCounter()
    let workers = min(jobs, max(1, files.count))
    for _ in 0..<workers {
      let thread = Thread { [files, training] in
        var reading = Reading()
        while let index = next.take(below: files.count) {
          let path = files[index]
          do throws(KitError) {
            switch training.addWords(ofMIDIFile: try FileIO.read(path), to: &reading.words) {
            case .added: reading.read += 1
            case .unreadable(let reason): reading.unreadable.append((path, reason))
            case .refused(let reason): reading.refused.append((path, reason))
            }
          } catch {
            reading.unreadable.append((path, error.message))
          }
          results.tick()
        }
        results.finish(reading)
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    var total = Reading()
    var finished = 0
    while finished < workers {
      let (done, reading) = results.wait(timeout: 0.1)
      progress(done)
      if let reading {
        total.words.merge(reading.words)
        total.read += reading.read
        total.unreadable += reading.unreadable
        total.refused += reading.refused
        finished += 1
      }
    }
    total.unreadable.sort { $0.path < $1.path }
    total.refused.sort { $0.path < $1.path }
    progress(files.count)
    return total
  }
}

/// Hands out indices once each to many threads.
private final class FileCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  /// The next index, or `nil` once `limit` is reached.
  func take(below limit: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard value < limit else { return nil }
    value += 1
    return value - 1
  }
}

/// The readers' results and progress, for the thread that waits on them.
private final class ReadingMailbox<Result: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var done = 0
  private var finished: [Result] = []

  /// One more file done.
  func tick() {
    condition.lock()
    done += 1
    condition.unlock()
  }

  /// A reader's result, once it has no more files.
  func finish(_ result: Result) {
    condition.lock()
    finished.append(result)
    condition.signal()
    condition.unlock()
  }

  /// The files done, and a finished reader's result when one comes within `timeout` seconds.
  func wait(timeout: Double) -> (Int, Result?) {
    condition.lock()
    defer { condition.unlock() }
    if finished.isEmpty { _ = condition.wait(until: Date(timeIntervalSinceNow: timeout)) }
    return (done, finished.isEmpty ? nil : finished.removeFirst())
  }
}
