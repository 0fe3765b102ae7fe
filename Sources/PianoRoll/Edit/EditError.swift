import SMF

/// Why an edit of a song (``Transposition``, ``SongSlice``, ``Resampling``, ``TrackLayout``)
/// could not be made. Each case reads as one line.
public enum EditError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Transposing would push notes (or key-pressure events) past 0…127 and the policy is
  /// ``Transposition/OutOfRange/fail``: how many, and the first few as `name (pitch) at tick t in track n`.
  case outOfRange(semitones: Int, count: Int, examples: [String])
  /// A slice that begins at or after the end of the song.
  case sliceAfterEnd(slice: String, songEnd: String)
  /// A slice with nothing in it (its end at or before its start).
  case emptySlice(String)
  /// A ticks-per-beat value outside 1…32767.
  case badTicksPerBeat(Int)
  /// Resampling a song whose ticks are SMPTE frames.
  case smpteDivision(framesPerSecond: Int, ticksPerFrame: Int)
  /// Merging or splitting a format 2 song (independent patterns, not tracks played together).
  case independentTracks

  /// One line: what was asked and why it cannot be done.
  public var description: String {
    switch self {
    case .outOfRange(let semitones, let count, let examples):
      let more = count > examples.count ? ", …" : ""
      return
        "transposing by \(Self.signed(semitones)) semitones pushes \(count) note\(count == 1 ? "" : "s") "
        + "past 0-127: \(examples.joined(separator: ", "))\(more)"
    case .sliceAfterEnd(let slice, let songEnd):
      return "the slice \(slice) begins after the song's end (\(songEnd))"
    case .emptySlice(let slice):
      return "the slice \(slice) is empty: its end is not after its start"
    case .badTicksPerBeat(let value):
      return "\(value) ticks per beat: expected 1 to 32767"
    case .smpteDivision(let framesPerSecond, let ticksPerFrame):
      return
        "the song counts SMPTE time (\(framesPerSecond) frames per second, \(ticksPerFrame) ticks per frame), "
        + "not ticks per beat: it cannot be resampled to ticks per beat"
    case .independentTracks:
      return "the song is format 2 (independent patterns, not tracks played together): "
        + "its tracks cannot be merged or split"
    }
  }

  /// An integer with its sign: `+2`, `-5`, `0`.
  static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : String(value) }
}
