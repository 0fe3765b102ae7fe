import Foundation

/// Runs a program and collects its output, for tests that compare with outside tools.
public enum Subprocess {
  /// What a finished program left.
  public struct Result {
    /// The exit status.
    public var status: Int32
    /// Standard output (with standard error when merged).
    public var standardOutput: Data
    /// ``standardOutput`` as text.
    public var output: String { String(decoding: standardOutput, as: UTF8.self) }
  }

  /// Runs `executable` (a path, or a name searched in `PATH` through `/usr/bin/env`).
  /// - Parameter mergingStandardError: Collect standard error with standard output (otherwise
  ///   it is discarded).
  public static func run(_ executable: String, _ arguments: [String], mergingStandardError: Bool = true)
    throws -> Result
  {
    let process = Process()
    if executable.hasPrefix("/") {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [executable] + arguments
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = mergingStandardError ? output : FileHandle.nullDevice
    try process.run()
    // Read to the end before waiting, so a full pipe cannot block the child.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, standardOutput: data)
  }

  /// Whether a program can be found in `PATH`.
  public static func exists(_ executable: String) -> Bool {
    (try? run("which", [executable]).status) == 0
  }
}
