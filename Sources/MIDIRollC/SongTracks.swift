import CMIDIRoll
import PianoRoll

/// Writes the requested columns of every track and the tracks' names (see
/// `include/midiroll.h`).
@_cdecl("midiroll_song_tracks")
public func midirollSongTracks(
  _ song: OpaquePointer?, _ columns: UnsafePointer<midiroll_track_columns>?, _ rows: Int64,
  _ names: UnsafeMutablePointer<CChar>?, _ nameCapacity: Int64, _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_song_tracks"
    let handle = try SongHandle.of(song, in: call)
    let tracks = handle.song.tracks
    try checkRows(rows, needed: tracks.count, columns: columns, in: call)
    if let names {
      guard nameCapacity >= handle.trackNames.count else {
        throw ABIError(
          usage:
            "\(call): the names' buffer holds \(nameCapacity) bytes, the names take \(handle.trackNames.count)"
        )
      }
      copyBytes(handle.trackNames, to: names)
    }
    let columns = columns.unsafelyUnwrapped.pointee
    columns.note_count.fill(tracks.count) { Int64(tracks[$0].notes.count) }
    columns.channel.fill(tracks.count) { Int32(tracks[$0].notes.first.map { Int($0.channel) } ?? -1) }
    columns.program.fill(tracks.count) { index in
      guard let first = tracks[index].notes.first else { return Int32(-1) }
      return Int32(tracks[index].program(onChannel: first.channel, atOrBefore: first.tick))
    }
    columns.name_end.fill(tracks.count) { Int64(handle.trackNameEnds[$0]) }
  }
}
