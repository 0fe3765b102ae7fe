/// One problem found in a file: either one the reader tolerates (a warning) or one it cannot
/// read past (an error), with the byte offset and the track where it is.
public struct SMFProblem: Hashable, Sendable, CustomStringConvertible {
  /// What the problem is.
  public enum Kind: Hashable, Sendable {
    /// A problem the reader tolerates; the file is read anyway.
    case warning(SMFWarning.Kind)
    /// A problem the reader cannot read past.
    case error(SMFError.Kind)
    /// So many tracks failed that the diagnosis stopped; this many bytes were not checked.
    case notChecked(count: Int)
  }

  /// What the problem is.
  public let kind: Kind
  /// The byte offset in the file.
  public let offset: Int
  /// The 0-based index of the track chunk, or `nil` outside any track.
  public let track: Int?

  /// Creates a problem.
  public init(_ kind: Kind, offset: Int, track: Int? = nil) {
    self.kind = kind
    self.offset = offset
    self.track = track
  }

  /// A problem from a warning.
  public init(_ warning: SMFWarning) {
    self.init(.warning(warning.kind), offset: warning.offset, track: warning.track)
  }

  /// A problem from an error.
  public init(_ error: SMFError) {
    self.init(.error(error.kind), offset: error.offset, track: error.track)
  }

  /// Whether the reader cannot read past this problem.
  public var isError: Bool {
    if case .warning = kind { return false }
    return true
  }

  /// One sentence that names what is wrong, the byte offset where it is, and what was
  /// expected, without the track: `note-on has a data byte 0x90 at byte 1042 (expected
  /// 0x00–0x7F)`.
  public var message: String {
    switch kind {
    case .warning(let warning): return warning.sentence(at: offset)
    case .error(let error): return error.sentence(at: offset)
    case .notChecked(let count):
      return "too many broken tracks: the \(count) byte(s) from byte \(offset) on were not checked"
    }
  }

  /// The message, preceded by the track where there is one: `track 3: note-on has …`.
  public var description: String {
    guard let track else { return message }
    return "track \(track): \(message)"
  }
}

