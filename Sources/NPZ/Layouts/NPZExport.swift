import PianoRoll

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
    var info: [(String, JSONText)] = [("resolution", .int(matrices.resolution)), ("name", .string(name))]
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
      info.append(
        (
          String(index),
          .object([
            ("program", .int(track.program)), ("is_drum", .bool(track.isDrum)), ("name", .string(track.name)),
          ])
        ))
    }
    try archive.addFile(named: "info.json", contents: Array(JSONText.object(info).text.utf8))
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
    var trackInfo: [JSONText] = []
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
      trackInfo.append(
        .object([
          ("name", .string(track.name ?? "")),
          ("notes", .int(columns.count)),
          ("program", .int(first.map { track.program(onChannel: $0.channel, atOrBefore: $0.tick) } ?? 0)),
          ("is_drum", .bool(!track.notes.isEmpty && track.notes.allSatisfy { $0.channel == 9 })),
        ]))
    }
    let tempos = timeline.tempos.changes.map { change -> JSONText in
      .object([
        ("tick", .int(change.tick)), ("microsecondsPerBeat", .int(change.microsecondsPerQuarter)),
        ("bpm", .double(change.beatsPerMinute)),
      ])
    }
    let meters = timeline.timeSignatures.changes.map { change -> JSONText in
      .object([
        ("tick", .int(change.tick)), ("bar", .int(change.bar)), ("numerator", .int(change.numerator)),
        ("denominator", .int(change.denominator)),
      ])
    }
    let info = JSONText.object([
      ("ticksPerQuarter", .int(song.division.ticksPerQuarterForPositions)),
      ("smpte", .bool(song.division.ticksPerQuarter == nil)),
      ("tracks", .array(trackInfo)), ("tempos", .array(tempos)), ("timeSignatures", .array(meters)),
    ])
    try archive.addFile(named: "info.json", contents: Array(info.text.utf8))
    return try archive.finish()
  }
}
