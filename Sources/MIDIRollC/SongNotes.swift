import CMIDIRoll
import PianoRoll

/// Writes the requested columns of every note, in track order (see `include/midiroll.h`).
@_cdecl("midiroll_song_notes")
public func midirollSongNotes(
  _ song: OpaquePointer?, _ columns: UnsafePointer<midiroll_note_columns>?, _ rows: Int64,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  writingRows(
    of: song, into: columns, rows: rows, error: error, call: "midiroll_song_notes",
    rowCount: { $0.song.noteCount }
  ) { handle, columns in handle.writeNotes(into: columns) }
}

/// Writes every note as a `midiroll_note_record`, in track or time order (see
/// `include/midiroll.h`).
@_cdecl("midiroll_song_note_records")
public func midirollSongNoteRecords(
  _ song: OpaquePointer?, _ records: UnsafeMutablePointer<midiroll_note_record>?, _ rows: Int64,
  _ flags: UInt32, _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  let call = "midiroll_song_note_records"
  return reportingErrors(error) { () throws(ABIError) in
    let handle = try SongHandle.of(song, in: call)
    guard let records else { throw ABIError(usage: "\(call): the records are NULL") }
    guard flags & ~UInt32(MIDIROLL_NOTES_BY_TIME) == 0 else {
      throw ABIError(usage: "\(call): unknown flags \(flags)")
    }
    let needed = handle.song.noteCount
    guard rows >= needed else {
      throw ABIError(usage: "\(call): the array holds \(rows) records, the song has \(needed)")
    }
    let byTime = flags & UInt32(MIDIROLL_NOTES_BY_TIME) != 0
    handle.writeNoteRecords(into: UnsafeMutableRawPointer(records), byTime: byTime)
  }
}

extension SongHandle {
  /// Every note as a `midiroll_note_record` (32 bytes), one after the other from `records`
  /// (any alignment), in track order, or in time order (``noteOrder()``) when `byTime`: on a
  /// little-endian machine four 8-byte stores a note, the record's last 7 bytes (`reserved`) 0.
  func writeNoteRecords(into records: UnsafeMutableRawPointer, byTime: Bool) {
    let size = MemoryLayout<midiroll_note_record>.size
    var first = 0
    let order = byTime ? noteOrder() : NoteOrder(indices: [], rows: [])
    for track in song.tracks {
      let programs = track.notePrograms()
      track.notes.withUnsafeBufferPointer { notes in
        programs.withUnsafeBufferPointer { programs in
          if byTime {
            for index in notes.indices {
              let row = order.rows[first &+ index]
              Self.storeRecord(of: notes[index], program: programs[index], at: records + row &* size)
            }
          } else {
            var record = records + first &* size
            for index in notes.indices {
              Self.storeRecord(of: notes[index], program: programs[index], at: record)
              record += size
            }
          }
        }
      }
      first += track.notes.count
    }
  }

  /// Writes one note's record at `record`.
  @inline(__always)
  private static func storeRecord(of note: Note, program: UInt8, at record: UnsafeMutableRawPointer) {
    record.storeBytes(of: Int64(note.tick), toByteOffset: 0, as: Int64.self)
    record.storeBytes(of: Int64(note.durationTicks), toByteOffset: 8, as: Int64.self)
    let track = UInt16(truncatingIfNeeded: note.track)
    let isDrum: UInt8 = note.channel == 9 ? 1 : 0
    #if _endian(little)
      // track, channel, pitch, velocity, off_velocity, end, program: bytes 16-23; is_drum and
      // the reserved bytes: 24-31.
      let small =
        UInt64(track) | UInt64(note.channel) << 16 | UInt64(note.pitch) << 24
        | UInt64(note.velocity) << 32 | UInt64(note.offVelocity) << 40 | UInt64(note.end.rawValue) << 48
        | UInt64(program) << 56
      record.storeBytes(of: small, toByteOffset: 16, as: UInt64.self)
      record.storeBytes(of: UInt64(isDrum), toByteOffset: 24, as: UInt64.self)
    #else
      record.storeBytes(of: track, toByteOffset: 16, as: UInt16.self)
      let bytes = [
        note.channel, note.pitch, note.velocity, note.offVelocity, note.end.rawValue, program, isDrum, 0, 0,
        0, 0,
        0, 0, 0,
      ]
      for (offset, byte) in bytes.enumerated() {
        record.storeBytes(of: byte, toByteOffset: 18 + offset, as: UInt8.self)
      }
    #endif
  }

  /// Writes every note's requested columns: the fields of the notes in one pass, the seconds
  /// and positions (which search the timeline) in a pass each, only when asked for.
  func writeNotes(into columns: midiroll_note_columns) {
    var row = 0
    let fields = [
      columns.track, columns.channel, columns.pitch, columns.velocity, columns.off_velocity, columns.tick,
      columns.duration, columns.end,
    ]
    let anyField = fields.contains(where: \.isRequested)
    let anyProgram = columns.program.isRequested
    let anySecond = columns.start_seconds.isRequested || columns.duration_seconds.isRequested
    let anyPosition = [columns.bar, columns.beat, columns.subbeat, columns.cent].contains(
      where: \.isRequested)
    for track in song.tracks {
      track.notes.withUnsafeBufferPointer { notes in
        if anyField { Self.writeFields(of: notes, from: row, into: columns) }
        columns.is_drum.fill(notes, from: row) { $0.channel == 9 ? UInt8(1) : 0 }
        if anySecond { writeSeconds(of: notes, from: row, into: columns) }
        if anyPosition { writePositions(of: notes, from: row, into: columns) }
      }
      if anyProgram {
        let programs = track.notePrograms()
        for (index, program) in programs.enumerated() { columns.program.store(program, at: row &+ index) }
      }
      row += track.notes.count
    }
  }

