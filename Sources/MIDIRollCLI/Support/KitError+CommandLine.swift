import ArgumentParser
import MIDIRollFiles

/// The command line's side of the kit's one error: the exit code, and hints worded as the
/// options of the command that met it.
extension KitError {
  /// The process exit code: 1 bad input or problems found, 2 bad usage, 3 cannot write.
  var exitCode: Int32 {
    switch kind {
    case .badInput, .problemsFound: 1
    case .usage: 2
    case .cannotWrite: 3
    }
  }

  /// One line, `file: message (hint)`, the hints naming the options of `command` (read only
  /// when there are hints to word).
  func commandLineDescription(_ command: ParsableCommand.Type) -> String {
    hints.isEmpty ? description : described(hints: CommandLineHints(command).words)
  }
}
