import Foundation
import PianoRoll
import SMF

#if LibSMF
  import LibSMFBridge
#endif

/// Reading MIDI files: midiroll's SMF reader (alone, and into a piano roll's paired notes)
/// against libsmf through the bridge, symusic and mido, on the real files and on one large file.
struct ReaderBenchmark: BenchmarkSection {
  let title = "Reading MIDI files: midiroll against libsmf, symusic and mido"

  func run(in context: BenchmarkContext) throws {
    let options = context.options
    var workloads: [(key: String, workload: Workload)] = []
    if options.runs(workload: "real") { workloads.append(("real", context.realFiles)) }
    if options.runs(workload: "large") { workloads.append(("large", try context.largeFile())) }
    for (key, workload) in workloads {
      let megabytes = format(Double(workload.byteCount) / 1_000_000, 2)
      var report = Report(heading: "\(workload.name), \(megabytes) MB")
      // midiroll and symusic are measured in alternating rounds, each round of each in a
      // process of its own, so that neither a slow spell of the machine (they last seconds
      // here) nor a slow process (one can stay slow for its life) falls on one of them alone;
      // each row's best pass counts. libsmf and mido, far behind, run in the first round only.
      for round in 0..<Self.rounds {
        var rows: [Measurement] = []
        var notes: [String] = []
        if options.runs(tool: "midiroll") { rows += try midirollRowsInNewProcess(workload: key, options) }
        if round == 0, options.runs(tool: "libsmf") {
          switch libsmf(workload, options) {
          case .success(let row): rows.append(row)
          case .failure(let error): notes.append(error.description)
          }
        }
        if options.python {
          let readers = Self.pythonReaders.filter { round == 0 || $0.family == "symusic" }
          for reader in readers where options.runs(tool: reader.family) {
            switch reader.measure(workload, options: context.options) {
            case .success(let row): rows.append(row)
            case .failure(let error): notes.append(error.description)
            }
          }
        }
        report.merge(rows)
        if round == 0 { report.notes += notes }
      }
      if let line = comparison(report.rows) { report.notes.append(line) }
      print(report.text)
      print()
    }
  }

  /// How many rounds midiroll and symusic are measured in, one after the other.
  static let rounds = 3

  /// The Python readers, each a script of `Benchmarks/`.
  static let pythonReaders = [
    PythonReader(family: "symusic", label: "symusic Score.from_midi", script: "symusic_read.py"),
    PythonReader(
      family: "symusic", label: "symusic Score.from_file", script: "symusic_read.py",
      arguments: ["--from-file"]),
    PythonReader(family: "mido", label: "mido MidiFile", script: "mido_read.py"),
  ]

  /// midiroll's three rows, measured in this process.
  func midirollRows(_ workload: Workload, _ options: BenchmarkOptions) throws -> [Measurement] {
    [
      try midirollRead(workload, options), try midirollReadAndPair(workload, options),
      try midirollFileThenPair(workload, options),
    ]
  }

  /// What `--midiroll-round` does: midiroll's rows of each workload asked for, measured in this
  /// process and printed as one JSON line each.
  func printMidirollRound(in context: BenchmarkContext) throws {
    let options = context.options
    for key in ["real", "large"] where options.runs(workload: key) {
      let workload = key == "real" ? context.realFiles : try context.largeFile()
      let line = try JSONEncoder().encode(try midirollRows(workload, options))
      print(String(decoding: line, as: UTF8.self))
    }
  }

  /// midiroll's rows of one workload (`real` or `large`), measured by this program run again
  /// with `--midiroll-round`: a process of their own, as each round of symusic has.
  private func midirollRowsInNewProcess(workload key: String, _ options: BenchmarkOptions) throws
    -> [Measurement]
  {
    let process = Process()
    process.executableURL = Bundle.main.executableURL
    process.arguments =
      [
        "--midiroll-round", "--workloads", key, "--passes", "\(options.passes)", "--min-seconds",
        "\(options.minimumSeconds)", "--large-mb", "\(options.largeFileMegabytes)",
      ] + (options.files.isEmpty ? [] : ["--files"] + options.files)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let line = data.split(separator: UInt8(ascii: "\n")).last,
      let rows = try? JSONDecoder().decode([Measurement].self, from: Data(line))
    else { throw BenchmarkError.failed("midiroll-bench --midiroll-round \(key) failed") }
    return rows
  }

