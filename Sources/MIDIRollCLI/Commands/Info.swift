import ArgumentParser
import Foundation
import MIDIRollKit
import PianoRoll
import SMF

/// `midiroll info IN`: what a song holds — format, division, tracks, length, bars, meters,
/// tempos, keys, notes.
struct Info: ParsableCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Show a song's format, division, tracks, length, bars, meters, tempos, keys and notes."
  )

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

  /// Reads the song and prints what it holds.
  func run() throws {
    if inputs.isEmpty { throw KitError(.usage, "info needs an input: midiroll info IN [IN …]") }
    // edits: several inputs, a block or a JSON line each; a bad one is reported and the
    // others still printed, the exit code the worst.
    var exitCode: Int32 = 0
    for (index, path) in inputs.enumerated() {
      let input: SongInput
      do {
        input = try SongInput(path: path, options: inputOptions)
      } catch {
        if inputs.count == 1 { throw error }
        Diagnostics.printError("midiroll: \(error.commandLineDescription)")
        exitCode = max(exitCode, error.exitCode)
        continue
      }
      input.printWarnings(quiet: inputOptions.quiet)
      // A .mid is read in one pass that keeps no events (MIDIFile.summarize).
      let facts = SongFacts(file: input.summary, warnings: input.warnings)
      if json {
        try StandardOutput.printLine(facts.jsonText(path: input.path))
      } else {
        try StandardOutput.write((index > 0 ? "\n" : "") + facts.text(path: input.path))
      }
    }
    if exitCode != 0 { throw ExitCode(exitCode) }
  }
}

/// The facts `info` prints, gathered once from the file and its piano roll.
struct SongFacts {
  let file: MIDIFileSummary
  let summary: SongSummary
  let warnings: [String]

  init(file: MIDIFileSummary, warnings: [String]) {
    self.file = file
    self.summary = SongSummary(file)
    self.warnings = warnings
  }

  var formatName: String {
    switch file.format {
    case .singleTrack: "0 (single track)"
    case .multipleTracks: "1 (simultaneous tracks)"
    case .independentTracks: "2 (independent patterns)"
    }
  }

  var divisionName: String {
    switch file.division {
    case .ticksPerQuarter(let ticks): "\(ticks) ticks per quarter note"
    case .smpte(let fps, let ticksPerFrame):
      "SMPTE \(fps == 29 ? "29.97 (drop-frame)" : String(fps)) frames per second, \(ticksPerFrame) ticks per frame"
    }
  }

  func text(path: String) -> String {
    var out = "\(path)\n"
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
      let name = track.name.map { " \"\($0)\"" } ?? ""
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

  /// The facts as one JSON object (names in alphabetical order), written with the JSON module.
  func jsonText(path: String) -> String {
    let bytes = JSONWriter.bytes { json in
      json.beginObject()
      json.name("bars")
      json.integer(summary.barCount)
      json.name("endTick")
      json.integer(summary.endTick)
      json.name("format")
      json.integer(Int(file.format.rawValue))
      json.name("keySignatures")
      json.beginArray()
      for placed in summary.keySignatures {
        json.beginObject()
        json.name("minor")
        json.bool(placed.key.isMinor)
        json.name("name")
        json.string(placed.key.name)
        json.name("position")
        Self.write(placed.position, to: &json)
        json.name("sharps")
        json.integer(placed.key.sharps)
        json.name("tick")
        json.integer(placed.key.tick)
        json.endObject()
      }
      json.endArray()
      json.name("notes")
      json.integer(file.noteCount)
      json.name("path")
      json.string(path)
      if let range = summary.pitchRange {
        json.name("pitchRange")
        json.beginObject()
        json.name("high")
        json.integer(Int(range.upperBound))
        json.name("low")
        json.integer(Int(range.lowerBound))
        json.endObject()
      }
      json.name("seconds")
      json.double(summary.durationSeconds)
      switch file.division {
      case .ticksPerQuarter(let ticks):
        json.name("ticksPerBeat")
        json.integer(ticks)
      case .smpte(let fps, let ticksPerFrame):
        json.name("smpte")
        json.beginObject()
        json.name("framesPerSecond")
        json.integer(fps)
        json.name("ticksPerFrame")
        json.integer(ticksPerFrame)
        json.endObject()
      }
      json.name("tempos")
      json.beginArray()
      for placed in summary.tempos {
        json.beginObject()
        json.name("bpm")
        json.double(placed.tempo.beatsPerMinute)
        json.name("microsecondsPerBeat")
        json.integer(placed.tempo.microsecondsPerQuarter)
        json.name("position")
        Self.write(placed.position, to: &json)
        json.name("seconds")
        json.double(placed.seconds)
        json.name("tick")
        json.integer(placed.tempo.tick)
        json.endObject()
      }
      json.endArray()
      json.name("timeSignatures")
      json.beginArray()
      for meter in summary.timeSignatures {
        json.beginObject()
        json.name("bar")
        json.integer(meter.bar)
        json.name("denominator")
        json.integer(meter.denominator)
        json.name("numerator")
        json.integer(meter.numerator)
        json.name("tick")
        json.integer(meter.tick)
        json.endObject()
      }
      json.endArray()
      json.name("tracks")
      json.beginArray()
      for (index, track) in file.tracks.enumerated() {
        json.beginObject()
        json.name("endTick")
        json.integer(track.endTick)
        json.name("events")
        json.integer(track.eventCount)
        json.name("index")
        json.integer(index)
        if let name = track.name {
          json.name("name")
          json.string(name)
        }
        json.name("notes")
        json.integer(index < summary.notesPerTrack.count ? summary.notesPerTrack[index] : 0)
        json.endObject()
      }
      json.endArray()
      json.name("warnings")
      json.beginArray()
      for warning in warnings { json.string(warning) }
      json.endArray()
      json.endObject()
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A position as an object: `{"bar", "beat", "cent", "subbeat"}`.
  private static func write(_ position: Position, to json: inout JSONWriter) {
    json.beginObject()
    json.name("bar")
    json.integer(position.bar)
    json.name("beat")
    json.integer(position.beat)
    json.name("cent")
    json.integer(position.cent)
    json.name("subbeat")
    json.integer(position.subbeat)
    json.endObject()
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
