import CMIDIRoll
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import PianoRoll
import SMF

/// Edits a song as `midiroll convert` does with the same option words (see `include/midiroll.h`).
@_cdecl("midiroll_song_transform")
public func midirollSongTransform(
  _ song: OpaquePointer?, _ arguments: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int32,
  _ name: UnsafePointer<CChar>?, _ edited: UnsafeMutablePointer<OpaquePointer?>?,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_song_transform"
    guard let edited else { throw ABIError(usage: "\(call): the edited song's pointer is NULL") }
    edited.pointee = nil
    let handle = try SongHandle.of(song, in: call)
    let words = try callerWords(arguments, count: count, in: call)
    let name = name.map { String(cString: $0) }
    let result = try ABIError.translating { () throws(KitError) in
      let plan = try transformPlans.value(for: words) { () throws(KitError) in
        try ConvertWords(parsing: words).plan()
      }
      var input = SongInput(song: handle.song, path: name ?? "")
      try plan.apply(to: &input)
      return try input.song()
    }
    edited.pointee = SongHandle.retained(try SongHandle(song: result, warnings: [], name: name))
  }
}

/// The plans callers' words were read into.
private let transformPlans = WordsMemo<TransformPlan>()

/// The caller's `count` words (UTF-8, invalid bytes repaired).
/// - Throws: ``ABIError`` (`MIDIROLL_USAGE`) for NULL words or a negative count.
func callerWords(_ words: UnsafePointer<UnsafePointer<CChar>?>?, count: Int32, in call: String)
  throws(ABIError)
  -> [String]
{
  guard count >= 0 else { throw ABIError(usage: "\(call): \(count) words") }
  guard count == 0 || words != nil else { throw ABIError(usage: "\(call): the words are NULL") }
  var result: [String] = []
  for index in 0..<Int(count) {
    guard let word = words![index] else { throw ABIError(usage: "\(call): word \(index) is NULL") }
    result.append(String(cString: word))
  }
  return result
}

extension ABIError {
  /// The kit's error as the ABI reports it: the command line's one line, `MIDIROLL_USAGE` for
  /// bad usage, `MIDIROLL_BAD_INPUT` for what the song does not allow (an output that cannot be
  /// written is bad input too: nothing is written to a file).
  init(_ error: KitError) {
    let line = error.file?.isEmpty == true ? error.message : error.description
    if error.kind == .usage {
      self.init(usage: OneLine.escaping(line))
    } else {
      self.init(badInput: line)
      offset = error.offset ?? -1
    }
  }

  /// Runs `body`, its ``KitError`` translated.
  static func translating<T>(_ body: () throws(KitError) -> T) throws(ABIError) -> T {
    do throws(KitError) {
      return try body()
    } catch {
      throw ABIError(error)
    }
  }
}