  /// The fields every note holds. Rows of records (all eight columns asked for, one stride:
  /// a NumPy structured array) are written note by note in one loop; other layouts a tight
  /// loop a column, over blocks of notes small enough to stay in the cache while each column is
  /// written (one pass over memory, not eight).
  static func writeFields(
    of notes: UnsafeBufferPointer<Note>, from first: Int, into columns: midiroll_note_columns
  ) {
    let fields = [
      columns.track, columns.channel, columns.pitch, columns.velocity, columns.off_velocity, columns.tick,
      columns.duration, columns.end,
    ]
    if let stride = fields.first?.stride, fields.allSatisfy({ $0.isRequested && $0.stride == stride }) {
      writeRecords(of: notes, from: first, stride: Int(stride), into: columns)
      return
    }
    let blockSize = 1024
    for start in Swift.stride(from: 0, to: notes.count, by: blockSize) {
      let block = UnsafeBufferPointer(rebasing: notes[start..<min(start + blockSize, notes.count)])
      let row = first &+ start
      columns.track.fill(block, from: row) { UInt16(truncatingIfNeeded: $0.track) }
      columns.channel.fill(block, from: row) { $0.channel }
      columns.pitch.fill(block, from: row) { $0.pitch }
      columns.velocity.fill(block, from: row) { $0.velocity }
      columns.off_velocity.fill(block, from: row) { $0.offVelocity }
      columns.tick.fill(block, from: row) { Int64($0.tick) }
      columns.duration.fill(block, from: row) { Int64($0.durationTicks) }
      columns.end.fill(block, from: row) { $0.end.rawValue }
    }
  }

  /// Every field of each note into rows of records `stride` bytes apart, each field at its
  /// column's place in the first row.
  static func writeRecords(
    of notes: UnsafeBufferPointer<Note>, from first: Int, stride: Int, into columns: midiroll_note_columns
  ) {
    let base = columns.track.data.unsafelyUnwrapped
    let offset = { (column: midiroll_column) in base.distance(to: column.data.unsafelyUnwrapped) }
    let (track, channel, pitch, velocity) = (
      0, offset(columns.channel), offset(columns.pitch), offset(columns.velocity)
    )
    let (offVelocity, tick, duration, end) = (
      offset(columns.off_velocity), offset(columns.tick), offset(columns.duration), offset(columns.end)
    )
    var row = base + first &* stride
    for note in notes {
      row.storeBytes(of: UInt16(truncatingIfNeeded: note.track), toByteOffset: track, as: UInt16.self)
      row.storeBytes(of: note.channel, toByteOffset: channel, as: UInt8.self)
      row.storeBytes(of: note.pitch, toByteOffset: pitch, as: UInt8.self)
      row.storeBytes(of: note.velocity, toByteOffset: velocity, as: UInt8.self)
      row.storeBytes(of: note.offVelocity, toByteOffset: offVelocity, as: UInt8.self)
      row.storeBytes(of: Int64(note.tick), toByteOffset: tick, as: Int64.self)
      row.storeBytes(of: Int64(note.durationTicks), toByteOffset: duration, as: Int64.self)
      row.storeBytes(of: note.end.rawValue, toByteOffset: end, as: UInt8.self)
      row += stride
    }
  }

  /// When each note starts and how long it lasts, in seconds.
  func writeSeconds(of notes: UnsafeBufferPointer<Note>, from first: Int, into columns: midiroll_note_columns)
  {
    let tempos = timeline.tempos
    columns.start_seconds.fill(notes, from: first) { tempos.seconds(atTick: $0.tick) }
    columns.duration_seconds.fill(notes, from: first) {
      tempos.seconds(fromTick: $0.tick, toTick: $0.endTick)
    }
  }

  /// Where each note starts in bars, beats, subbeats and cents.
  func writePositions(
    of notes: UnsafeBufferPointer<Note>, from first: Int, into columns: midiroll_note_columns
  ) {
    let (bar, beat, subbeat, cent) = (columns.bar, columns.beat, columns.subbeat, columns.cent)
    for (index, note) in notes.enumerated() {
      let position = note.position(in: timeline)
      let row = first &+ index
      if bar.isRequested { bar.store(Int32(clamping: position.bar), at: row) }
      if beat.isRequested { beat.store(Int32(clamping: position.beat), at: row) }
      if subbeat.isRequested { subbeat.store(Int32(clamping: position.subbeat), at: row) }
      if cent.isRequested { cent.store(Int32(clamping: position.cent), at: row) }
    }
  }
}
