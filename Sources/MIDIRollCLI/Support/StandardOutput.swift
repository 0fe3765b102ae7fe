import MIDIRollFiles

/// Text for standard output, every write checked: a full or closed standard output is a
/// one-line error (exit 3), never a crash and never silently lost.
enum StandardOutput {
  /// Writes `text` as it is.
  /// - Throws: ``KitError`` (cannot write) naming standard output and the reason.
  static func write(_ text: String) throws(KitError) {
    let sink = OutputSink.standardOutput()
    sink.write(text)
    try sink.finish()
  }

  /// Writes `text` and a newline.
  /// - Throws: ``KitError`` (cannot write) naming standard output and the reason.
  static func printLine(_ text: String) throws(KitError) { try write(text + "\n") }
}
