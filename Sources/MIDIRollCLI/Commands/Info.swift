import ArgumentParser
import Foundation
import MIDIRollFiles
import MIDIRollKit
import PianoRoll
import SMF

/// `midiroll info IN`: what a song holds — format, division, tracks, length, bars, meters,
/// tempos, keys, notes.
struct Info: DocumentedCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Show a song's format, division, tracks, length, bars, meters, tempos, keys and notes."
  )

  /// `midiroll info --help`'s examples.
  static let examples = [
    "midiroll info song.mid", "midiroll info song.json --json", "midiroll info *.mid --json",
    "curl -s https://example.org/song.mid | midiroll info -",
  ]

  /// The input paths, or `-`.
  @Argument(
    help:
      "The inputs (.mid, .midi, .kar, .rmi or .json), or '-' for standard input; a block (or a JSON line) each."
  )
  var inputs: [String]

  /// Print JSON instead of text.
  @Flag(name: .long, help: "Print the facts as one JSON object per input and line, with its \"path\".")
  var json = false

  /// Input options.
  @OptionGroup var inputOptions: InputOptions

  /// Creates the command (for the argument parser).
  init() {}

  /// Refuses a call without inputs.
  func validate() throws {
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
      if inputs.isEmpty { throw KitError(.usage, "info needs an input: midiroll info IN [IN …]") }
    }
  }

  /// Reads the song and prints what it holds.
  func run() throws {
    // Several inputs: a block or a JSON line each; a bad one is reported and the others still
    // printed, the exit code the worst.
    var exitCode: Int32 = 0
    for (index, path) in inputs.enumerated() {
      let input: SongInput
      do {
        input = try SongInput(path: path, options: inputOptions)
      } catch {
        if inputs.count == 1 { throw error }
        Diagnostics.printError("midiroll: \(error.commandLineDescription(Self.self))")
        exitCode = max(exitCode, error.exitCode)
        continue
      }
      input.printWarnings(quiet: inputOptions.quiet)
      // A .mid is read in one pass that keeps no events (MIDIFile.summarize).
      let facts = SongFacts(input)
      if json {
        try StandardOutput.printLine(facts.jsonLine)
      } else {
        try StandardOutput.write((index > 0 ? "\n" : "") + facts.text)
      }
    }
    if exitCode != 0 { throw ExitCode(exitCode) }
  }
}

/// The facts as `info` prints them for people.
extension SongFacts {
  /// A block of lines: the path, then the facts indented; control characters in the path
  /// and track names escaped as on standard error, so each line stays one line.
  var text: String {
    var out = "\(OneLine.escaping(path))\n"
    out += "  format:          \(formatName)\n"
    out += "  division:        \(divisionName)\n"
    out +=
      "  length:          \(summary.endTick) ticks, \(formatSeconds(summary.durationSeconds)), \(summary.barCount) bars\n"
    out += "  notes:           \(file.noteCount)"
    if let range = summary.pitchRange {
      out +=
        ", pitches \(Note.name(ofPitch: Int(range.lowerBound)))–\(Note.name(ofPitch: Int(range.upperBound)))"
      out += " (\(range.lowerBound)–\(range.upperBound))"
    }
    out += "\n  tracks:          \(file.tracks.count)\n"
    for (index, track) in file.tracks.enumerated() {
      let name = track.name.map { " \"\(OneLine.escaping($0))\"" } ?? ""
      let notes = index < summary.notesPerTrack.count ? summary.notesPerTrack[index] : 0
      out +=
        "    \(index)\(name): \(track.eventCount) events, \(notes) notes, ends at tick \(track.endTick)\n"
    }
    out += "  time signatures:\n"
    for change in summary.timeSignatures {
      out += "    bar \(change.bar + 1) (tick \(change.tick)): \(change.timeSignature)\n"
    }
    out += "  tempos:\n"
    for placed in summary.tempos {
      out +=
        "    bar \(placed.position.bar + 1) beat \(placed.position.beat + 1) (tick \(placed.tempo.tick), "
        + "\(formatSeconds(placed.seconds))): \(formatBPM(placed.tempo.beatsPerMinute)) BPM "
        + "(\(placed.tempo.microsecondsPerQuarter) µs per quarter)\n"
    }
    if !summary.keySignatures.isEmpty {
      out += "  key signatures:\n"
      for placed in summary.keySignatures {
        out += "    bar \(placed.position.bar + 1) (tick \(placed.key.tick)): \(placed.key.name)\n"
      }
    }
    if !file.unknownChunks.isEmpty {
      out += "  other chunks:    \(file.unknownChunks.map { "\"\($0.type)\"" }.joined(separator: ", "))\n"
    }
    if !warnings.isEmpty { out += "  warnings:        \(warnings.count)\n" }
    return out
  }
}

/// Seconds as `m:ss.mmm` (or `s.mmm s` under a minute).
func formatSeconds(_ seconds: Double) -> String {
  let millis = Int((seconds * 1000).rounded())
  let minutes = millis / 60_000
  let rest = millis % 60_000
  let text = "\(rest / 1000).\(String(rest % 1000 + 1000).dropFirst())"
  if minutes == 0 { return text + " s" }
  return "\(minutes):\(rest < 10_000 ? "0" : "")\(text)"
}

/// Beats per minute with at most two decimals.
func formatBPM(_ bpm: Double) -> String {
  let hundredths = Int((bpm * 100).rounded())
  if hundredths % 100 == 0 { return String(hundredths / 100) }
  return String(format: "%.2f", bpm)
}
