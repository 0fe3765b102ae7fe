import MIDIRollKit

/// One input of a batch and where its output goes.
struct BatchJob: Sendable {
  /// The input's path relative to the input folder.
  var input: String
  /// The output's path relative to the output folder.
  var output: String
  /// How to decode the input.
  var kind: SongFileKind
  /// Why it fails without being read, when the walk or the plan already knows.
  var problem: String?
  /// The input of its content group that is written, when this one is a duplicate (`dedup`).
  var duplicateOf: String?
  /// The dataset part its content falls in (`split`).
  var part: String?
}
