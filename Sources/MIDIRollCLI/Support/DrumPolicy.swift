import MIDIRollKit

/// What `--drums` asks for channel 10 (drums), shared by the key filter and transposing:
/// `keep` (the default: neither touches drums), `filter`, `transpose`, or both as
/// `filter,transpose` (also `all`).
struct DrumPolicy: Hashable, Sendable {
  /// The key filter applies to drums too.
  var filters = false
  /// Transposing moves drums too.
  var transposes = false

  /// Reads `--drums` (`nil`: keep).
  /// - Throws: ``KitError`` (usage) for anything else.
  init(parsing text: String?) throws(KitError) {
    guard let text else { return }
    for part in text.lowercased().split(separator: ",") {
      switch part.trimmingSpaces() {
      case "keep": break
      case "filter": filters = true
      case "transpose": transposes = true
      case "all":
        filters = true
        transposes = true
      default:
        throw KitError(.usage, "--drums '\(text)': expected keep, filter, transpose or filter,transpose")
      }
    }
  }
}
