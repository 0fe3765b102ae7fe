import JSON
import PianoRoll
import SMF
import SongStatistics

/// What `stats` tells of a song: muspy 0.5's 13 metrics (as muspy computes them on
/// `muspy.read_midi` of the file), the plain facts (notes, seconds, bars, tempo range, meters,
/// keys, General MIDI families, drums), a byte hash and a content fingerprint.
///
/// The one function of the statistics: a song read in (``init(_:)``, or ``init(bytes:path:)``
/// for the bytes of a `.mid`) and a value out, written as one JSON line (``jsonLine``) or a
/// block for people.
public struct SongStats: Sendable {
  /// The path it was read from.
  public let path: String
  /// The size of the `.mid` measured, in bytes.
  public let byteCount: Int
  /// SHA-256 of those bytes and what the song plays (``ContentFingerprint``).
  public let identity: ContentIdentity
  /// The facts `info` gives (length, bars, tempos, meters, keys).
  public let facts: SongFacts
  /// The number of notes as midiroll pairs them.
  public let noteCount: Int
  /// Notes per General MIDI family and on the drum channel.
  public let families: InstrumentFamilies
  /// muspy's metrics, or why muspy refuses the file.
  public let muspy: Result<MuspyMetrics, MuspyRefusal>

  /// The statistics of a song read by the kit.
  /// - Throws: ``KitError`` (bad input) only if a `.mid` no longer reads as it did.
  public init(_ input: SongInput) throws(KitError) {
    let song = try input.song()
    let bytes = input.midiBytes
    path = input.path
    byteCount = bytes.count
    identity = ContentIdentity(midiBytes: bytes, song: song)
    facts = SongFacts(input)
    noteCount = song.noteCount
    families = InstrumentFamilies(song)
    muspy = Result { () throws(MuspyRefusal) in MuspyMetrics(try MuspyMusic(bytes: bytes)) }
  }

  /// The statistics of the bytes of a `.mid` (for callers outside the command line).
  /// - Throws: ``KitError`` (bad input) naming `path` and the byte offset when midiroll cannot
  ///   read them.
  public init(bytes: [UInt8], path: String, options: DecodingOptions = DecodingOptions()) throws(KitError) {
    try self.init(SongInput(bytes: bytes, kind: .mid, path: path, options: options))
  }

  /// The slowest and fastest tempo in beats per minute (120 when the file states none).
  public var tempoRange: ClosedRange<Double> {
    let values = facts.summary.tempos.map(\.tempo.beatsPerMinute)
    return (values.min() ?? 120)...(values.max() ?? 120)
  }

  /// The meters in order of first use, each once (`4/4`; 4/4 when the file states none).
  public var meters: [String] {
    var seen: [String] = []
    for change in facts.summary.timeSignatures where !seen.contains(change.timeSignature.description) {
      seen.append(change.timeSignature.description)
    }
    return seen.isEmpty ? [TimeSignature.common.description] : seen
  }

  /// The keys in order of first use, each once (none when the file states none).
  public var keys: [String] {
    var seen: [String] = []
    for placed in facts.summary.keySignatures where !seen.contains(placed.key.name) {
      seen.append(placed.key.name)
    }
    return seen
  }

  /// The statistics as one JSON object on one line: `path`, the hashes, the facts, then
  /// `metrics` under muspy's function names (`null` where muspy gives NaN or raises; what it
  /// raises in `metricsRaised`), or `metrics: null` and `muspyRefused` when muspy refuses the file.
  public var jsonLine: String {
    var out = JSONWriter()
    write(to: &out)
    return String(decoding: out.collectedBytes(), as: UTF8.self)
  }

  /// Writes the JSON object (``jsonLine``) into `out`.
  public func write(to out: inout JSONWriter) {
    out.raw("{\"path\": ")
    out.rawString(path)
    out.raw(", \"bytes\": ")
    out.rawInteger(byteCount)
    out.raw(", \"sha256\": ")
    out.rawString(identity.byteHash)
    out.raw(", \"fingerprint\": ")
    out.rawString(identity.fingerprint)
    out.raw(", \"notes\": ")
    out.rawInteger(noteCount)
    SongFacts.writePitchRange(facts.summary.pitchRange, to: &out)
    out.raw(", \"seconds\": ")
    out.rawDouble(facts.summary.durationSeconds)
    out.raw(", \"bars\": ")
    out.rawInteger(facts.summary.barCount)
    out.raw(", \"tempo\": {\"min\": ")
    out.rawDouble(tempoRange.lowerBound)
    out.raw(", \"max\": ")
    out.rawDouble(tempoRange.upperBound)
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
      out.raw(": ")
      out.rawInteger(family.notes)
    }
    out.raw("}, \"drumNotes\": ")
    out.rawInteger(families.drumNotes)
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
          out.raw(": ")
          out.rawString(note)
        }
        out.raw("}")
      }
    case .failure(let refusal):
      out.raw(", \"metrics\": null, \"muspyRefused\": ")
      out.rawString(refusal.description)
    }
    out.raw("}")
  }
}