/// Everything ``MIDIFile/diagnose(_:maximumFileSize:)`` found in a file.
public struct SMFDiagnosis: Hashable, Sendable {
  /// Every problem found, in the order the reader meets them.
  public var problems: [SMFProblem]
  /// What ``MIDIFile/read(_:options:)`` returns for the file, or `nil` when it cannot be read.
  public var result: ReadResult?
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
    bytesScanned: Int = 0
  ) {
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

extension MIDIFile {
  /// Reads a file tolerantly and lists every problem in it, not only the first error.
  ///
  /// A readable file gives exactly the reader's warnings. In a file that cannot be read, an
  /// error inside a track is recorded and reading goes on at the next chunk: the chunk's
  /// declared end when a chunk starts there, else the next `MTrk` after the error. A bad
  /// format or division in the header is recorded and the tracks are still checked.
  /// - Parameter maximumFileSize: Refuse larger inputs with one error (`nil`: no limit).
  /// - Complexity: O(*n*) in the number of bytes. Resynchronising after errors stops (with one
  ///   more error) once the tracks re-read past their errors add up to 4 times the file.
  public static func diagnose(_ bytes: [UInt8], maximumFileSize: Int? = nil) -> SMFDiagnosis {
    if let limit = maximumFileSize, bytes.count > limit {
      return SMFDiagnosis(
        problems: [SMFProblem(.error(.fileTooLarge(size: bytes.count, limit: limit)), offset: 0)],
        result: nil, format: nil, trackChunkCount: 0, eventCount: 0)
    }
    do {
      let result = try read(bytes)
      return SMFDiagnosis(
        problems: result.warnings.map(SMFProblem.init), result: result, format: result.file.format,
        trackChunkCount: result.file.tracks.count, eventCount: result.file.eventCount)
    } catch {
      var diagnoser = Diagnoser(bytes: bytes)
      diagnoser.run()
      return SMFDiagnosis(
        problems: diagnoser.problems, result: nil, format: diagnoser.format,
        trackChunkCount: diagnoser.trackIndex, eventCount: diagnoser.eventCount,
        bytesScanned: diagnoser.bytesScanned)
    }
  }
}

/// The chunk loop of ``FileParser/parseFile()``, going on past errors.
///
/// Bounded: every loop advances a cursor that never moves back and stops at the end of the
/// bytes, and each chunk moves it by at least 8 bytes. A track that fails may have been read
/// to the end of the file (the reader's tentative read past a short declared length), so the
/// bytes failed tracks may re-read are counted, and resynchronising stops once they exceed
/// four times the file (plus 1 MiB): the work stays linear in the file's size.
struct Diagnoser {
  var parser: FileParser
  var problems: [SMFProblem] = []
  var format: Format?
  /// Where the `MThd` chunk starts (after an RMID wrapper, if any).
  var headerStart = 0
  /// The header's track count, when it could be read.
  var declaredTrackCount: Int?
  /// The number of `MTrk` chunks met so far.
  var trackIndex = 0
  var eventCount = 0
  /// The bytes the track parsers went over, every pass counted.
  var bytesScanned = 0
  /// Bytes that failed tracks may still re-read before the diagnosis stops resynchronising.
  var resyncBudget: Int

  init(bytes: [UInt8]) {
    parser = FileParser(bytes: bytes, strict: false)
    resyncBudget = 4 * bytes.count + (1 << 20)
  }

  var reader: ByteReader {
    get { parser.reader }
    set { parser.reader = newValue }
  }

  /// Moves the warnings the parser collected into `problems`.
  mutating func takeWarnings() {
    problems += parser.warnings.map(SMFProblem.init)
    parser.warnings.removeAll()
  }

  mutating func record(_ error: SMFError) {
    takeWarnings()
    problems.append(SMFProblem(error))
  }

  /// Diagnoses the file. It meets the error ``MIDIFile/read(_:options:)`` throws, since it
  /// reads the same way, only further (a law the fuzz targets check).
  mutating func run() {
    if reader.peekChunkType() == .riff {
      do { try parser.unwrapRIFF() } catch {
        record(error)
        return
      }
    }
    takeWarnings()
    guard readHeader() else { return }
    readChunks()
    if let declaredTrackCount, declaredTrackCount != trackIndex {
      problems.append(
        SMFProblem(
          .warning(.trackCountMismatch(declared: declaredTrackCount, found: trackIndex)),
          offset: headerStart + 10))
    }
    if format == .singleTrack && trackIndex > 1 {
      problems.append(
        SMFProblem(.warning(.format0WithManyTracks(count: trackIndex)), offset: headerStart + 8))
    }
  }

  /// Reads the header chunk. A bad format, division or length is recorded and the header
  /// chunk skipped, so that the tracks are still checked.
  /// - Returns: Whether the chunks after the header can be found.
  mutating func readHeader() -> Bool {
    headerStart = reader.offset
    do {
      let header = try parser.parseHeader()
      takeWarnings()
      format = header.format
      declaredTrackCount = Int(header.trackCount)
      return true
    } catch {
      record(error)
      switch error.kind {
      case .unsupportedFormat, .invalidDivision, .headerTooShort:
        // The header's type and length were read: go on after the chunk.
        let bytes = reader.bytes
        let length =
          Int(bytes[headerStart + 4]) << 24 | Int(bytes[headerStart + 5]) << 16
          | Int(bytes[headerStart + 6]) << 8 | Int(bytes[headerStart + 7])
        let end = headerStart + 8 + length
        guard end <= reader.end else { return false }
        if length >= 4 {
          format = Format(rawValue: UInt16(bytes[headerStart + 8]) << 8 | UInt16(bytes[headerStart + 9]))
          declaredTrackCount = Int(bytes[headerStart + 10]) << 8 | Int(bytes[headerStart + 11])
        }
        reader.offset = end
        return true
      default:
        return false
      }
    }
  }

  /// The chunks after the header, as ``FileParser/parseFile()`` reads them.
  mutating func readChunks() {
    while !reader.isAtEnd {
      let chunkStart = reader.offset
      guard reader.remaining >= 8, let type = reader.peekChunkType(), type.isPrintable else {
        problems.append(SMFProblem(.warning(.trailingBytes(count: reader.remaining)), offset: chunkStart))
        return
      }
      let bytes = reader.bytes
      let length =
        Int(bytes[chunkStart + 4]) << 24 | Int(bytes[chunkStart + 5]) << 16
        | Int(bytes[chunkStart + 6]) << 8 | Int(bytes[chunkStart + 7])
      reader.offset = chunkStart + 8
      if type == .track {
        readTrack(declaredLength: length)
      } else if length <= reader.remaining {
        problems.append(SMFProblem(.warning(.unknownChunk(type)), offset: chunkStart))
        reader.offset += length
      } else {
        problems.append(
          SMFProblem(.warning(.trailingBytes(count: reader.end - chunkStart)), offset: chunkStart))
        return
      }
    }
  }

  /// Reads one track chunk whose data starts at the cursor; after an error, moves the cursor
  /// to where the next chunk is most likely to start.
  mutating func readTrack(declaredLength: Int) {
    defer { trackIndex += 1 }
    var trackParser = TrackParser(
      reader: reader, index: trackIndex, declaredLength: declaredLength, strict: false)
    defer { bytesScanned += trackParser.scannedBytes }
    do {
      let track = try trackParser.parse()
      problems += trackParser.warnings.map(SMFProblem.init)
      eventCount += track.events.count
      reader.offset = trackParser.chunkEnd
    } catch {
      problems += trackParser.warnings.map(SMFProblem.init)
      problems.append(SMFProblem(error))
      resyncBudget -= reader.remaining
      let next = resynchronisationPoint(after: error.offset, declaredEnd: reader.offset + declaredLength)
      if resyncBudget < 0 && next < reader.end {
        problems.append(SMFProblem(.notChecked(count: reader.end - next), offset: next))
        reader.offset = reader.end
      } else {
        reader.offset = next
      }
    }
  }

  /// Where to go on after an error inside a track: the track's declared end when a chunk (or
  /// the end of the file) is there, else the next `MTrk` after the error, else the end.
  func resynchronisationPoint(after errorOffset: Int, declaredEnd: Int) -> Int {
    if declaredEnd >= reader.end { return reader.end }
    var probe = reader
    probe.offset = declaredEnd
    if let type = probe.peekChunkType(), type.isPrintable, probe.remaining >= 8 { return declaredEnd }
    let bytes = reader.bytes
    var offset = max(errorOffset + 1, reader.offset)
    while offset + 8 <= reader.end {
      if bytes[offset] == 0x4D && bytes[offset + 1] == 0x54 && bytes[offset + 2] == 0x72
        && bytes[offset + 3] == 0x6B
      {
        return offset
      }
      offset += 1
    }
    return reader.end
  }
}

extension SMFError.Kind {
  /// A sentence for a person that names the byte offset where the problem is.
  func sentence(at offset: Int) -> String {
    switch self {
    case .unexpectedEnd(let expected):
      return "the data ends at byte \(offset) (expected \(expected))"
    case .notAMIDIFile(let found):
      guard let found else {
        return "not a MIDI file: it has fewer than 4 bytes (expected \"MThd\" at byte \(offset))"
      }
      return "not a MIDI file: it starts with \"\(found)\" (expected \"MThd\" at byte \(offset))"
    case .headerTooShort(let length):
      return "the header's length at byte \(offset) is \(length) (expected at least 6)"
    case .unsupportedFormat(let format):
      return "the header's format at byte \(offset) is \(format) (expected 0, 1 or 2)"
    case .invalidDivision(let division):
      return "the header's division at byte \(offset) is 0x\(hex(division, width: 4)) "
        + "(expected ticks per quarter note 1–32767, or SMPTE -24, -25, -29 or -30 frames "
        + "with ticks per frame > 0)"
    case .variableLengthQuantityTooLong:
      return "the variable-length quantity at byte \(offset) runs past 4 bytes "
        + "(expected bit 7 clear in its 4th byte)"
    case .declaredLengthPastEnd(let what, let declared, let available):
      return "\(what) declares \(declared) bytes of data at byte \(offset) "
        + "but only \(available) are left"
    case .missingRunningStatus(let byte):
      return "data byte 0x\(hex(byte)) at byte \(offset) where a status byte was expected "
        + "(no running status in effect)"
    case .dataByteOutOfRange(let message, let byte):
      return "\(message) has a data byte 0x\(hex(byte)) at byte \(offset) (expected 0x00–0x7F)"
    case .unexpectedStatusByte(let byte):
      return "status byte 0x\(hex(byte)) at byte \(offset) cannot appear in a track "
        + "(expected a channel message, F0, F7 or FF)"
    case .riffWithoutMIDIData:
      return "the RIFF file has no RMID \"data\" chunk holding a MIDI file (looked up to byte \(offset))"
    case .fileTooLarge(let size, let limit):
      return "the file is \(size) bytes, more than the limit of \(limit) bytes"
    default:  // .strict, which diagnosis never gives; kinds added later
      return "at byte \(offset): \(message)"
    }
  }
}

extension SMFWarning.Kind {
  /// A sentence for a person that names the byte offset where the problem is.
  func sentence(at offset: Int) -> String {
    // Worded before the switch, so that its `default` stays reachable: a kind added to
    // SMFWarning later is worded generically (and compiles) until it gets its own sentence.
    if case .riffWrapper = self {
      return "the file is wrapped in a RIFF RMID container (at byte \(offset))"
    }
    switch self {
    case .missingEndOfTrack:
      return "no End of Track event before byte \(offset) (one was added at the track's last tick)"
    case .bytesAfterEndOfTrack(let count):
      return "\(count) byte(s) after End of Track, at byte \(offset), were skipped"
    case .trackLengthPastEnd(let declared, let available):
      return "the track chunk's length at byte \(offset) is \(declared) but only \(available) "
        + "bytes are left (read to the end of the file)"
    case .trackLengthTooShort(let declared, let actual):
      return "the track chunk's length at byte \(offset) is \(declared) but its events take "
        + "\(actual) bytes (read on to End of Track)"
    case .trackLengthTooLong(let declared, let actual):
      return "the track chunk's length at byte \(offset) is \(declared) but the next track starts "
        + "\(actual) bytes in (the track was ended at its End of Track)"
    case .trailingBytes(let count):
      return "\(count) byte(s) from byte \(offset) on are not a chunk and were skipped"
    case .headerLonger(let length):
      return "the header's length at byte \(offset) is \(length) (expected 6); "
        + "the extra bytes were skipped"
    case .trackCountMismatch(let declared, let found):
      return "the header's track count at byte \(offset) is \(declared) "
        + "but the file holds \(found) track chunk(s)"
    case .format0WithManyTracks(let count):
      return "the header's format at byte \(offset) is 0 (one track) but the file holds \(count) tracks"
    case .runningStatusAfterMetaOrSysEx:
      return "running status at byte \(offset) right after a meta or SysEx event"
    case .unknownChunk(let type):
      return "unknown chunk \"\(type)\" at byte \(offset) was kept as bytes"
    default:  // .riffWrapper (above); kinds added later
      return "at byte \(offset): \(message)"
    }
  }
}
