import Foundation

/// One part of `make bench`: measures something over the shared workloads and prints its tables.
///
/// To add a section, write a type conforming to this protocol in its own file and list it in
/// `main.swift`.
protocol BenchmarkSection {
  /// A one-line title printed above the section's tables.
  var title: String { get }
  /// Measures and prints.
  func run(in context: BenchmarkContext) throws
}

/// What every section shares: the options, the workloads and a scratch folder.
final class BenchmarkContext {
  /// The command-line options.
  let options: BenchmarkOptions
  /// A fresh temporary folder, removed when the run ends.
  let scratch: URL

  /// Creates the context and its scratch folder.
  init(options: BenchmarkOptions) throws {
    self.options = options
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("midiroll-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: scratch) }

  /// The real MIDI files of the Debian packages, read into memory (built on first use).
  private(set) lazy var realFiles: Workload =
    options.files.isEmpty ? Workload.debianFiles() : Workload.files(options.files)

  /// One large file built by repeating the largest real file's tracks in time, written to the
  /// scratch folder (built on first use).
  func largeFile() throws -> Workload {
    if let built = builtLargeFile { return built }
    let built = try Workload.largeFile(
      from: realFiles, targetBytes: options.largeFileMegabytes * 1_000_000, in: scratch)
    builtLargeFile = built
    if let copy = options.saveLargeFile {
      try Data(built.contents[0]).write(to: URL(fileURLWithPath: copy))
    }
    return built
  }
  private var builtLargeFile: Workload?
}

/// The command line of `midiroll-bench`.
struct BenchmarkOptions {
  /// Timed passes over a workload, at most (each tool stops earlier once `minimumSeconds` pass).
  var passes = 10
  /// A tool stops after the pass that brings its total time past this.
  var minimumSeconds = 2.0
  /// The size of the large file, in megabytes.
  var largeFileMegabytes = 8
  /// Whether to run the Python readers.
  var python = true
  /// The Python interpreter.
  var pythonExecutable = "python3"
  /// The tool families to run (`midiroll`, `libsmf`, `symusic`, `mido`, `audio`, `tokens`); empty: all.
  var tools: Set<String> = []
  /// The workloads to run (`real`, `large`); empty: both.
  var workloads: Set<String> = []
  /// Where to keep a copy of the large file, if anywhere.
  var saveLargeFile: String?
  /// Files to read instead of the Debian packages' (`--files`, the rest of the command line).
  var files: [String] = []
  /// Only measure midiroll's readers once and print their rows as JSON (`--midiroll-round`: how
  /// the reader section runs each of midiroll's rounds in a process of its own).
  var midirollRoundOnly = false

  /// Whether the tool family `name` is to run.
  func runs(tool name: String) -> Bool { tools.isEmpty || tools.contains(name) }
  /// Whether the workload `name` is to run.
  func runs(workload name: String) -> Bool { workloads.isEmpty || workloads.contains(name) }

  /// The usage text.
  static let usage = """
    usage: midiroll-bench [--passes N] [--min-seconds S] [--large-mb M] [--no-python] [--python PATH]
                          [--tools midiroll,libsmf,symusic,mido,audio,tokens] [--workloads real,large]
                          [--save-large PATH] [--midiroll-round] [--files FILE...]
      Reads every real MIDI file of the Debian packages openttd-openmsx and planetblupi-music-midi,
      and one large file built from them, with midiroll, libsmf, symusic and mido; prints
      milliseconds per file, MB/s and the ratio to midiroll's reader (best pass of each tool);
      then MidiTok's trained tokenizers (BPE, Unigram, WordPiece) against MidiTok and tokenizers.
      --midiroll-round measures midiroll's readers once and prints their rows as JSON lines (the
      reader section runs each of midiroll's rounds so, in a process of its own).
    """

  /// Parses the arguments after the program name.
  init(arguments: [String]) throws(BenchmarkError) {
    var rest = arguments[...]
    func value(_ name: String) throws(BenchmarkError) -> String {
      guard let value = rest.popFirst() else { throw .usage("\(name) needs a value") }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--passes":
        guard let count = Int(try value(argument)), count > 0 else { throw .usage("--passes: N > 0") }
        passes = count
      case "--min-seconds":
        guard let seconds = Double(try value(argument)), seconds >= 0 else {
          throw .usage("--min-seconds: S >= 0")
        }
        minimumSeconds = seconds
      case "--large-mb":
        guard let megabytes = Int(try value(argument)), megabytes > 0 else {
          throw .usage("--large-mb: M > 0")
        }
        largeFileMegabytes = megabytes
      case "--no-python":
        python = false
      case "--python":
        pythonExecutable = try value(argument)
      case "--tools":
        tools = Set(try value(argument).split(separator: ",").map(String.init))
      case "--workloads":
        workloads = Set(try value(argument).split(separator: ",").map(String.init))
      case "--save-large":
        saveLargeFile = try value(argument)
      case "--midiroll-round":
        midirollRoundOnly = true
      case "--files":
        files = Array(rest)
        rest = []
      case "-h", "--help":
        throw .help
      default:
        throw .usage("unknown argument \(argument)")
      }
    }
  }
}

/// Why the benchmark stopped.
enum BenchmarkError: Error, CustomStringConvertible {
  /// Bad command line.
  case usage(String)
  /// `--help`.
  case help
  /// No real MIDI files to read.
  case noRealFiles
  /// Something the benchmark needs failed.
  case failed(String)

  var description: String {
    switch self {
    case .usage(let message): "\(message)\n\(BenchmarkOptions.usage)"
    case .help: BenchmarkOptions.usage
    case .noRealFiles:
      "no .mid files found in the Debian packages openttd-openmsx and planetblupi-music-midi: "
        + "run `make deps`"
    case .failed(let message): message
    }
  }
}
