import CMIDIRoll
import PianoRoll

/// Writes the requested columns of every note, in track order (see `include/midiroll.h`).
@_cdecl("midiroll_song_notes")
public func midirollSongNotes(
  _ song: OpaquePointer?, _ columns: UnsafePointer<midiroll_note_columns>?, _ rows: Int64,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_song_notes"
    let handle = try SongHandle.of(song, in: call)
    try checkRows(rows, needed: handle.song.noteCount, columns: columns, in: call)
    handle.writeNotes(into: columns.unsafelyUnwrapped.pointee)
  }
}

extension SongHandle {
  /// Writes every note's requested columns: the fields of the notes in one pass, the seconds
  /// and positions (which search the timeline) in a pass each, only when asked for.
  func writeNotes(into columns: midiroll_note_columns) {
    var row = 0
    let fields = [
      columns.track, columns.channel, columns.pitch, columns.velocity, columns.off_velocity, columns.tick,
      columns.duration, columns.end,
    ]
    let anyField = fields.contains(where: \.isRequested)
    let anySecond = columns.start_seconds.isRequested || columns.duration_seconds.isRequested
    let anyPosition = [columns.bar, columns.beat, columns.subbeat, columns.cent].contains(
      where: \.isRequested)
    for track in song.tracks {
      track.notes.withUnsafeBufferPointer { notes in
        if anyField { Self.writeFields(of: notes, from: row, into: columns) }
        if anySecond { writeSeconds(of: notes, from: row, into: columns) }
        if anyPosition { writePositions(of: notes, from: row, into: columns) }
      }
      row += track.notes.count
    }
  }

  /// The fields every note holds.
  static func writeFields(
    of notes: UnsafeBufferPointer<Note>, from first: Int, into columns: midiroll_note_columns
  ) {
    let (track, channel, pitch, velocity) = (columns.track, columns.channel, columns.pitch, columns.velocity)
    let (offVelocity, tick, duration, end) = (
      columns.off_velocity, columns.tick, columns.duration, columns.end
    )
    for (index, note) in notes.enumerated() {
      let row = first &+ index
      if track.isRequested { track.store(Int32(truncatingIfNeeded: note.track), at: row) }
      if channel.isRequested { channel.store(note.channel, at: row) }
      if pitch.isRequested { pitch.store(note.pitch, at: row) }
      if velocity.isRequested { velocity.store(note.velocity, at: row) }
      if offVelocity.isRequested { offVelocity.store(note.offVelocity, at: row) }
      if tick.isRequested { tick.store(Int64(note.tick), at: row) }
      if duration.isRequested { duration.store(Int64(note.durationTicks), at: row) }
      if end.isRequested { end.store(note.end.rawValue, at: row) }
    }
  }

  /// When each note starts and how long it lasts, in seconds.
  func writeSeconds(of notes: UnsafeBufferPointer<Note>, from first: Int, into columns: midiroll_note_columns)
  {
    let (start, length) = (columns.start_seconds, columns.duration_seconds)
    for (index, note) in notes.enumerated() {
      if start.isRequested { start.store(note.seconds(in: timeline), at: first &+ index) }
      if length.isRequested { length.store(note.durationSeconds(in: timeline), at: first &+ index) }
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
