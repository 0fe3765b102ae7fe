import ArgumentParser
import MIDIRollKit

/// A subcommand whose `--help` ends with examples (after the options, where people look last;
/// the argument parser has no place for them, so ``MIDIRollMain`` appends them).
protocol DocumentedCommand: ParsableCommand {
  /// Command lines that show what the subcommand does; each runs as it is written (the tests
  /// parse every one).
  static var examples: [String] { get }
}

/// The examples at the end of each subcommand's `--help`.
enum HelpExamples {
  /// The examples of the subcommand named in `arguments` (`convert --help`, `help convert`).
  static func forArguments(_ arguments: [String]) -> String? {
    let byName = Dictionary(
      MIDIRollCommand.configuration.subcommands.map { ($0._commandName, $0) }, uniquingKeysWith: { a, _ in a }
    )
    guard let command = arguments.lazy.compactMap({ byName[$0] }).first as? any DocumentedCommand.Type else {
      return nil
    }
    return text(command.examples)
  }

  /// Lines under an `EXAMPLES:` heading, after a blank line, indented as the options are.
  static func text(_ lines: [String]) -> String {
    "\nEXAMPLES:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
  }
}

/// A subcommand that writes songs to files: its overview names every kind it writes (the
/// tests hold it to that).
protocol WritesSongs: ParsableCommand {
  /// The kinds it writes.
  static var outputKinds: [SongFileKind] { get }
}
