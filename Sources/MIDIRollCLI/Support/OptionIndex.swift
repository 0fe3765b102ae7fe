import ArgumentParser
import Foundation

/// The arguments a command takes, as its `--help` shows them: each long option with the values
/// its help lists, and the positional arguments in order.
///
/// Read from the argument parser's own description of the command (`_dumpHelp()`, the JSON
/// behind `--experimental-dump-help`), so it can never differ from what the parser accepts:
/// hints name an option only where it is there (``CommandLineHints``), and the tests walk every
/// listed value through the parser.
struct OptionIndex: Sendable {
  /// One option or positional argument.
  struct Argument: Sendable, Equatable {
    /// The long name with its dashes (`--to`), or the value name of a positional argument.
    var name: String
    /// Every long name of the option (`--grid`, `--quantize`).
    var names: [String]
    /// Whether it is a flag (takes no value).
    var isFlag: Bool
    /// Whether it is a positional argument.
    var isPositional: Bool
    /// Whether it may be left out.
    var isOptional: Bool
    /// Whether it may be given more than once (or takes several values).
    var isRepeating: Bool
    /// Its value's name in the help (`<keep|filter>`).
    var valueName: String?
    /// Its help line.
    var abstract: String
    /// The values the help lists: the type's values (`(values: mid, json)`), or a value name
    /// of words joined by `|` (`keep|filter`); empty for free values and flags.
    var listedValues: [String]
  }

  /// The options and positional arguments, in the help's order (`--help` left out).
  let arguments: [Argument]

  /// Reads the arguments of `command`.
  init(_ command: ParsableCommand.Type) {
    let dump = Data(command._dumpHelp().utf8)
    let tool = try? JSONDecoder().decode(DumpedTool.self, from: dump)
    arguments = (tool?.command.arguments ?? []).compactMap { argument in
      let longNames = (argument.names ?? []).filter { $0.kind == "long" || $0.kind == "longWithSingleDash" }
        .map { "--" + $0.name }
      let isPositional = argument.kind == "positional"
      guard isPositional || !longNames.isEmpty, !longNames.contains("--help") else { return nil }
      let listed: [String]
      if let values = argument.allValues, !values.isEmpty {
        listed = values
      } else if let valueName = argument.valueName, valueName.contains("|"), argument.kind == "option" {
        listed = valueName.split(separator: "|").map(String.init)
      } else {
        listed = []
      }
      return Argument(
        name: isPositional ? argument.valueName ?? "" : longNames[0], names: longNames,
        isFlag: argument.kind == "flag", isPositional: isPositional, isOptional: argument.isOptional ?? true,
        isRepeating: argument.isRepeating ?? false, valueName: argument.valueName,
        abstract: argument.abstract ?? "", listedValues: listed)
    }
  }

  /// The option named `name` (`--soundfont`), under any of its long names.
  func option(_ name: String) -> Argument? { arguments.first { !$0.isPositional && $0.names.contains(name) } }

  /// Whether the command has the option `name`.
  func has(_ name: String) -> Bool { option(name) != nil }

  /// The values the help lists for the option `name` (empty when it lists none).
  func listedValues(_ name: String) -> [String] { option(name)?.listedValues ?? [] }

  /// The positional arguments, in order.
  var positionals: [Argument] { arguments.filter(\.isPositional) }
}

/// The parts of the argument parser's JSON description that ``OptionIndex`` reads.
private struct DumpedTool: Decodable {
  struct Command: Decodable {
    var arguments: [Argument]?
  }

  struct Argument: Decodable {
    struct Name: Decodable {
      var kind: String
      var name: String
    }

    var kind: String
    var names: [Name]?
    var valueName: String?
    var allValues: [String]?
    var isOptional: Bool?
    var isRepeating: Bool?
    var abstract: String?
  }

  var command: Command
}
