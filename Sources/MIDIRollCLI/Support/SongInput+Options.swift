import MIDIRollFiles
import MIDIRollKit

/// Reading a song as the command-line options say, and printing what the reader tolerated.
extension SongInput {
  /// Reads an input from disk (or standard input for `-`) as `options` say.
  /// - Throws: ``KitError``: (usage) when the kind cannot be told, (bad input) naming the file
  ///   and the byte offset or JSON path.
  init(path: String, options: InputOptions) throws(KitError) {
    try self.init(path: path, kind: options.from, options: options.decodingOptions)
  }

  /// Prints the warnings to standard error, each prefixed by the path, unless `quiet`.
  func printWarnings(quiet: Bool) {
    guard !quiet else { return }
    for warning in warnings { Diagnostics.printError("midiroll: warning: \(path): \(warning)") }
  }
}
