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
      let track = try trackParser.parseEvents(into: TrackSummary.self)  // counted, not kept
      problems += trackParser.warnings.map(SMFProblem.init)
      eventCount += track.eventCount
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
