import ArgumentParser
import Foundation
import MIDIRollKit

/// Runs `midiroll` with the process's arguments and exits with its code.
///
/// Exit codes: 0 success, 1 bad input (or problems found by `check`/`batch`), 2 bad usage,
/// 3 an output could not be written. Every failure is one line on standard error.
public enum MIDIRollMain {
  /// Parses the arguments, runs the command, prints any failure as one line, and exits.
  public static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
    prepareStandardStreams()
    do {
      try SubcommandSuggestion.check(arguments)  // an unknown subcommand, with the nearest named
      var command = try MIDIRollCommand.parseAsRoot(arguments)
      try command.run()
      exit(0)
    } catch let error as KitError {
      fail(error)
    } catch {
      let code = MIDIRollCommand.exitCode(for: error)
      if code == .success {  // --help, --version
        do {
          var help = MIDIRollCommand.fullMessage(for: error)
          if help.hasPrefix("OVERVIEW"), let examples = HelpExamples.forArguments(arguments) {
            while help.hasSuffix("\n") { help.removeLast() }
            help += "\n" + examples
          }
          try StandardOutput.printLine(help)
        } catch {
          fail(error)
        }
        exit(0)
      }
      if let exitCode = error as? ExitCode { exit(exitCode.rawValue) }
      // Everything else the parser throws is bad usage: print its message (with usage).
      let sink = OutputSink(descriptor: 2, destination: "standard error")
      sink.write(MIDIRollCommand.fullMessage(for: error) + "\n")
      try? sink.finish()
      exit(2)
    }
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

  private static func fail(_ error: KitError) -> Never {
    Diagnostics.printError("midiroll: \(error.commandLineDescription)")
    exit(error.exitCode)
  }
}
