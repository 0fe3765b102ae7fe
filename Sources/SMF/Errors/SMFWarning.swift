/// A problem the reader tolerated, and where it found it.
///
/// Real files are sloppy; these are read anyway. ``ReadOptions/strict`` turns the first one
/// into an ``SMFError`` instead.
public struct SMFWarning: Hashable, Sendable, CustomStringConvertible {
  /// What was tolerated.
  public enum Kind: Hashable, Sendable {
    /// A track chunk ends without an End of Track meta event; one was added at the last tick.
    case missingEndOfTrack
    /// Bytes follow End of Track inside its chunk; they were skipped.
    case bytesAfterEndOfTrack(count: Int)
    /// A track chunk declares more bytes than the file has; it was read to the file's end.
    case trackLengthPastEnd(declared: Int, available: Int)
    /// A track's events run past its declared length; they were read up to End of Track.
    case trackLengthTooShort(declared: Int, actual: Int)
    /// A track's declared length runs over the next track chunk, which starts right after its
    /// End of Track; the track was ended there.
    case trackLengthTooLong(declared: Int, actual: Int)
    /// Bytes after the last chunk that do not form a chunk; they were skipped.
    case trailingBytes(count: Int)
    /// The file is wrapped in a RIFF `RMID` container.
    case riffWrapper
    /// The header chunk is longer than 6 bytes; the extra bytes were skipped.
    case headerLonger(length: Int)
    /// The header declares a different number of tracks than the file holds.
    case trackCountMismatch(declared: Int, found: Int)
    /// A format 0 file with more than one track.
    case format0WithManyTracks(count: Int)
    /// A channel message uses running status right after a meta or SysEx event.
    case runningStatusAfterMetaOrSysEx
    /// A chunk of a type this reader does not know; it was kept as bytes.
    case unknownChunk(ChunkType)
  }

  /// What was tolerated.
  public let kind: Kind
  /// The byte offset in the file.
  public let offset: Int
  /// The 0-based track index, or `nil` outside any track.
  public let track: Int?

  /// Creates a warning.
  public init(_ kind: Kind, offset: Int, track: Int? = nil) {
    self.kind = kind
    self.offset = offset
    self.track = track
  }

  /// One line: where, then what.
  public var description: String {
    var place = "byte \(offset)"
    if let track { place += ", track \(track)" }
    return "\(place): \(kind.message)"
  }
}

extension SMFWarning.Kind {
  /// A short human sentence for this kind, without the location.
  public var message: String {
    switch self {
    case .missingEndOfTrack:
      return "track has no End of Track event (one was added at its last tick)"
    case .bytesAfterEndOfTrack(let count):
      return "\(count) byte(s) after End of Track inside the track chunk were skipped"
    case .trackLengthPastEnd(let declared, let available):
      return "track chunk declares \(declared) bytes but only \(available) are left"
    case .trackLengthTooShort(let declared, let actual):
      return "track chunk declares \(declared) bytes but its events take \(actual)"
    case .trackLengthTooLong(let declared, let actual):
      return "track chunk declares \(declared) bytes but the next track starts after \(actual)"
    case .trailingBytes(let count):
      return "\(count) byte(s) after the last chunk were skipped"
    case .riffWrapper:
      return "file is wrapped in a RIFF RMID container"
    case .headerLonger(let length):
      return "header chunk is \(length) bytes (expected 6); the extra bytes were skipped"
    case .trackCountMismatch(let declared, let found):
      return "header declares \(declared) track(s) but the file holds \(found)"
    case .format0WithManyTracks(let count):
      return "format 0 file holds \(count) tracks (expected 1)"
    case .runningStatusAfterMetaOrSysEx:
      return "running status used after a meta or SysEx event"
    case .unknownChunk(let type):
      return "unknown chunk \"\(type)\" kept as bytes"
    }
  }
}
