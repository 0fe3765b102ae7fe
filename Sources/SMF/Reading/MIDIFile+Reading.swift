extension MIDIFile {
  /// Reads a Standard MIDI File (or an RMID file wrapping one) from its bytes.
  /// - Throws: ``SMFError`` with the byte offset and track index of the first problem the
  ///   reader cannot tolerate (with ``ReadOptions/strict``, of the first problem at all).
  /// - Complexity: O(*n*) in the number of bytes.
  public init(bytes: [UInt8], options: ReadOptions = .tolerant) throws(SMFError) {
    self = try MIDIFile.read(bytes, options: options).file
  }

  /// Reads a Standard MIDI File one track at a time: each track's events are handed to
  /// `eachTrack` with the track's index as soon as they are read, and not kept, so that a
  /// caller who turns them into something else holds one track's events at a time.
  /// - Returns: Everything of the file but its tracks, and the warnings.
  /// - Throws: ``SMFError`` for anything that cannot be read (after the tracks before it
  ///   were handed over).
  public static func readTracks(
    _ bytes: [UInt8], options: ReadOptions = .tolerant, eachTrack: (_ index: Int, _ track: Track) -> Void
  ) throws(SMFError) -> FileOutline {
    try readTracks(bytes, options: options, into: TrackEvents.self) { eachTrack($0, Track(events: $1)) }
  }

  /// Reads a Standard MIDI File one track at a time into sinks of the given type: each track's
  /// events go into a new sink as they are read, and the sink is handed to `eachTrack` with the
  /// track's index, `inout` so that the body can take it apart without copying what it holds.
  /// Nothing of a track is kept but what the body keeps.
  /// - Returns: Everything of the file but its tracks, and the warnings.
  /// - Throws: ``SMFError`` for anything that cannot be read (after the tracks before it
  ///   were handed over).
  public static func readTracks<Sink: TrackEventSink>(
    _ bytes: [UInt8], options: ReadOptions = .tolerant, into _: Sink.Type,
    eachTrack: (_ index: Int, _ track: inout Sink) -> Void
  ) throws(SMFError) -> FileOutline {
    if let limit = options.maximumFileSize, bytes.count > limit {
      throw SMFError(.fileTooLarge(size: bytes.count, limit: limit), offset: 0)
    }
    var parser = FileParser(bytes: bytes, strict: options.strict)
    return try parser.parseChunks(into: Sink.self, eachTrack: eachTrack)
  }

  /// Reads a Standard MIDI File and writes it again as `MIDIFile(bytes:).serialized()` would
  /// (with running status), writing each event as it is read: no event is held, only the
  /// bytes of the track being read.
  /// - Returns: The written bytes and the warnings for everything tolerated.
  /// - Throws: ``SMFError`` for anything that cannot be read.
  /// - Complexity: O(*n*) in the number of bytes.
  public static func rewrite(_ bytes: [UInt8], options: ReadOptions = .tolerant)
    throws(SMFError) -> (bytes: [UInt8], warnings: [SMFWarning])
  {
    if let limit = options.maximumFileSize, bytes.count > limit {
      throw SMFError(.fileTooLarge(size: bytes.count, limit: limit), offset: 0)
    }
    var parser = FileParser(bytes: bytes, strict: options.strict)
    // The header's values are put in when known; the tracks and chunks go out as they are read.
    var writer = MIDIFileWriter(
      format: .multipleTracks, division: .ticksPerQuarter(480), trackCount: 0, capacity: bytes.count + 64)
    let outline = try parser.parseChunks(
      into: EncodedTrack.self, eachUnknownChunk: { writer.append($0) },
      eachTrack: { _, track in
        var body = EncodedTrack(capacity: 0)
        swap(&body, &track)  // moved, not copied, into the file
        writer.append(body)
      })
    writer.setHeader(format: outline.format, division: outline.division)
    return (writer.finish(), outline.warnings)
  }

  /// Reads a Standard MIDI File and returns it with the warnings for everything tolerated.
  /// - Throws: ``SMFError`` for anything that cannot be read.
  /// - Complexity: O(*n*) in the number of bytes.
  public static func read(_ bytes: [UInt8], options: ReadOptions = .tolerant) throws(SMFError)
    -> ReadResult
  {
    if let limit = options.maximumFileSize, bytes.count > limit {
      throw SMFError(.fileTooLarge(size: bytes.count, limit: limit), offset: 0)
    }
    var parser = FileParser(bytes: bytes, strict: options.strict)
    let file = try parser.parseFile()
    return ReadResult(file: file, warnings: parser.warnings)
  }
}

