import JSON
import NPZ
import PianoRoll
import PianoRollJSON

/// Songs as `.npz` files: pypianoroll 1.0's format for matrices, numpy columns for notes.
public enum NPZExport {
  /// The `.npz` bytes of a song.
  /// - Parameter name: The multitrack's name in pypianoroll's `info.json` (e.g. the file's stem).
  /// - Throws: ``NPZExportError`` when the song passes the matrices' limits or ZIP's.
  public static func encode(_ song: Song, options: NPZOptions = NPZOptions(), name: String = "")
    throws(NPZExportError) -> [UInt8]
  {
    switch options.content {
    case .matrix:
      let matrices: PianoRollMatrices
      do throws(MatrixError) {
        matrices = try PianoRollMatrices(song: song, options: options.matrix)
      } catch {
        throw .matrix(error)
      }
      do throws(NPZError) {
        return try pypianoroll(matrices, name: name, binary: options.binary, compressed: options.compressed)
      } catch {
        throw .archive(error)
      }
    case .notes:
      do throws(NPZError) {
        return try noteArrays(song, compressed: options.compressed)
      } catch {
        throw .archive(error)
      }
    }
  }

  /// Matrices as pypianoroll's `save` writes them: `tempo.npy`, `downbeat.npy` (and
  /// `beat.npy`), per track `pianoroll_{i}_csc_data/indices/indptr/shape.npy`, then
  /// `info.json` with the resolution, the name and each track's program, drum flag and name.
  public static func pypianoroll(
    _ matrices: PianoRollMatrices, name: String, binary: Bool = false, compressed: Bool = true
  ) throws(NPZError) -> [UInt8] {
    var archive = NPZArchive(compressed: compressed)
    try archive.add(NPYArray(float64: matrices.tempo), named: "tempo")
    try archive.add(NPYArray(bools: matrices.downbeat), named: "downbeat")
    try archive.add(NPYArray(bools: matrices.beat), named: "beat")
    var info = pythonJSON()
    info.beginObject()
    info.name("resolution")
    info.integer(matrices.resolution)
    info.name("name")
    info.string(name)
    for (index, track) in matrices.tracks.enumerated() {
      let prefix = "pianoroll_\(index)_csc_"
      let roll = track.roll
      try archive.add(
        binary
          ? NPYArray(bools: [Bool](repeating: true, count: roll.cellCount)) : NPYArray(uint8: roll.values),
        named: prefix + "data")
      try archive.add(NPYArray(int32: roll.rows), named: prefix + "indices")
      try archive.add(NPYArray(int32: roll.columnStarts), named: prefix + "indptr")
      try archive.add(NPYArray(int64: [roll.steps, 128]), named: prefix + "shape")
      info.name(String(index))
      info.beginObject()
      info.name("program")
      info.integer(track.program)
      info.name("is_drum")
      info.bool(track.isDrum)
      info.name("name")
      info.string(track.name)
      info.endObject()
    }
    info.endObject()
    try archive.addFile(named: "info.json", contents: info.collectedBytes())
    return try archive.finish()
  }

  /// Note columns for every SMF track `i` (tracks without notes too, so `i` is the track's index
  /// in piano-roll JSON): `track_{i}_tick`, `_duration_ticks` (`<i8`), `_pitch`, `_velocity`,
  /// `_channel` (`|u1`), `_seconds`, `_duration_seconds` (`<f8`), `_bar` (`<i8`), `_beat`
  /// (`<f8`, the beat with its fraction), then `info.json`: ticks per quarter, each track's name,
  /// program and drum flag, the tempos and the time signatures.
  public static func noteArrays(_ song: Song, compressed: Bool = true) throws(NPZError) -> [UInt8] {
    let timeline = song.makeTimeline()
    var archive = NPZArchive(compressed: compressed)
    var info = pythonJSON()
    info.beginObject()
    info.name("ticksPerQuarter")
    info.integer(song.division.ticksPerQuarterForPositions)
    info.name("smpte")
    info.bool(song.division.ticksPerQuarter == nil)
    info.name("tracks")
    info.beginArray()
    for (index, track) in song.tracks.enumerated() {
      let columns = NoteColumns(notes: track.notes, timeline: timeline)
      let prefix = "track_\(index)_"
      try archive.add(NPYArray(int64: columns.tick), named: prefix + "tick")
      try archive.add(NPYArray(int64: columns.durationTicks), named: prefix + "duration_ticks")
      try archive.add(NPYArray(uint8: columns.pitch), named: prefix + "pitch")
      try archive.add(NPYArray(uint8: columns.velocity), named: prefix + "velocity")
      try archive.add(NPYArray(uint8: columns.channel), named: prefix + "channel")
      try archive.add(NPYArray(float64: columns.seconds), named: prefix + "seconds")
      try archive.add(NPYArray(float64: columns.durationSeconds), named: prefix + "duration_seconds")
      try archive.add(NPYArray(int64: columns.bar), named: prefix + "bar")
      try archive.add(NPYArray(float64: columns.beat), named: prefix + "beat")
      let first = track.notes.first
      info.beginObject()
      info.name("name")
      info.string(track.name ?? "")
      info.name("notes")
      info.integer(columns.count)
      info.name("program")
      info.integer(first.map { track.program(onChannel: $0.channel, atOrBefore: $0.tick) } ?? 0)
      info.name("is_drum")
      info.bool(!track.notes.isEmpty && track.notes.allSatisfy { $0.channel == 9 })
      info.endObject()
    }
    info.endArray()
    PianoRollJSON.writeSummaries(timeline, style: .python, to: &info)
    info.endObject()
    try archive.addFile(named: "info.json", contents: info.collectedBytes())
    return try archive.finish()
  }

  /// A writer of Python's `json.dumps` bytes, as pypianoroll's `save` writes `info.json`.
  private static func pythonJSON() -> JSONWriter {
    var writer = JSONWriter()
    writer.writesPythonStyle = true
    return writer
  }
}
