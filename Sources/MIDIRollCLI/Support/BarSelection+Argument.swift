import PianoRoll

extension BarRange {
  /// Parses `--bars` for the argument parser, with the reason a value is not bars.
  static func parseArgument(_ text: String) throws -> BarRange {
    try BarRange(parsing: text)
  }
}
