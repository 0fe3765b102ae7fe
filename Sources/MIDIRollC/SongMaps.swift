import CMIDIRoll
import PianoRoll

/// Writes the tempo map: every tempo in force, the first at tick 0 (see `include/midiroll.h`).
@_cdecl("midiroll_song_tempos")
public func midirollSongTempos(
  _ song: OpaquePointer?, _ columns: UnsafePointer<midiroll_tempo_columns>?, _ rows: Int64,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  writingRows(
    of: song, into: columns, rows: rows, error: error, call: "midiroll_song_tempos",
    rowCount: { $0.timeline.tempos.changes.count }
  ) { handle, columns in
    let changes = handle.timeline.tempos.changes
    columns.tick.fill(changes.count) { Int64(changes[$0].tick) }
    columns.microseconds_per_quarter.fill(changes.count) { Int64(changes[$0].microsecondsPerQuarter) }
    columns.quarters_per_minute.fill(changes.count) { changes[$0].beatsPerMinute }
    columns.seconds.fill(changes.count) { handle.timeline.seconds(atTick: changes[$0].tick) }
  }
}

/// Writes the meter map: every time signature in force, the first at tick 0 (see
/// `include/midiroll.h`).
@_cdecl("midiroll_song_time_signatures")
public func midirollSongTimeSignatures(
  _ song: OpaquePointer?, _ columns: UnsafePointer<midiroll_time_signature_columns>?, _ rows: Int64,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  writingRows(
    of: song, into: columns, rows: rows, error: error, call: "midiroll_song_time_signatures",
    rowCount: { $0.timeline.timeSignatures.changes.count }
  ) { handle, columns in
    let changes = handle.timeline.timeSignatures.changes
    columns.tick.fill(changes.count) { Int64(changes[$0].tick) }
    columns.bar.fill(changes.count) { Int64(changes[$0].bar) }
    columns.numerator.fill(changes.count) { Int32(clamping: changes[$0].numerator) }
    columns.denominator.fill(changes.count) { Int32(clamping: changes[$0].denominator) }
  }
}

/// Writes the key signatures in tick order (see `include/midiroll.h`).
@_cdecl("midiroll_song_key_signatures")
public func midirollSongKeySignatures(
  _ song: OpaquePointer?, _ columns: UnsafePointer<midiroll_key_signature_columns>?, _ rows: Int64,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  writingRows(
    of: song, into: columns, rows: rows, error: error, call: "midiroll_song_key_signatures",
    rowCount: { $0.timeline.keySignatures.count }
  ) { handle, columns in
    let keys = handle.timeline.keySignatures
    columns.tick.fill(keys.count) { Int64(keys[$0].tick) }
    columns.sharps.fill(keys.count) { Int32(clamping: keys[$0].sharps) }
    columns.minor.fill(keys.count) { UInt8(keys[$0].isMinor ? 1 : 0) }
  }
}
