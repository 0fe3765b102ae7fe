/// Goes on where ``FileParser/parseFile()`` stops: the same header and chunk loop, started
/// again after each track whose events fail, and after a bad format or division.
///
/// Bounded: every loop advances a cursor that never moves back and stops at the end of the
/// bytes, and each chunk moves it by at least 8 bytes. A track that fails may have been read
/// to the end of the file (the reader's tentative read past a short declared length), so the
/// bytes failed tracks may re-read are counted, and resynchronising stops once they exceed
/// four times the file (plus 1 MiB): the work stays linear in the file's size.
struct Diagnoser {
  var parser: FileParser
  var problems: [SMFProblem] = []
  /// Keeps the warnings that come once per file to one each across the tracks read.
  var oncePerFile = OncePerFileWarnings()
  var format: Format?
  /// Where the `MThd` chunk starts (after an RMID wrapper, if any).
  var headerStart = 0
  /// The header's track count, when it could be read.
  var declaredTrackCount: Int?
  var eventCount = 0
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

  /// The number of `MTrk` chunks met, readable or not.
  var trackIndex: Int { parser.trackCount }

  /// The bytes the track parsers went over, every pass counted.
  var bytesScanned: Int { parser.scannedBytes }

  /// Moves the warnings the parser collected into `problems`.
  mutating func takeWarnings() {
    oncePerFile.append(contentsOf: parser.takeWarnings(), to: &problems)
  }

  mutating func record(_ error: SMFError) {
    takeWarnings()
    problems.append(error)
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
    do {
      try parser.checkTrackCount(format: format, declared: declaredTrackCount, headerStart: headerStart)
    } catch {
      record(error)  // not met: the parser is tolerant
    }
    takeWarnings()
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
        var header = reader
        header.offset = headerStart + 4
        guard let length = try? Int(header.readUInt32("the header length")), length <= header.remaining
        else { return false }
        let end = header.offset + length
        if length >= 4, let rawFormat = try? header.readUInt16("the header's format"),
          let trackCount = try? header.readUInt16("the header's track count")
        {
          format = Format(rawValue: rawFormat)
          declaredTrackCount = Int(trackCount)
        }
        reader.offset = end
        return true
      default:
        return false
      }
    }
  }

  /// The reader's own chunk loop, gone on with after each track whose events fail: at its
  /// declared end when a chunk starts there, else at the next `MTrk` after the error.
  mutating func readChunks() {
    var events = 0
    defer { eventCount += events }
    while true {
      do {
        try parser.parseChunkSequence(into: TrackSummary.self, eachTrack: { events += $1.eventCount }) { _ in
        }
        return
      } catch {
        record(error)
        // Only a track's events can fail in a tolerant chunk loop; the cursor is at its data.
        guard error.track != nil else { return }
        resyncBudget -= reader.remaining
        let next = resynchronisationPoint(
          after: error.offset, declaredEnd: reader.offset + parser.trackDeclaredLength)
        if resyncBudget < 0 && next < reader.end {
          problems.append(SMFProblem(.notChecked(count: reader.end - next), offset: next))
          return
        }
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
