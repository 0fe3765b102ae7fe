/// Writes a Standard MIDI File one track at a time, so that a caller who makes tracks from
/// something else (a piano roll) never holds a whole ``MIDIFile``.
///
/// ``MIDIFile/serialized(runningStatus:)`` is this writer fed with the file's tracks.
public struct MIDIFileWriter {
  private var writer: ByteWriter
  private var chunks: ArraySlice<UnknownChunk>
  private var trackIndex = 0
  private let runningStatus: Bool
  private var division: Division

  /// Starts a file by writing its header.
  /// - Parameters:
  ///   - trackCount: The number of tracks to expect (the header gets the number appended).
  ///   - unknownChunks: Written in their places among the tracks.
  ///   - runningStatus: Leave out repeated status bytes of channel messages.
  ///   - capacity: Bytes to reserve for the output.
  public init(
    format: Format, division: Division, trackCount: Int, unknownChunks: [UnknownChunk] = [],
    runningStatus: Bool = true, capacity: Int = 0
  ) {
    writer = ByteWriter(capacity: capacity)
    writer.writeBytes(ChunkType.header.bytes)
    writer.writeUInt32(6)
    writer.writeUInt16(format.rawValue)
    writer.writeUInt16(UInt16(clamping: trackCount))
    writer.writeUInt16(division.rawValue)
    chunks = unknownChunks.sorted { $0.tracksBefore < $1.tracksBefore }[...]
    self.runningStatus = runningStatus
    self.division = division
  }

  /// Appends the next track chunk (after the unknown chunks that come before it). Each track
  /// ends with one End of Track, at the tick of the track's own End of Track event when it has
  /// one (and with that event's data, if any); events out of tick order are sorted first,
  /// keeping the order of equal ticks.
  public mutating func append(_ track: Track) {
    let events = track.events
    var body = EncodedTrack(capacity: events.count, runningStatus: runningStatus)
    if events.isSortedByTick {
      for index in events.indices { events.send(index, to: &body) }
    } else {
      for index in events.indices.sorted(by: { (events.tick(at: $0), $0) < (events.tick(at: $1), $1) }) {
        events.send(index, to: &body)
      }
    }
    append(body)
  }

  /// Appends the next track chunk (after the unknown chunks that come before it), its body
  /// already encoded event by event.
  public mutating func append(_ track: consuming EncodedTrack) {
    while let chunk = chunks.first, chunk.tracksBefore <= trackIndex {
      writer.writeUnknownChunk(chunk)
      chunks.removeFirst()
    }
    let body = track.finished()
    writer.writeBytes(ChunkType.track.bytes)
    writer.writeUInt32(UInt32(clamping: body.count))
    writer.writeBytes(body)
    trackIndex += 1
  }

  /// Puts the format and division in the header already written (for a file whose tracks
  /// were written before its header was known).
  public mutating func setHeader(format: Format, division: Division) {
    self.division = division
    writer.setUInt32(UInt32(format.rawValue) << 16 | UInt32(UInt16(clamping: trackIndex)), at: 8)
  }

  /// Appends a chunk of another type right here (for a copy made in file order; chunks given
  /// to the initializer go in their places by themselves).
  public mutating func append(_ chunk: UnknownChunk) {
    writer.writeUnknownChunk(chunk)
  }

  /// The file's bytes, with the unknown chunks after the last track; the header declares the
  /// number of tracks appended.
  public consuming func finish() -> [UInt8] {
    for chunk in chunks { writer.writeUnknownChunk(chunk) }
    writer.setUInt32(UInt32(UInt16(clamping: trackIndex)) << 16 | UInt32(division.rawValue), at: 10)
    return writer.bytes
  }
}
