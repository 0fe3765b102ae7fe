/// What a file holds, summarized in one pass over its bytes without keeping its events (what
/// `midiroll info` shows): header, per-track names, counts, channels and pitch ranges, and the
/// events that place everything in time.
public struct MIDIFileSummary: Hashable, Sendable {
  /// How the tracks relate (0, 1 or 2).
  public var format: Format
  /// What a tick means.
  public var division: Division
  /// One summary per track chunk, in file order.
  public var tracks: [TrackSummary]
  /// Chunks of other types, each with its place among the tracks.
  public var unknownChunks: [UnknownChunk]
  /// The tolerated problems, in the order they were found.
  public var warnings: [SMFWarning]

  /// Creates a summary from its parts.
  public init(
    format: Format, division: Division, tracks: [TrackSummary], unknownChunks: [UnknownChunk] = [],
    warnings: [SMFWarning] = []
  ) {
    self.format = format
    self.division = division
    self.tracks = tracks
    self.unknownChunks = unknownChunks
    self.warnings = warnings
  }

  /// The summary of a file already read.
  public init(file: MIDIFile, warnings: [SMFWarning] = []) {
    self.init(
      format: file.format, division: file.division, tracks: file.tracks.map { TrackSummary($0.events) },
      unknownChunks: file.unknownChunks, warnings: warnings)
  }

  /// The number of notes in all tracks.
  public var noteCount: Int { tracks.reduce(0) { $0 + $1.noteCount } }
}

extension MIDIFile {
  /// Summarizes a file in one pass over its bytes, keeping no events: memory in proportion to
  /// the number of tracks and timeline events, not to the file.
  /// - Throws: ``SMFError`` as ``read(_:options:)`` would.
  /// - Complexity: O(*n*) in the number of bytes.
  public static func summarize(_ bytes: [UInt8], options: ReadOptions = .tolerant) throws(SMFError)
    -> MIDIFileSummary
  {
    if let limit = options.maximumFileSize, bytes.count > limit {
      throw SMFError(.fileTooLarge(size: bytes.count, limit: limit), offset: 0)
    }
    var parser = FileParser(bytes: bytes, strict: options.strict)
    var tracks: [TrackSummary] = []
    let outline = try parser.parseChunks(into: TrackSummary.self, reserve: { tracks.reserveCapacity($0) }) {
      tracks.append($1)
    }
    return MIDIFileSummary(
      format: outline.format, division: outline.division, tracks: tracks,
      unknownChunks: outline.unknownChunks, warnings: outline.warnings)
  }
}
