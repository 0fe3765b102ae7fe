import JSON
import PianoRoll
import SMF

/// The song's summaries — its tempos, time signatures and key signatures placed on its
/// timeline, its pitch range — as JSON: the one serializer behind piano-roll JSON's summaries,
/// `info --json`, `stats --json` and the `info.json` of `.npz` note columns.
extension PianoRollJSON {
  /// How the summaries are laid out.
  public enum SummaryStyle: Sendable {
    /// As piano-roll JSON writes them: an entry a line, with positions and seconds.
    case document
    /// On one line, with positions and seconds (`info --json`).
    case line
    /// On one line as Python's `json.dumps` writes (the writer in its Python style): the ticks,
    /// the tempo with its BPM as a Python float, no positions (`.npz` `info.json`).
    case python
  }

  /// Writes `"tempos": [...]`, `"timeSignatures": [...]` and `"keySignatures": [...]` (no
  /// key signatures in the Python style) as members of the object being written, each after
  /// a comma.
  public static func writeSummaries(_ timeline: Timeline, style: SummaryStyle, to out: inout JSONWriter) {
    let opening: StaticString = style == .document ? ",\n  " : ", "
    out.raw(opening)
    out.raw("\"tempos\": ")
    writeEntries(timeline.tempos.changes, style: style, to: &out) { tempo, out in
      out.raw("{\"tick\": ", integer: tempo.tick)
      out.raw(", \"microsecondsPerBeat\": ", integer: tempo.microsecondsPerQuarter)
      out.raw(", \"bpm\": ")
      guard style != .python else {
        out.rawDouble(tempo.beatsPerMinute)
        return out.raw("}")
      }
      out.rawDecimal(numerator: 60_000_000, denominator: tempo.microsecondsPerQuarter)
      out.raw(", \"position\": ")
      writePosition(timeline.position(atTick: tempo.tick), to: &out)
      out.raw(", \"seconds\": ")
      writeSeconds(timeline.tempos, from: 0, to: tempo.tick, to: &out)
      out.raw("}")
    }
    out.raw(opening)
    out.raw("\"timeSignatures\": ")
    writeEntries(timeline.timeSignatures.changes, style: style, to: &out) { change, out in
      out.raw("{\"tick\": ", integer: change.tick)
      out.raw(", \"bar\": ", integer: change.bar)
      out.raw(", \"numerator\": ", integer: change.numerator)
      out.raw(", \"denominator\": ", integer: change.denominator)
      out.raw("}")
    }
    guard style != .python else { return }
    out.raw(opening)
    out.raw("\"keySignatures\": ")
    writeEntries(timeline.keySignatures, style: style, to: &out) { key, out in
      out.raw("{\"tick\": ", integer: key.tick)
      writeKeyFields(sharps: key.sharps, isMinor: key.isMinor, name: key.name, to: &out)
      out.raw(", \"position\": ")
      writePosition(timeline.position(atTick: key.tick), to: &out)
      out.raw("}")
    }
  }

  /// Writes the division as a member after a comma: `"ticksPerBeat": 480`, or
  /// `"smpte": {"framesPerSecond": 25, "ticksPerFrame": 40}`.
  public static func writeDivision(_ division: Division, style: SummaryStyle, to out: inout JSONWriter) {
    out.raw(style == .document ? ",\n  " : ", ")
    switch division {
    case .ticksPerQuarter(let ticks):
      out.raw("\"ticksPerBeat\": ", integer: ticks)
    case .smpte(let framesPerSecond, let ticksPerFrame):
      out.raw("\"smpte\": {\"framesPerSecond\": ", integer: framesPerSecond)
      out.raw(", \"ticksPerFrame\": ", integer: ticksPerFrame)
      out.raw("}")
    }
  }

  /// Writes the `pitchRange` member (`low` and `high`) after a comma when there is a range:
  /// `info --json`'s and `stats --json`'s alike.
  public static func writePitchRange(_ range: ClosedRange<UInt8>?, to out: inout JSONWriter) {
    guard let range else { return }
    out.raw(", \"pitchRange\": {\"low\": ", integer: Int(range.lowerBound))
    out.raw(", \"high\": ", integer: Int(range.upperBound))
    out.raw("}")
  }

  /// An array of entries: in the document style one a line, else on one line.
  private static func writeEntries<Entry>(
    _ entries: [Entry], style: SummaryStyle, to out: inout JSONWriter,
    _ writeEntry: (Entry, inout JSONWriter) -> Void
  ) {
    out.raw("[")
    for (index, entry) in entries.enumerated() {
      if style == .document {
        out.raw(index == 0 ? "\n    " : ",\n    ")
      } else if index > 0 {
        out.raw(", ")
      }
      writeEntry(entry, &out)
    }
    out.raw(style == .document && !entries.isEmpty ? "\n  ]" : "]")
  }
}
