/// The header's format: how the tracks of a file relate.
public enum Format: UInt16, Hashable, Sendable {
  /// One multi-channel track.
  case singleTrack = 0
  /// Simultaneous tracks of one song.
  case multipleTracks = 1
  /// Independent single-track patterns.
  case independentTracks = 2
}
