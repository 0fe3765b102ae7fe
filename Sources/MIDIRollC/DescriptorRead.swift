import CMIDIRoll
import SMF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a Standard MIDI File from an open descriptor into a new song (see
/// `include/midiroll.h`).
@_cdecl("midiroll_song_read_descriptor")
public func midirollSongReadDescriptor(
  _ descriptor: Int32, _ sizeHint: Int64, _ maxSize: Int64, _ name: UnsafePointer<CChar>?, _ flags: UInt32,
  _ song: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_song_read_descriptor"
    guard let song else { throw ABIError(usage: "\(call): the song's pointer is NULL") }
    song.pointee = nil
    guard maxSize >= 0, sizeHint >= 0 else { throw ABIError(usage: "\(call): a negative size") }
    let text = name.map { String(cString: $0) }
    let bytes = try DescriptorReader.readToEnd(
      descriptor, sizeHint: Int(sizeHint), limit: Int(maxSize), name: text)
    song.pointee = try SongHandle.read(bytes, name: text, flags: flags, in: call)
  }
}

/// A descriptor read to its end into one array: the size the caller expects read straight into
/// it, anything after it (a file that grew) in pieces joined once.
enum DescriptorReader {
  /// The largest piece read at once past the expected size.
  static let pieceSize = 1 << 20

  /// The bytes of the regular file at `path`, opened without blocking (a FIFO is refused at
  /// once, as `midiroll.read` refuses it).
  /// - Throws: ``ABIError``: `MIDIROLL_IO` with the errno of a failed open or read, `EISDIR`
  ///   for a folder, `EINVAL` for anything else that is not a regular file.
  static func readRegularFile(_ path: String) throws(ABIError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    if descriptor < 0 { throw ABIError(reading: path, systemError: errno) }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) != 0 { throw ABIError(reading: path, systemError: errno) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw ABIError(reading: path, systemError: EISDIR)
    default: throw ABIError(reading: path, systemError: EINVAL)
    }
    return try readToEnd(descriptor, sizeHint: Int(info.st_size), limit: Int.max - 1, name: path)
  }

  /// The bytes up to the end.
  /// - Throws: ``ABIError``: `MIDIROLL_IO` for a failed read, `MIDIROLL_BAD_INPUT` past `limit`.
  static func readToEnd(_ descriptor: Int32, sizeHint: Int, limit: Int, name: String?) throws(ABIError)
    -> [UInt8]
  {
    var failure: Int32 = 0
    var atEnd = false
    let first = [UInt8](unsafeUninitializedCapacity: min(sizeHint, limit) + 1) { buffer, count in
      (count, failure, atEnd) = fill(buffer, from: descriptor)
    }
    if failure != 0 { throw ABIError(reading: name, systemError: failure) }
    var pieces = [first]
    var total = first.count
    while !atEnd && total <= limit {
      let piece = [UInt8](unsafeUninitializedCapacity: min(pieceSize, limit + 1 - total)) { buffer, count in
        (count, failure, atEnd) = fill(buffer, from: descriptor)
      }
      if failure != 0 { throw ABIError(reading: name, systemError: failure) }
      pieces.append(piece)
      total += piece.count
    }
    guard total <= limit else {
      let text = "input is more than the limit of \(limit) bytes"
      throw ABIError(badInput: name.map { "\($0): \(text)" } ?? text)
    }
    return pieces.count == 1 ? first : pieces.flatMap { $0 }
  }

  /// Reads until `buffer` is full or the end; a non-blocking descriptor with nothing to read
  /// yet is waited on, as a blocking read would be.
  /// - Returns: The bytes read, the errno of a failure (or 0), and whether the end was reached.
  static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from descriptor: Int32) -> (Int, Int32, Bool)
  {
    var count = 0
    while count < buffer.count {
      let got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      if got > 0 {
        count += got
      } else if got == 0 {
        return (count, 0, true)
      } else if errno == EAGAIN {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&request, 1, -1)
      } else if errno != EINTR {
        return (count, errno, false)
      }
    }
    return (count, 0, false)
  }
}
