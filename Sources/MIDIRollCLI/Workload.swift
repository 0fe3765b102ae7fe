/// What a parsed command asks of the process, for the program's entry point to tune it
/// (``MIDIRollMain/main(_:preparing:)``): process-wide settings are the program's to choose,
/// never a library's.
public enum Workload: Sendable, Equatable {
  /// One song or a few, each read and written once: every command but `batch`.
  case fewFiles
  /// Many similar files converted on several threads: `batch`.
  case manyFiles
}
