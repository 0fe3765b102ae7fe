import Foundation

/// A reader of a FIFO that is ready before any writer comes, and collects everything written
/// into it on a thread of its own: a test makes it, runs the writer, then calls ``finish()``.
///
/// No timing is involved: the FIFO is open for reading when the initializer returns (so a
/// writer that refuses to wait for a reader finds one), the thread waits with `poll` for the
/// first bytes or for a writer that came and went (a plain read would see the end of the file
/// at once while no writer has the FIFO open), and ``finish()`` wakes it if no writer ever came.
public final class FIFOReader: @unchecked Sendable {
  private let path: String
  private let descriptor: Int32
  private let done = DispatchSemaphore(value: 0)
  private var bytes: [UInt8] = []

  /// Opens the FIFO at `path` for reading and starts reading it.
  /// - Throws: `POSIXError` when it cannot be opened.
  public init(path: String) throws {
    self.path = path
    descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)  // a FIFO opens at once this way
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    let thread = Thread { [self] in
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      while poll(&request, 1, -1) < 0 && errno == EINTR {}
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes += buffer[..<count]
      }
      done.signal()
    }
    thread.start()
  }

  /// Waits until the writers are done (call it once the writer has exited) and returns what
  /// was read; the FIFO is closed.
  public func finish() -> [UInt8] {
    // A writer that opens and closes the FIFO ends the wait of a reader no writer ever came to.
    let writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    if writer >= 0 { close(writer) }
    done.wait()
    close(descriptor)
    return bytes
  }
}
