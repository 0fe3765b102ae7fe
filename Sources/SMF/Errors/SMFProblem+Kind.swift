extension SMFProblem {
  /// What a problem is. The kinds the reader tolerates come after the ones it cannot read past.
  public enum Kind: Hashable, Sendable {
    /// The file ended (or a chunk ended) in the middle of something.
    case unexpectedEnd(expected: String)
    /// The file does not start with `MThd` (nor with an RMID wrapper around one).
    case notAMIDIFile(found: ChunkType?)
    /// The header chunk declares fewer than 6 bytes.
    case headerTooShort(length: Int)
    /// The header's format is not 0, 1 or 2.
    case unsupportedFormat(UInt16)
    /// The header's division is zero ticks per quarter note, an unknown SMPTE rate or zero
    /// ticks per frame.
    case invalidDivision(UInt16)
    /// A variable-length quantity has more than four bytes.
    case variableLengthQuantityTooLong
    /// A length in the file claims more bytes than there are.
    case declaredLengthPastEnd(what: String, declared: Int, available: Int)
    /// A data byte where a status byte was needed, with no running status in effect.
    case missingRunningStatus(dataByte: UInt8)
    /// A channel message has a data byte of `0x80` or more.
    case dataByteOutOfRange(message: String, byte: UInt8)
    /// An undefined status byte (`F4`, `F5`, `F9`, `FD`) after which the next event does not
    /// parse (the defined system messages, and the undefined ones followed by an event that
    /// parses, are skipped with a warning: ``systemMessagesSkipped(first:count:bytes:)``).
    case unexpectedStatusByte(UInt8)
    /// System messages skipped between two events join their delta-times into a gap longer
    /// than one delta-time holds: the events after them could not be written back in place.
    case skippedTimeTooLong(ticks: Int)
    /// A RIFF file that holds no `data` chunk with a Standard MIDI File.
    case riffWithoutMIDIData
    /// A file larger than the limit the caller set.
    case fileTooLarge(size: Int, limit: Int)
    /// So many tracks failed that the diagnosis stopped; this many bytes were not checked.
    case notChecked(count: Int)

    /// Tolerated: a track chunk ends without an End of Track meta event; one was added at the
    /// last tick.
    case missingEndOfTrack
    /// Tolerated: bytes follow End of Track inside its chunk; they were skipped.
    case bytesAfterEndOfTrack(count: Int)
    /// Tolerated: a track chunk declares more bytes than the file has; it was read to the
    /// file's end.
    case trackLengthPastEnd(declared: Int, available: Int)
    /// Tolerated: a track's events run past its declared length; they were read up to End of
    /// Track.
    case trackLengthTooShort(declared: Int, actual: Int)
    /// Tolerated: a track's declared length runs over the next track chunk, which starts right
    /// after its End of Track; the track was ended there.
    case trackLengthTooLong(declared: Int, actual: Int)
    /// Tolerated: bytes after the last chunk that do not form a chunk; they were skipped.
    case trailingBytes(count: Int)
    /// Tolerated: the file is wrapped in a RIFF `RMID` container.
    case riffWrapper
    /// Tolerated: the header chunk is longer than 6 bytes; the extra bytes were skipped.
    case headerLonger(length: Int)
    /// Tolerated: the header declares a different number of tracks than the file holds.
    case trackCountMismatch(declared: Int, found: Int)
    /// Tolerated: a format 0 file with more than one track.
    case format0WithManyTracks(count: Int)
    /// Tolerated: a channel message uses running status right after a meta or SysEx event.
    case runningStatusAfterMetaOrSysEx
    /// Tolerated: a chunk of a type this reader does not know; it was kept as bytes.
    case unknownChunk(ChunkType)
    /// Tolerated: system common or real-time messages (`F1`–`F6`, `F8`–`FE`) between a track's
    /// events, skipped with their data bytes. One warning per file, at the first one (`first`
    /// its status byte), counting every message skipped in the file and their bytes.
    case systemMessagesSkipped(first: UInt8, count: Int, bytes: Int)
    /// Tolerated: a track (or the file) ends inside an event; the events before it were kept,
    /// the incomplete one (`droppedBytes` long, counted from its delta-time) was dropped and
    /// the track ended there. One warning per file, at the first, counting the `tracks` cut.
    case eventCutShort(expected: String, droppedBytes: Int, tracks: Int)
  }
}

extension SMFProblem.Kind {
  /// Whether the reader reads past a problem of this kind (unless reading strictly).
  public var severity: SMFProblem.Severity {
    switch self {
    case .unexpectedEnd, .notAMIDIFile, .headerTooShort, .unsupportedFormat, .invalidDivision,
      .variableLengthQuantityTooLong, .declaredLengthPastEnd, .missingRunningStatus, .dataByteOutOfRange,
      .unexpectedStatusByte, .skippedTimeTooLong, .riffWithoutMIDIData, .fileTooLarge, .notChecked:
      return .error
    case .missingEndOfTrack, .bytesAfterEndOfTrack, .trackLengthPastEnd, .trackLengthTooShort,
      .trackLengthTooLong, .trailingBytes, .riffWrapper, .headerLonger, .trackCountMismatch,
      .format0WithManyTracks, .runningStatusAfterMetaOrSysEx, .unknownChunk, .systemMessagesSkipped,
      .eventCutShort:
      return .warning
    }
  }