/// Reads the chunks of a file in order: the RIFF wrapper, the header, then every chunk.
struct FileParser {
  var reader: ByteReader
  let strict: Bool
  var warnings: [SMFWarning] { collected }
  /// The tolerated problems so far, those that come once per file kept to one each.
  private var collected: [SMFWarning] = []
  private var oncePerFile = OncePerFileWarnings()
  /// The number of track chunks met so far, the one that failed included.
  private(set) var trackCount = 0
  /// The length the last track chunk met declares (its data starts at the cursor while its
  /// events are being read, and after they failed).
  private(set) var trackDeclaredLength = 0
  /// The bytes the track event loops went over, every pass counted (a measure of the work).
  private(set) var scannedBytes = 0

  init(bytes: [UInt8], strict: Bool) {
    reader = ByteReader(bytes)
    self.strict = strict
  }

  /// Records a tolerated problem, or throws it in strict mode.
  mutating func warn(_ warning: SMFWarning) throws(SMFError) {
    if strict { throw warning.strict }
    oncePerFile.append(warning, to: &collected)
  }

  /// Hands over the warnings collected so far and starts a new list.
  mutating func takeWarnings() -> [SMFWarning] {
    defer {
      collected = []
      oncePerFile = OncePerFileWarnings()
    }
    return collected
  }

  mutating func parseFile() throws(SMFError) -> MIDIFile {
    var tracks: [Track] = []
    let outline = try parseChunks(into: TrackEvents.self, reserve: { tracks.reserveCapacity($0) }) {
      tracks.append(Track(events: $1))
    }
    return MIDIFile(
      format: outline.format, division: outline.division, tracks: tracks, unknownChunks: outline.unknownChunks
    )
  }

  /// The whole file: the header, then every chunk, each track's events read into a sink of
  /// the given type and handed to `eachTrack` with its index (then dropped by the loop).
  /// - Parameter reserve: Told how many tracks to expect (at most one per 8 bytes left).
  /// - Parameter eachUnknownChunk: Told of each chunk of another type as it is met.
  mutating func parseChunks<Sink: TrackEventSink>(
    into _: Sink.Type, reserve: (Int) -> Void = { _ in }, eachUnknownChunk: (UnknownChunk) -> Void = { _ in },
    eachTrack: (Int, inout Sink) -> Void
  ) throws(SMFError) -> FileOutline {
    if reader.peekChunkType() == .riff { try unwrapRIFF() }
    let headerStart = reader.offset
    let header = try parseHeader()
    reserve(min(Int(header.trackCount), reader.remaining / 8))
    var unknownChunks: [UnknownChunk] = []
    try parseChunkSequence(into: Sink.self, eachTrack: eachTrack) {
      unknownChunks.append($0)
      eachUnknownChunk($0)
    }
    try checkTrackCount(format: header.format, declared: Int(header.trackCount), headerStart: headerStart)
    return FileOutline(
      format: header.format, division: header.division, trackCount: trackCount,
      unknownChunks: unknownChunks, warnings: warnings)
  }

