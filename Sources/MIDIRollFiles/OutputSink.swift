#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes on their way to a file descriptor, through a bounded buffer, with the first failure
/// kept instead of a crash.
///
/// Writers (a JSON encoder, an SVG writer) hand it pieces of any size with ``write(_:)``,
/// which fits the `(UnsafeRawBufferPointer) -> Void` closure a streaming encoder takes
/// (`sink.write`). The buffer is flushed with `write(2)` whenever it fills, so memory stays
/// at ``capacity`` whatever the output's size. After a failure every later write is dropped
/// and ``finish()`` throws the one-line error naming the destination and the reason.
public final class OutputSink {
  /// The buffer's size: 64 KiB.
  public static let capacity = 64 << 10

  private let descriptor: Int32
  /// The bytes of a sink that collects them (``init(collecting:)``) instead of writing them.
  private var collected: [UInt8]?
  private var buffer: UnsafeMutableRawBufferPointer
  private var used = 0
  private var failure: Int32 = 0
  /// What the output is called in errors (`standard output`, a path).
  public let destination: String
  /// The bytes written so far (flushed or not).
  public private(set) var count = 0
  /// The bytes the descriptor has taken so far (what a reader may already have, even when a
  /// later step fails).
  public private(set) var delivered = 0

  /// A sink writing to `descriptor`, which it does not close.
  /// - Parameter destination: Names the output in errors.
  public init(descriptor: Int32, destination: String) {
    self.descriptor = descriptor
    self.destination = destination
    buffer = .allocate(byteCount: Self.capacity, alignment: 1)
  }

  /// A sink that keeps the bytes in memory (``takeBytes()``) instead of writing them: a song
  /// written for a caller in-process (the C ABI).
  /// - Parameter destination: Names the output in errors.
  public init(collecting destination: String) {
    descriptor = -1
    collected = []
    self.destination = destination
    buffer = .allocate(byteCount: Self.capacity, alignment: 1)
  }

  /// The bytes a collecting sink holds, after ``finish()`` (it is left empty).
  public func takeBytes() -> [UInt8] {
    defer { collected = collected.map { _ in [] } }
    return collected ?? []
  }

  /// A sink writing to standard output.
  public static func standardOutput() -> OutputSink {
    OutputSink(descriptor: 1, destination: "standard output")
  }

  deinit { buffer.deallocate() }

  /// Whether a write has failed (later writes are dropped).
  public var failed: Bool { failure != 0 }

  /// Adds bytes, flushing the buffer when it fills; large pieces go straight through.
  public func write(_ bytes: UnsafeRawBufferPointer) {
    guard failure == 0, !bytes.isEmpty else { return }
    count += bytes.count
    if used + bytes.count > buffer.count { flushBuffer() }
    if bytes.count >= buffer.count {
      if failure == 0 { deliver(bytes) }
      return
    }
    guard failure == 0 else { return }
    UnsafeMutableRawBufferPointer(rebasing: buffer[used..<(used + bytes.count)]).copyMemory(from: bytes)
    used += bytes.count
  }

  /// Adds bytes.
  public func write(_ bytes: [UInt8]) { bytes.withUnsafeBytes { write($0) } }

  /// Adds text as UTF-8.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Writes what is buffered.
  /// - Throws: ``KitError`` (cannot write) naming the destination and the reason, for this
  ///   or any earlier write that failed.
  public func finish() throws(KitError) {
    flushBuffer()
    guard failure == 0 else {
      throw KitError(.cannotWrite, file: destination, "cannot write: \(errnoText(failure))")
    }
  }

  /// The `errno` of the first failed write, or 0.
  var errorNumber: Int32 { failure }

  private func flushBuffer() {
    if failure == 0 && used > 0 { deliver(UnsafeRawBufferPointer(rebasing: buffer[0..<used])) }
    used = 0
  }

  /// Hands bytes to the descriptor, or keeps them.
  private func deliver(_ bytes: UnsafeRawBufferPointer) {
    if collected != nil {
      collected!.append(contentsOf: bytes)
      delivered += bytes.count
    } else {
      failure = writeAll(descriptor, bytes, written: &delivered)
    }
  }
}
