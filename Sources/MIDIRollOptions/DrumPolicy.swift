import MIDIRollFiles

/// What `--drums` asks for channel 10 (drums): `keep` (the default: nothing touches drums),
/// `filter` (the key filter applies to them), `transpose` (transposing moves them), or both
/// as `filter,transpose` (also `all`) — each command taking only what it does.
package struct DrumPolicy: Hashable, Sendable {
  /// What `--drums` can ask for besides `keep`.
  package enum Part: String, CaseIterable, Sendable {
    /// The key filter applies to drums too.
    case filter
    /// Transposing moves drums too.
    case transpose
  }

  /// The key filter applies to drums too.
  package var filters = false
  /// Transposing moves drums too.
  package var transposes = false

  /// Reads `--drums` (`nil`: keep) on a command that does `parts` to songs.
  /// - Throws: ``KitError`` (usage) for anything else, naming what the command takes.
  package init(parsing text: String?, allowing parts: Set<Part>) throws(KitError) {
    guard let text else { return }
    for part in text.lowercased().split(separator: ",") {
      switch part.trimmingSpaces() {
      case "keep": break
      case "filter" where parts.contains(.filter): filters = true
      case "transpose" where parts.contains(.transpose): transposes = true
      case "all" where parts.count == Part.allCases.count:
        filters = true
        transposes = true
      default: throw KitError(.usage, "--drums '\(text)': expected \(Self.words(allowing: parts))")
      }
    }
  }

  /// `keep or filter`, `keep or transpose`, `keep, filter, transpose or filter,transpose`.
  package static func words(allowing parts: Set<Part>) -> String {
    let named = Part.allCases.filter(parts.contains).map(\.rawValue)
    let all = ["keep"] + named + (named.count > 1 ? [named.joined(separator: ",")] : [])
    return all.dropLast().joined(separator: ", ") + " or " + all[all.count - 1]
  }

  /// `keep|filter`, `keep|transpose`, `keep|filter|transpose`: the value name in the help.
  package static func valueName(allowing parts: Set<Part>) -> String {
    (["keep"] + Part.allCases.filter(parts.contains).map(\.rawValue)).joined(separator: "|")
  }
}
