/// A Standard MIDI File: its header values, its tracks, and any chunks of other types.
///
/// Read one with ``init(bytes:options:)`` (or ``read(_:options:)`` for the warnings too) and
/// write one with ``serialized(runningStatus:)``. Reading what was written gives the same
/// value: `try MIDIFile(bytes: file.serialized()) == file`.
public struct MIDIFile: Hashable, Sendable {
  /// How the tracks relate (0, 1 or 2).
  public var format: Format
  /// What a tick means.
  public var division: Division
  /// The track chunks, in file order.
  public var tracks: [Track]
  /// Chunks of other types, each with its place among the tracks.
  public var unknownChunks: [UnknownChunk]

  /// Creates a file from its parts.
  public init(
    format: Format = .multipleTracks, division: Division = .ticksPerQuarter(480),
    tracks: [Track] = [], unknownChunks: [UnknownChunk] = []
  ) {
    self.format = format
    self.division = division
    self.tracks = tracks
    self.unknownChunks = unknownChunks
  }

  /// The number of events in all tracks.
  public var eventCount: Int { tracks.reduce(0) { $0 + $1.events.count } }

  /// The tick of the latest End of Track among the tracks.
  public var endTick: Int { tracks.map(\.endTick).max() ?? 0 }
}
