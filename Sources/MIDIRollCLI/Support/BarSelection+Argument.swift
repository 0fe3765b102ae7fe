import ArgumentParser
import PianoRoll
import PianoRollRender

extension BarSelection {
  /// Reads `--bars` of `render` and `show` as ``BarRange`` does (1-based: `5...12`, `5-12`,
  /// `5...`, `5`), with the reason when the text is not bars: "runs backwards", "counted
  /// from 1".
  /// - Throws: ``BarRangeError``, which the parser prints after the option's name.
  static func parseArgument(_ text: String) throws -> BarSelection {
    let range = try BarRange(parsing: text)
    return BarSelection(first: range.first, last: range.last)
  }
}
