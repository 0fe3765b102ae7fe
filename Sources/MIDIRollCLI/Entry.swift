import ArgumentParser
import Foundation

/// Runs `midiroll` with the process's arguments and exits with its code.
///
/// Exit codes: 0 success, 1 bad input (or problems found by `check`/`batch`), 2 bad usage,
/// 3 an output could not be written. Every failure is one line on standard error.
public enum MIDIRollMain {
  /// Parses the arguments, runs the command, prints any failure as one line, and exits.
  public static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
    do {
      try SubcommandSuggestion.check(arguments)  // edits: unknown subcommand, nearest named
      var command = try MIDIRollCommand.parseAsRoot(arguments)
      try command.run()
      exit(0)
    } catch let error as CLIError {
      fail("midiroll: \(error)", code: error.exitCode)
    } catch {
      let code = MIDIRollCommand.exitCode(for: error)
      if code == .success {  // --help, --version
        print(MIDIRollCommand.fullMessage(for: error))
        exit(0)
      }
      if let exitCode = error as? ExitCode { exit(exitCode.rawValue) }
      // Everything else the parser throws is bad usage: print its message (with usage).
      fail(MIDIRollCommand.fullMessage(for: error), code: 2)
    }
  }

  private static func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
  }
}
