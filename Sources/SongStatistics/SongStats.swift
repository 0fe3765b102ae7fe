import JSON
import PianoRoll
import PianoRollJSON
import SMF

/// What `stats` tells of a song: muspy 0.5's 13 metrics (as muspy computes them on
/// `muspy.read_midi` of the file), the plain facts (notes, seconds, bars, tempo range, meters,
/// keys, General MIDI families, drums), a byte hash and a content fingerprint.
///
/// The one function of the statistics: the bytes of a `.mid` and the song midiroll reads from
/// them in (``init(midiBytes:song:path:)``), a value out, written as one JSON line (``jsonLine``,
/// the command line's `stats --json` and the C ABI's `midiroll_stats` alike) or a block for
/// people.
public struct SongStats: Sendable {
  /// The path it was read from, or `nil` for bytes without a name.
  public let path: String?
  /// The size of the `.mid` measured, in bytes.
  public let byteCount: Int
  /// SHA-256 of those bytes and what the song plays (``ContentFingerprint``).
  public let identity: ContentIdentity
  /// The facts `info` gives (length, bars, tempos, meters, keys).
  public let summary: SongSummary
  /// The number of notes as midiroll pairs them.
  public let noteCount: Int
  /// Notes per General MIDI family and on the drum channel.
  public let families: InstrumentFamilies
  /// muspy's metrics, or why muspy refuses the file.
  public let muspy: Result<MuspyMetrics, MuspyRefusal>

  /// The statistics of a song: `midiBytes` are the `.mid` it was read from (or that midiroll
  /// writes of it), measured by muspy's own reading and hashed; `song` is midiroll's reading
  /// of them, which gives the facts, the families and the fingerprint.
  /// - Parameter path: Where it was read from, the object's `path` (`nil`: `null`).
  public init(midiBytes: [UInt8], song: Song, path: String?) {
    self.path = path
    byteCount = midiBytes.count
    identity = ContentIdentity(midiBytes: midiBytes, song: song)
    summary = SongSummary(song)
    noteCount = song.noteCount
    families = InstrumentFamilies(song)
    muspy = Result { () throws(MuspyRefusal) in MuspyMetrics(try MuspyMusic(bytes: midiBytes)) }
  }

  /// The slowest and fastest tempo in beats per minute (120 when the file states none).
  public var tempoRange: ClosedRange<Double> {
    let values = summary.tempos.map(\.tempo.beatsPerMinute)
    return (values.min() ?? 120)...(values.max() ?? 120)
  }

  /// The meters in order of first use, each once (`4/4`; 4/4 when the file states none).
  public var meters: [String] {
    var seen: [String] = []
    for change in summary.timeSignatures where !seen.contains(change.timeSignature.description) {
      seen.append(change.timeSignature.description)
    }
    return seen.isEmpty ? [TimeSignature.common.description] : seen
  }

  /// The keys in order of first use, each once (none when the file states none).
  public var keys: [String] {
    var seen: [String] = []
    for placed in summary.keySignatures where !seen.contains(placed.key.name) {
      seen.append(placed.key.name)
    }
    return seen
  }

  /// The statistics as one JSON object on one line: `path`, the hashes, the facts, then
  /// `metrics` under muspy's function names (`null` where muspy gives NaN or raises; what it
  /// raises in `metricsRaised`), or `metrics: null` and `muspyRefused` when muspy refuses the file.
  public var jsonLine: String { String(decoding: jsonBytes, as: UTF8.self) }

  /// ``jsonLine`` as UTF-8 bytes.
  public var jsonBytes: [UInt8] {
    var out = JSONWriter()
    write(to: &out)
    return out.collectedBytes()
  }

  /// Writes the JSON object (``jsonLine``) into `out`.
  public func write(to out: inout JSONWriter) {
    out.raw("{\"path\": ")
    if let path { out.rawString(path) } else { out.raw("null") }
    out.raw(", \"bytes\": ", integer: byteCount)
    out.raw(", \"sha256\": ", string: identity.byteHash)
    out.raw(", \"fingerprint\": ", string: identity.fingerprint)
    out.raw(", \"notes\": ", integer: noteCount)
    PianoRollJSON.writePitchRange(summary.pitchRange, to: &out)
    out.raw(", \"seconds\": ", double: summary.durationSeconds)
    out.raw(", \"bars\": ", integer: summary.barCount)
    out.raw(", \"tempo\": {\"min\": ", double: tempoRange.lowerBound)
    out.raw(", \"max\": ", double: tempoRange.upperBound)
    out.raw("}, \"meters\": [")
    for (index, meter) in meters.enumerated() {
      if index > 0 { out.raw(", ") }
      out.rawString(meter)
    }
    out.raw("], \"keys\": [")
    for (index, key) in keys.enumerated() {
      if index > 0 { out.raw(", ") }
      out.rawString(key)
    }
    out.raw("], \"instruments\": {")
    for (index, family) in families.counted.enumerated() {
      if index > 0 { out.raw(", ") }
      out.rawString(family.name)
      out.raw(": ", integer: family.notes)
    }
    out.raw("}, \"drumNotes\": ", integer: families.drumNotes)
    switch muspy {
    case .success(let metrics):
      out.raw(", \"metrics\": {")
      var raised: [(String, String)] = []
      for (index, name) in MuspyMetrics.names.enumerated() {
        if index > 0 { out.raw(", ") }
        out.rawString(name)
        out.raw(": ")
        switch metrics.values[index] {
        case .integer(let value): out.rawInteger(value)
        case .real(let value): out.rawDouble(value)
        case .notANumber: out.raw("null")
        case .raised(let note):
          out.raw("null")
          raised.append((name, note))
        }
      }
      out.raw("}")
      if !raised.isEmpty {
        out.raw(", \"metricsRaised\": {")
        for (index, (name, note)) in raised.enumerated() {
          if index > 0 { out.raw(", ") }
          out.rawString(name)
          out.raw(": ", string: note)
        }
        out.raw("}")
      }
    case .failure(let refusal):
      out.raw(", \"metrics\": null, \"muspyRefused\": ", string: refusal.description)
    }
    out.raw("}")
  }
}
