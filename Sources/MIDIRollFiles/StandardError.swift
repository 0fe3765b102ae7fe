/// Raw writes to standard error, for the few lines the batch engine writes from a worker or
/// a signal handler (where no progress object may be touched): one `write(2)` each, so a
/// short line is never interleaved with another thread's.
public enum StandardError {
  /// Writes `text` as it is; a standard error that cannot be written loses it.
  public static func write(_ text: String) {
    var text = text
    _ = text.withUTF8 { writeAll(2, UnsafeRawBufferPointer($0)) }
  }
}
