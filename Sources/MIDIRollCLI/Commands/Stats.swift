import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import PianoRoll
import SMF
import SongStatistics

/// `midiroll stats IN…`: muspy 0.5's 13 metrics, the plain facts, a byte hash and a content
/// fingerprint of each input (``SongStats``, the kit's one statistics function).
struct Stats: DocumentedCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract:
      "Show muspy's metrics, the facts (notes, seconds, bars, tempos, meters, keys, instruments), a byte hash and a content fingerprint."
  )

  /// `midiroll stats --help`'s examples.
  static let examples = [
    "midiroll stats song.mid", "midiroll stats *.mid --json > stats.jsonl",
    "midiroll stats song.json --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[\"metrics\"])'",
  ]

  /// The input paths, or `-`.
  @Argument(
    help:
      "The inputs (.mid, .midi, .kar, .rmi or .json), or '-' for standard input; a block (or a JSON line) each."
  )
  var inputs: [String]

  /// Print JSON instead of text.
  @Flag(
    name: .long, help: "Print one JSON object per input and line (muspy's function names under \"metrics\").")
  var json = false

  /// Input options.
  @OptionGroup var inputOptions: InputOptions

  /// Creates the command (for the argument parser).
  init() {}

  /// Refuses a call without inputs.
  func validate() throws {
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
    }
  }

  /// Reads each song and prints its statistics; a bad input is reported and the others still
  /// printed, the exit code the worst.
  func run() throws {
    if inputs.isEmpty { throw KitError(.usage, "stats needs an input: midiroll stats IN [IN …]") }
    var exitCode: Int32 = 0
    for (index, path) in inputs.enumerated() {
      let stats: SongStats
      do {
        let input = try SongInput(path: path, options: inputOptions)
        input.printWarnings(quiet: inputOptions.quiet)
        stats = try SongStats(input)
      } catch {
        if inputs.count == 1 { throw error }
        Diagnostics.printError("midiroll: \(error.commandLineDescription(Self.self))")
        exitCode = max(exitCode, error.exitCode)
        continue
      }
      if json {
        try StandardOutput.printLine(stats.jsonLine)
      } else {
        try StandardOutput.write((index > 0 ? "\n" : "") + stats.text)
      }
    }
    if exitCode != 0 { throw ExitCode(exitCode) }
  }
}

/// The statistics as `stats` prints them for people.
extension SongStats {
  /// A block of lines: the path, the facts, the hashes, then muspy's metrics.
  var text: String {
    var out = "\(OneLine.escaping(path ?? ""))\n"
    out += "  notes:           \(noteCount)"
    if let range = summary.pitchRange {
      out +=
        ", pitches \(Note.name(ofPitch: Int(range.lowerBound)))–\(Note.name(ofPitch: Int(range.upperBound)))"
    }
    out += families.drumNotes > 0 ? ", \(families.drumNotes) on the drum channel\n" : "\n"
    out +=
      "  length:          \(formatSeconds(summary.durationSeconds)), \(summary.barCount) bars\n"
    let range = tempoRange
    out += "  tempo:           \(formatBPM(range.lowerBound))"
    out += range.lowerBound == range.upperBound ? " BPM\n" : "–\(formatBPM(range.upperBound)) BPM\n"
    out += "  meters:          \(meters.joined(separator: ", "))\n"
    out += "  keys:            \(keys.isEmpty ? "none stated" : keys.joined(separator: ", "))\n"
    let counted = families.counted
    out += "  instruments:     "
    out +=
      counted.isEmpty ? "none\n" : counted.map { "\($0.name) \($0.notes)" }.joined(separator: ", ") + "\n"
    out += "  sha256:          \(identity.byteHash)\n"
    out += "  fingerprint:     \(identity.fingerprint)\n"
    switch muspy {
    case .failure(let refusal):
      out += "  muspy metrics:   none: muspy refuses the file (\(refusal))\n"
    case .success(let metrics):
      out += "  muspy metrics:\n"
      for (name, value) in zip(MuspyMetrics.names, metrics.values) {
        let padded = name + String(repeating: " ", count: max(1, 26 - name.count))
        switch value {
        case .integer(let number): out += "    \(padded)\(number)\n"
        case .real(let number): out += "    \(padded)\(number)\n"
        case .notANumber: out += "    \(padded)NaN\n"
        case .raised(let note): out += "    \(padded)none: muspy raises \(note)\n"
        }
      }
    }
    return out
  }
}
