import MIDIRollFiles
import PianoRoll

extension BarRange {
  /// Reads bars given as `option` (`--bars 5...12`, 1-based), the same on every command.
  /// - Throws: ``KitError`` (usage) saying why the text is not bars.
  package static func parseOption(_ text: String, option: String = "--bars") throws(KitError) -> BarRange {
    do {
      return try BarRange(parsing: text)
    } catch {
      throw KitError(.usage, "\(option) \(error)")
    }
  }
}
