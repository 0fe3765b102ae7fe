#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `read(2)`, retried on `EINTR`, under a name no type's own `read` hides.
/// - Returns: The bytes read (0 at the end of the file), or -1 with `errno` set.
func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  while true {
    let result = read(descriptor, buffer, count)
    if result >= 0 || errno != EINTR { return result }
  }
}

/// Writes a whole buffer with `write(2)`, retried on `EINTR`, `EAGAIN` and short writes.
/// - Returns: 0, or the `errno` of the failure.
package func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
  var written = 0
  return writeAll(descriptor, buffer, written: &written)
}

/// Writes a whole buffer with `write(2)`, retried on `EINTR`, `EAGAIN` and short writes, adding
/// to `written` the bytes the descriptor took (all of them, or those before a failure).
/// - Returns: 0, or the `errno` of the failure.
package func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, written total: inout Int)
  -> Int32
{
  var written = 0
  defer { total += written }
  while written < buffer.count {
    let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
    if result >= 0 {
      written += result
    } else if errno == EAGAIN {
      // A descriptor left in non-blocking mode by whoever opened it (a pipe shared with a
      // parent): wait until it takes more, as a blocking write would.
      var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      _ = poll(&request, 1, -1)
    } else if errno != EINTR {
      return errno
    }
  }
  return 0
}

/// What an `errno` value means, as `strerror` says it (`No space left on device`).
package func errnoText(_ code: Int32) -> String { String(cString: strerror(code)) }
