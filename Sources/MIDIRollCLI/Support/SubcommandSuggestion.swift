import ArgumentParser
import MIDIRollFiles

/// A misspelled subcommand (`midiroll conver a b`) named as such, with the nearest known one,
/// instead of the parser's "3 unexpected arguments".
enum SubcommandSuggestion {
  /// The names `midiroll` knows as its first argument.
  static var names: [String] {
    MIDIRollCommand.configuration.subcommands.map { $0._commandName } + ["help"]
  }

  /// Throws a usage error when the first argument is not an option and not a subcommand.
  /// - Throws: ``KitError`` (usage): `unknown subcommand 'conver'; did you mean 'convert'?`
  static func check(_ arguments: [String]) throws(KitError) {
    guard let first = arguments.first, !first.hasPrefix("-"), !names.contains(first) else { return }
    let ranked = names.filter { $0 != "help" }.map { (name: $0, distance: distance(first.lowercased(), $0)) }
      .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
    let list = "the subcommands are " + names.filter { $0 != "help" }.joined(separator: ", ")
    if let nearest = ranked.first, nearest.distance <= max(2, first.count / 3) {
      throw KitError(.usage, "unknown subcommand '\(first)'; did you mean '\(nearest.name)'? (\(list))")
    }
    throw KitError(.usage, "unknown subcommand '\(first)' (\(list))")
  }

  /// The edit distance between two words: insertions, deletions, substitutions and swaps of
  /// neighbours each count one.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      previous2 = previous
      previous = current
    }
    return previous[b.count]
  }
}
