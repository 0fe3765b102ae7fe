extension SMFWarning.Kind {
  /// A sentence for a person that names the byte offset where the problem is.
  func sentence(at offset: Int) -> String {
    // Exhaustive: a kind added later does not compile until it has its sentence.
    switch self {
    case .riffWrapper:
      return "the file is wrapped in a RIFF RMID container (at byte \(offset))"
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
    }
  }
}
