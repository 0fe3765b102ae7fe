import Foundation

/// Messages for people on standard error (never mixed into an output on standard output).
public enum Diagnostics {
  /// Writes one line to standard error.
  public static func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
