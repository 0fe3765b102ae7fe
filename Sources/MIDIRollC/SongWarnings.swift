import CMIDIRoll

/// Writes the reader's warnings, one line each ended by a newline (see `include/midiroll.h`).
@_cdecl("midiroll_song_warnings")
public func midirollSongWarnings(
  _ song: OpaquePointer?, _ text: UnsafeMutablePointer<CChar>?, _ capacity: Int64,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_song_warnings"
    let handle = try SongHandle.of(song, in: call)
    let bytes = handle.warnings.flatMap { Array($0.utf8) + [UInt8(ascii: "\n")] }
    guard let text else { throw ABIError(usage: "\(call): the text is NULL") }
    guard capacity >= bytes.count else {
      throw ABIError(usage: "\(call): the text holds \(capacity) bytes, the warnings take \(bytes.count)")
    }
    copyBytes(bytes, to: text)
  }
}
