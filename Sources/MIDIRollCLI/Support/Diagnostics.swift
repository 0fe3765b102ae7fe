import MIDIRollFiles
import SMF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Messages for people on standard error (never mixed into an output on standard output).
enum Diagnostics {
  /// Writes one line to standard error, control characters escaped. A standard error that
  /// cannot be written (closed, full) loses the line; it never stops the command.
  static func printError(_ line: String) {
    let sink = OutputSink(descriptor: 2, destination: "standard error")
    sink.write(OneLine.escaping(line) + "\n")
    try? sink.finish()
  }
}
