import ArgumentParser
import MIDIRollFiles

/// Bad usage found while the arguments are parsed (in a command's or an option group's
/// `validate()`), already worded with the hints of the command: ``MIDIRollMain`` prints it as
/// one line, `midiroll: …`, and exits 2, as for every usage error.
///
/// Every value that the parser takes as text is checked in `validate()`, so that a bad one is
/// refused before any file is read, in the same words on every subcommand that has the option,
/// and so that the tests can walk every value a `--help` lists through the parser alone.
struct UsageError: Error, CustomStringConvertible {
  /// The one line, without `midiroll: `.
  let description: String

  /// `error` worded with the hints of `command`.
  init(_ error: KitError, command: ParsableCommand.Type) {
    description = error.commandLineDescription(command)
  }
}

extension ParsableArguments {
  /// Runs the usage checks in `body`, for `validate()`: a ``KitError`` becomes a ``UsageError``
  /// worded with the hints of `command` (an option group's checks give no hints).
  static func checkingUsage<T>(
    of command: ParsableCommand.Type = MIDIRollCommand.self, _ body: () throws(KitError) -> T
  ) throws -> T {
    do throws(KitError) {
      return try body()
    } catch {
      throw UsageError(error, command: command)
    }
  }
}