  /// The chunk loop: every chunk from the cursor to the end, after the header. It stops at the
  /// first error; when a track's events fail, the cursor is left at the start of that track's
  /// data (``trackDeclaredLength`` long), so that a diagnosis can go on past it.
  mutating func parseChunkSequence<Sink: TrackEventSink>(
    into _: Sink.Type, eachTrack: (Int, inout Sink) -> Void, eachUnknownChunk: (UnknownChunk) -> Void
  ) throws(SMFError) {
    while !reader.isAtEnd {
      let chunkStart = reader.offset
      guard reader.remaining >= 8, let type = reader.peekChunkType(), type.isPrintable else {
        try warn(SMFWarning(.trailingBytes(count: reader.remaining), offset: chunkStart))
        break
      }
      reader.offset += 4
      let length = Int(try reader.readUInt32("a chunk length"))
      if type == .track {
        trackDeclaredLength = length
        var trackParser = TrackParser(
          reader: reader, index: trackCount, declaredLength: length, strict: strict)
        defer {
          trackCount += 1
          scannedBytes += trackParser.scannedBytes
          oncePerFile.append(contentsOf: trackParser.warnings, to: &collected)
        }
        var sink = try trackParser.parseEvents(into: Sink.self)
        eachTrack(trackCount, &sink)
        reader.offset = trackParser.chunkEnd
      } else if length <= reader.remaining {
        try warn(SMFWarning(.unknownChunk(type), offset: chunkStart))
        let data = try reader.readBytes(length, "chunk \"\(type)\"")
        eachUnknownChunk(UnknownChunk(type: type, data: data, tracksBefore: trackCount))
      } else {
        try warn(SMFWarning(.trailingBytes(count: reader.end - chunkStart), offset: chunkStart))
        reader.offset = reader.end
      }
    }
  }

  /// What the header said against what the chunk loop found: the track count, and one track
  /// in format 0.
  /// - Parameter headerStart: Where the `MThd` chunk starts (after an RMID wrapper, if any).
  mutating func checkTrackCount(format: Format?, declared: Int?, headerStart: Int) throws(SMFError) {
    if let declared, declared != trackCount {
      try warn(
        SMFWarning(.trackCountMismatch(declared: declared, found: trackCount), offset: headerStart + 10))
    }
    if format == .singleTrack && trackCount > 1 {
      try warn(SMFWarning(.format0WithManyTracks(count: trackCount), offset: headerStart + 8))
    }
  }

  /// The header chunk. The SMF specification:
  /// `<Header Chunk> = <chunk type "MThd"> <length 6> <format> <ntrks> <division>`, each a
  /// 16-bit big-endian word.
  mutating func parseHeader() throws(SMFError) -> (format: Format, trackCount: UInt16, division: Division) {
    let type = reader.peekChunkType()
    guard type == .header else { throw reader.error(.notAMIDIFile(found: type)) }
    reader.offset += 4
    let lengthOffset = reader.offset
    let length = Int(try reader.readUInt32("the header length"))
    guard length >= 6 else { throw reader.error(.headerTooShort(length: length), at: lengthOffset) }
    let formatOffset = reader.offset
    let rawFormat = try reader.readUInt16("the header's format")
    guard let format = Format(rawValue: rawFormat) else {
      throw reader.error(.unsupportedFormat(rawFormat), at: formatOffset)
    }
    let trackCount = try reader.readUInt16("the header's track count")
    let divisionOffset = reader.offset
    let rawDivision = try reader.readUInt16("the header's division")
    guard let division = Division(rawValue: rawDivision) else {
      throw reader.error(.invalidDivision(rawDivision), at: divisionOffset)
    }
    if length > 6 {
      try warn(SMFWarning(.headerLonger(length: length), offset: lengthOffset))
      try reader.skip(length - 6, "the header chunk")
    }
    return (format, trackCount, division)
  }

  /// Narrows the reader to the Standard MIDI File inside an RMID wrapper:
  /// `RIFF <length, little-endian> RMID` followed by RIFF chunks, one of them `data`.
  mutating func unwrapRIFF() throws(SMFError) {
    try warn(SMFWarning(.riffWrapper, offset: 0))
    reader.offset += 4
    let riffLength = Int(try reader.readUInt32LittleEndian("the RIFF length"))
    let riffEnd = min(reader.end, reader.offset + riffLength)
    guard try reader.readChunkType() == .rmid else {
      throw reader.error(.riffWithoutMIDIData, at: 8)
    }
    while riffEnd - reader.offset >= 8 {
      let type = try reader.readChunkType()
      let length = Int(try reader.readUInt32LittleEndian("a RIFF chunk length"))
      if type == .riffData {
        reader.end = min(riffEnd, reader.offset + length)
        return
      }
      reader.offset = min(riffEnd, reader.offset + length + (length & 1))
    }
    throw reader.error(.riffWithoutMIDIData)
  }
}
