import MIDIRollKit

/// A song file found in the input tree.
struct FoundInput: Sendable {
  /// The path relative to the input folder, with `/` between components.
  var relativePath: String
  /// What the extension says it is.
  var kind: SongFileKind
  /// Why it cannot be processed, when that is known from the walk alone.
  var problem: String?
}
