/// Everything ``MIDIFile/diagnose(_:maximumFileSize:)`` found in a file.
public struct SMFDiagnosis: Hashable, Sendable {
  /// Every problem found, in the order the reader meets them.
  public var problems: [SMFProblem]
  /// What ``MIDIFile/read(_:options:)`` returns for the file, or `nil` when it cannot be read
  /// (or was not kept).
  public var result: ReadResult?
  /// Whether the reader reads the file (tolerantly).
  public var isReadable: Bool
  /// The header's format, when the header could be read.
  public var format: Format?
  /// The number of `MTrk` chunks met, readable or not.
  public var trackChunkCount: Int
  /// The number of events in the tracks that could be read.
  public var eventCount: Int
  /// The bytes the track event loop went over after the reader stopped, counting every pass
  /// (0 for a readable file): the work of resynchronising, bounded by a multiple of the file.
  public var bytesScanned: Int

  /// Creates a diagnosis.
  public init(
    problems: [SMFProblem], result: ReadResult?, format: Format?, trackChunkCount: Int, eventCount: Int,
    bytesScanned: Int = 0, isReadable: Bool? = nil
  ) {
    self.isReadable = isReadable ?? (result != nil)
    self.problems = problems
    self.result = result
    self.format = format
    self.trackChunkCount = trackChunkCount
    self.eventCount = eventCount
    self.bytesScanned = bytesScanned
  }

  /// The file as the reader reads it, or `nil` when it cannot be read.
  public var file: MIDIFile? { result?.file }

  /// The problems the reader cannot read past.
  public var errors: [SMFProblem] { problems.filter(\.isError) }
  /// The problems the reader tolerates.
  public var warnings: [SMFProblem] { problems.filter { !$0.isError } }
}
