import CMIDIRoll
import PianoRoll
import SMF
import SongStatistics

/// Measures a Standard MIDI File as `midiroll stats --json` does and writes that JSON object
/// into the caller's buffer when it fits (see `include/midiroll.h`): ``SongStats``, the one
/// statistics function and serializer the command line uses.
@_cdecl("midiroll_stats")
public func midirollStats(
  _ bytes: UnsafePointer<UInt8>?, _ count: Int, _ name: UnsafePointer<CChar>?, _ flags: UInt32,
  _ json: UnsafeMutablePointer<CChar>?, _ capacity: Int64, _ length: UnsafeMutablePointer<Int64>?,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_stats"
    guard let length else { throw ABIError(usage: "\(call): the length's pointer is NULL") }
    length.pointee = 0
    let input = try callerBytes(bytes, count: count, in: call)
    let options = try ReadOptions(flags: flags, in: call)
    let path = name.map { String(cString: $0) }
    let song: Song
    do throws(SMFError) {
      song = try Song(bytes: input, options: options)
    } catch {
      throw ABIError(reading: error, name: path)
    }
    let object = SongStats(midiBytes: input, song: song, path: path).jsonBytes
    length.pointee = Int64(object.count)
    guard let json, capacity >= object.count else {
      let buffer = json == nil ? "the buffer is NULL" : "the buffer holds \(capacity) bytes"
      throw ABIError(usage: "\(call): \(buffer), the statistics take \(object.count)")
    }
    copyBytes(object, to: json)
  }
}