  /// `MIDIFile.read` on every file's bytes.
  private func midirollRead(_ workload: Workload, _ options: BenchmarkOptions) throws -> Measurement {
    let (seconds, cpuSeconds, events) = try time(
      passes: options.passes, minimumSeconds: options.minimumSeconds
    ) {
      var events = 0
      for bytes in workload.contents {
        let result = try MIDIFile.read(bytes)
        events += result.file.eventCount
        consume(result)
      }
      return events
    }
    return Measurement(
      tool: "midiroll MIDIFile.read", files: workload.contents.count, bytes: workload.byteCount,
      passSeconds: seconds, passCPUSeconds: cpuSeconds, output: "events: \(events)")
  }

  /// PianoRoll's `Song(bytes:)`: reads the file and pairs every note as each track is read (what
  /// symusic's `Score.from_midi` does: bytes to notes).
  private func midirollReadAndPair(_ workload: Workload, _ options: BenchmarkOptions) throws
    -> Measurement
  {
    try midirollSongs(workload, options, tool: Self.readAndPairTool) { try Song(bytes: $0) }
  }

  /// The row of ``midirollReadAndPair(_:_:)``.
  static let readAndPairTool = "midiroll Song(bytes:) read + pair"

  /// `MIDIFile.read`, then `Song(file:)`: the events held as a `MIDIFile` first, then paired.
  private func midirollFileThenPair(_ workload: Workload, _ options: BenchmarkOptions) throws
    -> Measurement
  {
    try midirollSongs(workload, options, tool: "midiroll MIDIFile.read, Song(file:)") {
      Song(file: try MIDIFile(bytes: $0))
    }
  }

  /// A row of songs made of every file of `workload` by `song`, counting their notes.
  private func midirollSongs(
    _ workload: Workload, _ options: BenchmarkOptions, tool: String, _ song: ([UInt8]) throws -> Song
  ) throws -> Measurement {
    let (seconds, cpuSeconds, notes) = try time(
      passes: options.passes, minimumSeconds: options.minimumSeconds
    ) {
      var notes = 0
      for bytes in workload.contents {
        let song = try song(bytes)
        notes += song.tracks.reduce(0) { $0 + $1.notes.count }
        consume(song)
      }
      return notes
    }
    return Measurement(
      tool: tool, files: workload.contents.count, bytes: workload.byteCount, passSeconds: seconds,
      passCPUSeconds: cpuSeconds, output: "notes: \(notes)")
  }

  /// How many times as fast as symusic's `Score.from_midi` midiroll's read + pair was, by wall
  /// and by CPU time, when both ran.
  private func comparison(_ rows: [Measurement]) -> String? {
    guard let ours = rows.first(where: { $0.tool == Self.readAndPairTool }),
      let theirs = rows.first(where: { $0.tool.hasPrefix("symusic Score.from_midi") })
    else { return nil }
    return "read + pair against symusic Score.from_midi: "
      + format(ours.megabytesPerSecond / theirs.megabytesPerSecond, 2) + "× (wall), "
      + format(ours.megabytesPerCPUSecond / theirs.megabytesPerCPUSecond, 2) + "× (CPU)"
  }

  /// libsmf through `LibSMFReader` (its safety scan, `smf_load_from_memory`, copying the events
  /// out and freeing); the Swift reader's results are made beforehand, untimed. The warm-up pass
  /// also checks that libsmf agrees with the Swift reader.
  private func libsmf(_ workload: Workload, _ options: BenchmarkOptions) -> Result<
    Measurement, BenchmarkError
  > {
    #if LibSMF
      do {
        let results = try workload.contents.map { try MIDIFile.read($0) }
        var checked = false
        let (seconds, cpuSeconds, events) = try time(
          passes: options.passes, minimumSeconds: options.minimumSeconds
        ) {
          var events = 0
          for (bytes, result) in zip(workload.contents, results) {
            let tracks = try LibSMFReader.events(of: bytes, acceptedAs: result)
            events += tracks.reduce(0) { $0 + $1.count }
            if !checked, let difference = ReaderComparison.compare(swift: result.file, libsmf: tracks).first {
              throw BenchmarkError.failed("libsmf disagrees with the Swift reader: \(difference)")
            }
            consume(tracks)
          }
          checked = true
          return events
        }
        return .success(
          Measurement(
            tool: "libsmf \(LibSMFReader.version) (bridge)", files: workload.contents.count,
            bytes: workload.byteCount, passSeconds: seconds, passCPUSeconds: cpuSeconds,
            output: "events: \(events)"))
      } catch let error as BenchmarkError {
        return .failure(error)
      } catch {
        return .failure(.failed("libsmf skipped: \(error)"))
      }
    #else
      return .failure(.failed("libsmf skipped: built without the LibSMF trait"))
    #endif
  }
}
