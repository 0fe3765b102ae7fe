import CMIDIRoll
import SMF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure of a call, before it is written into the caller's `midiroll_error`.
struct ABIError: Error {
  /// `MIDIROLL_BAD_INPUT` or `MIDIROLL_USAGE`.
  var code: Int32
  /// The one-line message.
  var message: String
  /// The byte offset in the input, or -1.
  var offset: Int = -1
  /// The track chunk, or -1.
  var track: Int = -1
  /// The errno of a failed read (`MIDIROLL_IO`), or 0.
  var systemError: Int32 = 0

  /// The command line's error for an input that does not read: `name: byte N, track T: …`, or
  /// the problem alone for an input without a name.
  init(reading problem: SMFError, name: String?) {
    code = Int32(MIDIROLL_BAD_INPUT)
    let text = name.map { "\($0): \(problem.description)" } ?? problem.description
    message = OneLine.escaping(text)
    offset = problem.offset
    track = problem.track ?? -1
  }

  /// An input refused for what it holds, with a message already worded.
  init(badInput message: String) {
    code = Int32(MIDIROLL_BAD_INPUT)
    self.message = OneLine.escaping(message)
  }

  /// A read that failed (`MIDIROLL_IO`), worded as the command line words it.
  init(reading name: String?, systemError: Int32) {
    code = Int32(MIDIROLL_IO)
    let text = "cannot be read: " + String(cString: strerror(systemError))
    message = OneLine.escaping(name.map { "\($0): \(text)" } ?? text)
    self.systemError = systemError
  }

  /// A call that is wrong in itself (`MIDIROLL_USAGE`), named in the message.
  init(usage message: String) {
    code = Int32(MIDIROLL_USAGE)
    self.message = message
  }
}

extension midiroll_error {
  /// Writes a result into the caller's error, when there is one.
  /// - Returns: The code.
  static func report(_ failure: ABIError?, to error: UnsafeMutablePointer<midiroll_error>?) -> Int32 {
    let code = failure?.code ?? Int32(MIDIROLL_OK)
    guard let error else { return code }
    error.pointee.code = code
    error.pointee.offset = Int64(failure?.offset ?? -1)
    error.pointee.track = Int32(clamping: failure?.track ?? -1)
    error.pointee.system_error = failure?.systemError ?? 0
    let capacity = Int(MIDIROLL_MESSAGE_CAPACITY)
    withUnsafeMutableBytes(of: &error.pointee.message) { buffer in
      let line = Self.cut(Array((failure?.message ?? "").utf8), toFit: capacity - 1)
      buffer.copyBytes(from: line)
      buffer[line.count] = 0
    }
    return code
  }

  /// UTF-8 bytes that fit `limit`: whole, or cut at a character boundary and ended by `...`.
  static func cut(_ bytes: [UInt8], toFit limit: Int) -> [UInt8] {
    guard bytes.count > limit else { return bytes }
    var end = limit - 3
    while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
    return Array(bytes[..<end]) + Array("...".utf8)
  }
}

/// Runs one call's body and reports its outcome in the caller's error.
/// - Returns: `MIDIROLL_OK` or the failure's code.
func reportingErrors(
  _ error: UnsafeMutablePointer<midiroll_error>?, _ body: () throws(ABIError) -> Void
) -> Int32 {
  do throws(ABIError) {
    try body()
    return midiroll_error.report(nil, to: error)
  } catch let failure {
    return midiroll_error.report(failure, to: error)
  }
}
