import ArgumentParser
import Foundation
import MIDIRollFiles
import SMF

/// Runs `midiroll` with the process's arguments and exits with its code.
///
/// Exit codes: 0 success, 1 bad input (or problems found by `check`/`batch`), 2 bad usage,
/// 3 an output could not be written. Every failure is one line on standard error.
public enum MIDIRollMain {
  /// Parses the arguments, runs the command, prints any failure as one line, and exits.
  /// - Parameter prepare: Called with the parsed command's ``Workload`` before the command
  ///   runs: where the program's entry point tunes the process (a library never does).
  public static func main(
    _ arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    preparing prepare: (Workload) -> Void = { _ in }
  ) -> Never {
    prepareStandardStreams()
    var command: any ParsableCommand
    do {
      try SubcommandSuggestion.check(arguments)  // an unknown subcommand, with the nearest named
      command = try MIDIRollCommand.parseAsRoot(arguments)
    } catch let error as KitError {
      fail(error, command: MIDIRollCommand.self)
    } catch {
      stop(parsing: error, arguments: arguments)
    }
    prepare(command is Batch ? .manyFiles : .fewFiles)
    do {
      try command.run()
      exit(0)
    } catch let error as KitError {
      fail(error, command: type(of: command))
    } catch {
      stop(parsing: error, arguments: arguments)  // `help convert` asks for help when it runs
    }
  }

  /// What `--help` prints for `arguments` (``MIDIRollCommand``'s help, with the subcommand's
  /// examples at the end), or `nil` when `error` is not a request for help.
  static func help(for error: Error, arguments: [String]) -> String? {
    guard MIDIRollCommand.exitCode(for: error) == .success else { return nil }
    var help = MIDIRollCommand.fullMessage(for: error)
    if help.hasPrefix("OVERVIEW"), let examples = HelpExamples.forArguments(arguments) {
      while help.hasSuffix("\n") { help.removeLast() }
      help += "\n" + examples
    }
    return help
  }

  /// Ends a run whose arguments did not parse: prints the help or version asked for (exit 0), a
  /// usage error found by a command's checks as one line, `midiroll: …` (exit 2), or the
  /// parser's own message with the usage (exit 2).
  private static func stop(parsing error: Error, arguments: [String]) -> Never {
    if let help = help(for: error, arguments: arguments) {
      do {
        try StandardOutput.printLine(help)
      } catch {
        fail(error, command: MIDIRollCommand.self)
      }
      exit(0)
    }
    if let exitCode = error as? ExitCode { exit(exitCode.rawValue) }
    let sink = OutputSink(descriptor: 2, destination: "standard error")
    if MIDIRollCommand.exitCode(for: error) == .failure {
      // A UsageError from a validate(): already worded with the command's hints (the parser
      // gives every other error the code of a validation failure).
      sink.write("midiroll: " + OneLine.escaping(MIDIRollCommand.message(for: error)) + "\n")
    } else {
      sink.write(MIDIRollCommand.fullMessage(for: error) + "\n")
    }
    try? sink.finish()
    exit(2)
  }

  /// Makes the standard streams safe before anything is opened:
  /// - SIGPIPE gets its default action back (a parent may have ignored it), so writing to a
  ///   pipe whose reader quit (`midiroll … - | head -c 10`) ends the process quietly, as
  ///   `cat` and `head` expect;
  /// - a closed standard stream is held by `/dev/null` opened the wrong way round (standard
  ///   output read-only), so no input or output file can take its number, and writing to a
  ///   closed standard output fails with `EBADF` instead of landing in a file.
  static func prepareStandardStreams() {
    signal(SIGPIPE, SIG_DFL)
    for (descriptor, wrongWay) in [(Int32(0), O_WRONLY), (1, O_RDONLY), (2, O_RDONLY)]
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let placeholder = open("/dev/null", wrongWay | O_CLOEXEC)
      if placeholder >= 0 && placeholder != descriptor {
        dup2(placeholder, descriptor)
        close(placeholder)
      }
    }
  }

  /// Prints `error` as one line, its hints worded with the options of `command`, and exits
  /// with its code.
  private static func fail(_ error: KitError, command: ParsableCommand.Type) -> Never {
    Diagnostics.printError("midiroll: \(error.commandLineDescription(command))")
    exit(error.exitCode)
  }
}
