#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a ``JSONReader`` gets its bytes: a function that fills a buffer and returns how many
/// bytes it wrote, 0 at the end of the input.
public struct JSONByteSource {
  /// Fills the buffer from the start; returns the number of bytes written, 0 at the end.
  public let read: (UnsafeMutableRawBufferPointer) throws(JSONError) -> Int

  /// A source that calls `read` for more bytes.
  public init(_ read: @escaping (UnsafeMutableRawBufferPointer) throws(JSONError) -> Int) {
    self.read = read
  }

  /// Bytes already in memory, handed over at most `pieceSize` at a time (a stream that
  /// gives a few bytes at a time, in tests).
  public static func bytes(_ bytes: [UInt8], pieceSize: Int = .max) -> JSONByteSource {
    var offset = 0
    return JSONByteSource { (buffer: UnsafeMutableRawBufferPointer) throws(JSONError) -> Int in
      let count = min(pieceSize, buffer.count, bytes.count - offset)
      buffer.copyBytes(from: bytes[offset..<(offset + count)])
      offset += count
      return count
    }
  }

  /// The bytes of an open file descriptor (a file, a pipe, standard input), read in chunks as
  /// the reader needs them. Interrupted reads are retried; a failed read is
  /// ``JSONError/Kind/readFailed(_:)``. The descriptor stays open.
  public static func fileDescriptor(_ descriptor: Int32) -> JSONByteSource {
    JSONByteSource { (buffer: UnsafeMutableRawBufferPointer) throws(JSONError) -> Int in
      while true {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
          let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
          if count >= 0 { return count }
          let code = errno
          if code == EINTR { continue }
          throw JSONError(.readFailed(String(cString: strerror(code))), path: JSONPath())
        #else
          throw JSONError(.readFailed("no read(2) on this platform"), path: JSONPath())
        #endif
      }
    }
  }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
  /// `read(2)`, under a name that does not clash with ``JSONByteSource/read``.
  @inline(__always)
  private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
  }
#endif
