import CMIDIRoll
import PianoRoll

/// Writes the requested columns of every track and the tracks' names (see
/// `include/midiroll.h`).
@_cdecl("midiroll_song_tracks")
public func midirollSongTracks(
  _ song: OpaquePointer?, _ columns: UnsafePointer<midiroll_track_columns>?, _ rows: Int64,
  _ names: UnsafeMutablePointer<CChar>?, _ nameCapacity: Int64, _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  let call = "midiroll_song_tracks"
  return writingRows(
    of: song, into: columns, rows: rows, error: error, call: call, rowCount: { $0.song.tracks.count }
  ) { handle, columns throws(ABIError) in
    if let names {
      guard nameCapacity >= handle.trackNames.count else {
        throw ABIError(
          usage:
            "\(call): the names' buffer holds \(nameCapacity) bytes, the names take \(handle.trackNames.count)"
        )
      }
      copyBytes(handle.trackNames, to: names)
    }
    let tracks = handle.song.tracks
    columns.note_count.fill(tracks.count) { Int64(tracks[$0].notes.count) }
    columns.channel.fill(tracks.count) { Int32(tracks[$0].notes.first.map { Int($0.channel) } ?? -1) }
    columns.program.fill(tracks.count) { index in
      guard let first = tracks[index].notes.first else { return Int32(-1) }
      return Int32(tracks[index].program(onChannel: first.channel, atOrBefore: first.tick))
    }
    columns.name_end.fill(tracks.count) { Int64(handle.trackNameEnds[$0]) }
  }
}
