/// Everything of a file read one track at a time (``MIDIFile/readTracks(_:options:eachTrack:)``)
/// but its tracks.
public struct FileOutline: Hashable, Sendable {
  /// How the tracks relate (0, 1 or 2).
  public var format: Format
  /// What a tick means.
  public var division: Division
  /// The number of track chunks read.
  public var trackCount: Int
  /// Chunks of other types, each with its place among the tracks.
  public var unknownChunks: [UnknownChunk]
  /// The tolerated problems, in the order they were found.
  public var warnings: [SMFWarning]

  /// Creates an outline.
  public init(
    format: Format, division: Division, trackCount: Int, unknownChunks: [UnknownChunk], warnings: [SMFWarning]
  ) {
    self.format = format
    self.division = division
    self.trackCount = trackCount
    self.unknownChunks = unknownChunks
    self.warnings = warnings
  }
}
