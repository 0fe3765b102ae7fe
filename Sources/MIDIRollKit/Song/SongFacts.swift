import JSON
import PianoRoll
import PianoRollJSON
import SMF

/// What `info` tells of a song — format, division, tracks, length, bars, meters, tempos, keys,
/// notes — gathered once from its summary, as text for people or as one JSON line.
public struct SongFacts: Sendable {
  /// The path it was read from.
  public let path: String
  /// What the file holds, without its events.
  public let file: MIDIFileSummary
  /// Its length, bars, placed tempos and keys.
  public let summary: SongSummary
  /// What the reading tolerated.
  public let warnings: [String]
  /// Its tempo, meter and key maps.
  private let timeline: Timeline

  /// The facts of `input` (a `.mid` read in one pass that keeps no events).
  public init(_ input: SongInput) {
    path = input.path
    file = input.summary
    summary = SongSummary(file)
    warnings = input.warnings
    timeline = Timeline(division: file.division, tracks: file.tracks.map(\.timelineEvents))
  }

  /// `0 (single track)`, `1 (simultaneous tracks)`, `2 (independent patterns)`.
  public var formatName: String {
    switch file.format {
    case .singleTrack: "0 (single track)"
    case .multipleTracks: "1 (simultaneous tracks)"
    case .independentTracks: "2 (independent patterns)"
    }
  }

  /// `480 ticks per quarter note`, or the SMPTE frames and ticks.
  public var divisionName: String {
    switch file.division {
    case .ticksPerQuarter(let ticks): "\(ticks) ticks per quarter note"
    case .smpte(let fps, let ticksPerFrame):
      "SMPTE \(fps == 29 ? "29.97 (drop-frame)" : String(fps)) frames per second, \(ticksPerFrame) ticks per frame"
    }
  }

  /// The facts as one JSON object on one line: the path, format, division, tracks, notes, pitch
  /// range, length, then the summaries written by the one summary serializer
  /// (``PianoRollJSON/writeSummaries(_:style:to:)``), then the warnings.
  public var jsonLine: String {
    var out = JSONWriter()
    out.raw("{\"path\": ", string: path)
    out.raw(", \"format\": ", integer: Int(file.format.rawValue))
    PianoRollJSON.writeDivision(file.division, style: .line, to: &out)
    out.raw(", \"tracks\": [")
    for (index, track) in file.tracks.enumerated() {
      out.raw(index == 0 ? "{\"index\": " : ", {\"index\": ")
      out.rawInteger(index)
      if let name = track.name {
        out.raw(", \"name\": ", string: name)
      }
      out.raw(", \"events\": ", integer: track.eventCount)
      out.raw(
        ", \"notes\": ", integer: index < summary.notesPerTrack.count ? summary.notesPerTrack[index] : 0)
      out.raw(", \"endTick\": ", integer: track.endTick)
      out.raw("}")
    }
    out.raw("], \"notes\": ", integer: file.noteCount)
    PianoRollJSON.writePitchRange(summary.pitchRange, to: &out)
    out.raw(", \"endTick\": ", integer: summary.endTick)
    out.raw(", \"seconds\": ", double: summary.durationSeconds)
    out.raw(", \"bars\": ", integer: summary.barCount)
    PianoRollJSON.writeSummaries(timeline, style: .line, to: &out)
    out.raw(", \"warnings\": [")
    for (index, warning) in warnings.enumerated() {
      if index > 0 { out.raw(", ") }
      out.rawString(warning)
    }
    out.raw("]}")
    return String(decoding: out.collectedBytes(), as: UTF8.self)
  }
}