  /// The one sentence for this kind: what is wrong and what was expected (or what the reader
  /// did about it), without the location.
  public var message: String {
    // Exhaustive: a kind added later does not compile until it has its sentence.
    switch self {
    case .unexpectedEnd(let expected):
      return "the data ends early (expected \(expected))"
    case .notAMIDIFile(let found):
      if let found { return "not a MIDI file (starts with \"\(found)\", expected \"MThd\")" }
      return "not a MIDI file (fewer than 4 bytes, expected \"MThd\")"
    case .headerTooShort(let length):
      return "the header chunk declares \(length) bytes (expected at least 6)"
    case .unsupportedFormat(let format):
      return "format \(format) is not a Standard MIDI File format (expected 0, 1 or 2)"
    case .invalidDivision(let division):
      return "division 0x\(hex(division, width: 4)) is invalid "
        + "(expected ticks per quarter note 1–32767, or SMPTE -24, -25, -29 or -30 frames "
        + "with ticks per frame > 0)"
    case .variableLengthQuantityTooLong:
      return "a variable-length quantity runs past 4 bytes (expected bit 7 clear in its 4th byte)"
    case .declaredLengthPastEnd(let what, let declared, let available):
      return "\(what) declares \(declared) bytes but only \(available) are left"
    case .missingRunningStatus(let byte):
      return "data byte 0x\(hex(byte)) where a status byte was expected (no running status in effect)"
    case .dataByteOutOfRange(let message, let byte):
      return "\(message) has a data byte 0x\(hex(byte)) (expected 0x00–0x7F)"
    case .unexpectedStatusByte(let byte):
      return "status byte 0x\(hex(byte)) cannot appear in a track "
        + "(expected a channel message, F0, F7 or FF)"
    case .skippedTimeTooLong(let ticks):
      return "the system messages skipped here leave \(ticks) ticks between two events, more than "
        + "one delta-time holds (at most 268435455): what follows could not be written back in place"
    case .riffWithoutMIDIData:
      return "RIFF file without an RMID \"data\" chunk holding a MIDI file"
    case .fileTooLarge(let size, let limit):
      return "file is \(size) bytes, more than the limit of \(limit) bytes"
    case .notChecked(let count):
      return "too many broken tracks: the \(count) byte(s) from here on were not checked"
    case .missingEndOfTrack:
      return "track has no End of Track event (one was added at its last tick)"
    case .bytesAfterEndOfTrack(let count):
      return "\(count) byte(s) after End of Track inside the track chunk were skipped"
    case .trackLengthPastEnd(let declared, let available):
      return "track chunk declares \(declared) bytes but only \(available) are left "
        + "(read to the end of the file)"
    case .trackLengthTooShort(let declared, let actual):
      return "track chunk declares \(declared) bytes but its events take \(actual) "
        + "(read on to End of Track)"
    case .trackLengthTooLong(let declared, let actual):
      return "track chunk declares \(declared) bytes but the next track starts after \(actual) "
        + "(the track was ended at its End of Track)"
    case .trailingBytes(let count):
      return "\(count) byte(s) after the last chunk were skipped"
    case .riffWrapper:
      return "file is wrapped in a RIFF RMID container"
    case .headerLonger(let length):
      return "header chunk is \(length) bytes (expected 6); the extra bytes were skipped"
    case .trackCountMismatch(let declared, let found):
      return "header declares \(declared) track(s) but the file holds \(found) track chunk(s)"
    case .format0WithManyTracks(let count):
      return "format 0 file holds \(count) tracks (expected 1)"
    case .runningStatusAfterMetaOrSysEx:
      return "running status used right after a meta or SysEx event"
    case .unknownChunk(let type):
      return "unknown chunk \"\(type)\" kept as bytes"
    case .systemMessagesSkipped(let first, let count, let bytes):
      let what =
        "system message 0x\(hex(first)) (\(SystemMessage.name(of: first))) between events was skipped"
      return count == 1 ? what : what + ", with \(count - 1) more (\(bytes) bytes in all)"
    case .eventCutShort(let expected, let dropped, let tracks):
      let place = tracks == 1 ? "the track" : "each of \(tracks) tracks"
      return "the data ends inside an event (expected \(expected)): \(place) was ended after its last "
        + "complete event (\(dropped) byte(s) dropped)"
    }
  }
}

/// Upper-case hexadecimal of an integer, padded with zeros to `width` digits.
func hex(_ value: some BinaryInteger, width: Int = 2) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
