import CMIDIRoll
import PianoRoll
import SMF

/// What a song holds: the sizes of everything the other calls write (see `include/midiroll.h`).
@_cdecl("midiroll_song_info_get")
public func midirollSongInfoGet(
  _ song: OpaquePointer?, _ info: UnsafeMutablePointer<midiroll_song_info>?,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let handle = try SongHandle.of(song, in: "midiroll_song_info_get")
    guard let info else { throw ABIError(usage: "midiroll_song_info_get: the info is NULL") }
    info.pointee = midiroll_song_info(handle)
  }
}

extension midiroll_song_info {
  /// The info of a song.
  init(_ handle: SongHandle) {
    let song = handle.song
    let timeline = handle.timeline
    var smpte = (framesPerSecond: 0, ticksPerFrame: 0)
    if case .smpte(let framesPerSecond, let ticksPerFrame) = song.division {
      smpte = (framesPerSecond, ticksPerFrame)
    }
    self.init(
      format: Int32(song.format.rawValue),
      ticks_per_quarter: Int32(song.division.ticksPerQuarterForPositions),
      smpte_frames_per_second: Int32(smpte.framesPerSecond),
      smpte_ticks_per_frame: Int32(smpte.ticksPerFrame),
      track_count: Int64(song.tracks.count), note_count: Int64(song.noteCount),
      tempo_count: Int64(timeline.tempos.changes.count),
      time_signature_count: Int64(timeline.timeSignatures.changes.count),
      key_signature_count: Int64(timeline.keySignatures.count),
      track_name_bytes: Int64(handle.trackNames.count),
      warning_count: Int64(handle.warnings.count),
      warning_bytes: Int64(handle.warnings.reduce(0) { $0 + $1.utf8.count + 1 }))
  }
}

/// How long a song is (see `include/midiroll.h`).
@_cdecl("midiroll_song_extent_get")
public func midirollSongExtentGet(
  _ song: OpaquePointer?, _ extent: UnsafeMutablePointer<midiroll_song_extent>?,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let handle = try SongHandle.of(song, in: "midiroll_song_extent_get")
    guard let extent else { throw ABIError(usage: "midiroll_song_extent_get: the extent is NULL") }
    let endTick = handle.song.endTick
    extent.pointee = midiroll_song_extent(
      end_tick: Int64(endTick), duration_seconds: handle.timeline.seconds(atTick: endTick),
      bar_count: Int64(handle.timeline.timeSignatures.barCount(endTick: endTick)))
  }
}
