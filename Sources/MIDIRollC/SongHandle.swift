import CMIDIRoll
import MIDIRollFiles
import MIDIRollKit
import PianoRoll
import SMF

/// What a `midiroll_song *` points to: a song read from a file, its timeline and everything
/// `midiroll_song_info_get` reports, made once when it is read and never changed, so any
/// number of threads may use it at once.
final class SongHandle: Sendable {
  /// The song.
  let song: Song
  /// Its meters, tempos and keys.
  let timeline: Timeline
  /// The reader's warnings, one line each.
  let warnings: [String]
  /// Every track's name, UTF-8, one after the other.
  let trackNames: [UInt8]
  /// Where each track's name ends in ``trackNames``.
  let trackNameEnds: [Int]

  /// The most tracks a song read through the ABI may have: what a header counts (the notes'
  /// `track` column is 16 bits; the writer and piano-roll JSON stop there too).
  static let maximumTracks = Int(UInt16.max)

  /// Reads a Standard MIDI File.
  /// - Parameter name: Names the input in the error's message.
  /// - Throws: ``ABIError`` (`MIDIROLL_BAD_INPUT`) with the command line's one-line message.
  convenience init(reading bytes: [UInt8], name: String?, options: ReadOptions) throws(ABIError) {
    let read: (song: Song, warnings: [SMFWarning])
    do {
      read = try Song.read(bytes, options: options)
    } catch {
      throw ABIError(reading: error, name: name)
    }
    try self.init(song: read.song, warnings: read.warnings.map(\.description), name: name)
  }

  /// A song made otherwise (edited): its timeline and track names made now.
  /// - Throws: ``ABIError`` (`MIDIROLL_BAD_INPUT`) for more tracks than a header can count.
  init(song: Song, warnings: [String], name: String?) throws(ABIError) {
    guard song.tracks.count <= SongHandle.maximumTracks else {
      let text =
        "\(song.tracks.count) track chunks, more than the \(SongHandle.maximumTracks) a MIDI file's header can count"
      throw ABIError(badInput: name.map { "\($0): \(text)" } ?? text)
    }
    self.song = song
    self.warnings = warnings
    timeline = song.makeTimeline()
    var names: [UInt8] = []
    var ends: [Int] = []
    ends.reserveCapacity(song.tracks.count)
    for track in song.tracks {
      names += (track.name ?? "").utf8
      ends.append(names.count)
    }
    trackNames = names
    trackNameEnds = ends
  }

  /// A new reference to `handle` for the caller (`midiroll_song_free` releases it).
  static func retained(_ handle: SongHandle) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
  }

  /// Reads `bytes` into a new handle, retained for the caller (`midiroll_song_free` releases it).
  /// - Parameters:
  ///   - name: Names the input in the error's message, invalid UTF-8 repaired.
  ///   - flags: `MIDIROLL_READ_STRICT` or 0.
  /// - Throws: ``ABIError``: `MIDIROLL_USAGE` for unknown flags, `MIDIROLL_BAD_INPUT`.
  ///
  /// Piano-roll JSON is read too, as every command reads it: when the name's extension says
  /// `.json`, or, for a name without a song's extension (or none), when the bytes begin with `{`.
  static func read(_ bytes: [UInt8], name: String?, flags: UInt32, in call: String) throws(ABIError)
    -> OpaquePointer
  {
    let options = try ReadOptions(flags: flags, in: call)
    let kind = name.flatMap(SongFileKind.init(readablePath:)) ?? SongFileKind(sniffing: bytes)
    guard kind == .json else { return retained(try SongHandle(reading: bytes, name: name, options: options)) }
    let input = try ABIError.translating { () throws(KitError) in
      try SongInput(
        bytes: bytes, kind: .json, path: name ?? "",
        options: DecodingOptions(midi: options, maximumSize: Int.max))
    }
    let song = try ABIError.translating { () throws(KitError) in try input.song() }
    return retained(try SongHandle(song: song, warnings: input.warnings, name: name))
  }

  /// The handle behind a caller's pointer.
  /// - Throws: ``ABIError`` (`MIDIROLL_USAGE`) for a NULL song.
  static func of(_ pointer: OpaquePointer?, in call: String) throws(ABIError) -> SongHandle {
    guard let pointer else { throw ABIError(usage: "\(call): the song is NULL") }
    return Unmanaged<SongHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
  }
}

extension ReadOptions {
  /// The reading the flags of a read call ask for.
  /// - Parameter flags: `MIDIROLL_READ_STRICT` or 0.
  /// - Throws: ``ABIError`` (`MIDIROLL_USAGE`) for unknown flags.
  init(flags: UInt32, in call: String) throws(ABIError) {
    guard flags & ~UInt32(MIDIROLL_READ_STRICT) == 0 else {
      throw ABIError(usage: "\(call): unknown flags \(flags)")
    }
    self.init(strict: flags & UInt32(MIDIROLL_READ_STRICT) != 0)
  }
}

/// Reads a Standard MIDI File into a new song (see `include/midiroll.h`).
@_cdecl("midiroll_song_read")
public func midirollSongRead(
  _ bytes: UnsafePointer<UInt8>?, _ count: Int, _ name: UnsafePointer<CChar>?, _ flags: UInt32,
  _ song: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_song_read"
    guard let song else { throw ABIError(usage: "\(call): the song's pointer is NULL") }
    song.pointee = nil
    let input = try callerBytes(bytes, count: count, in: call)
    song.pointee = try SongHandle.read(input, name: name.map { String(cString: $0) }, flags: flags, in: call)
  }
}

/// A copy of the caller's `count` bytes (none when `count` is 0, whatever the pointer).
/// - Throws: ``ABIError`` (`MIDIROLL_USAGE`) for NULL bytes of a count above 0.
func callerBytes(_ bytes: UnsafePointer<UInt8>?, count: Int, in call: String) throws(ABIError) -> [UInt8] {
  guard bytes != nil || count == 0 else { throw ABIError(usage: "\(call): the bytes are NULL") }
  return bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
}

/// Frees a song made by `midiroll_song_read` (NULL is allowed).
@_cdecl("midiroll_song_free")
public func midirollSongFree(_ song: OpaquePointer?) {
  guard let song else { return }
  Unmanaged<SongHandle>.fromOpaque(UnsafeRawPointer(song)).release()
}
