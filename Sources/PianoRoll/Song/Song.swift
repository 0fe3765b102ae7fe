import SMF

/// A piano-roll song: tracks of notes plus every other event, with the header of its file.
///
/// Build one from a Standard MIDI File (``init(file:)``, ``init(bytes:options:)``) or from
/// piano-roll JSON (`PianoRollJSON.decode(_:)`, module PianoRollJSON); edit its tracks; write it back with
/// ``midiFile()`` / ``serialized()`` or `PianoRollJSON.encode(_:)`. Positions and seconds come
/// from its ``timeline``.
public struct Song: Hashable, Sendable {
  /// How the tracks relate (0, 1 or 2).
  public var format: Format
  /// What a tick means.
  public var division: Division
  /// The tracks, in file order.
  public var tracks: [SongTrack]
  /// Chunks of other types from the file, kept so that writing the file back keeps them.
  public var unknownChunks: [UnknownChunk]

  /// Creates a song from its parts.
  public init(
    format: Format = .multipleTracks, division: Division = .ticksPerQuarter(480),
    tracks: [SongTrack] = [], unknownChunks: [UnknownChunk] = []
  ) {
    self.format = format
    self.division = division
    self.tracks = tracks
    self.unknownChunks = unknownChunks
  }

  /// The song's meters, tempos and keys, built from the meta events of every track.
  ///
  /// Built anew at each call: make it once per song and pass it to what needs it.
  /// - Complexity: O(*n*) in the number of non-note events.
  public func makeTimeline() -> Timeline {
    // Only the meta events that make the maps become `TrackEvent`s (not every controller).
    Timeline(
      division: division,
      tracks: tracks.map { track in
        let events = track.events
        return events.indices.lazy.filter { Self.makesTimeline(metaType: events.metaType(at: $0)) }
          .map { events[$0] }
      })
  }

  /// Whether ``makeTimeline()`` reads a meta event of this type (`nil`: not a meta event):
  /// tempo, time signature, key signature.
  private static func makesTimeline(metaType: UInt8?) -> Bool {
    switch metaType {
    case MetaEvent.Kind.tempo.rawValue, MetaEvent.Kind.timeSignature.rawValue,
      MetaEvent.Kind.keySignature.rawValue:
      true
    default: false
    }
  }

  /// The number of notes in all tracks.
  public var noteCount: Int { tracks.reduce(0) { $0 + $1.notes.count } }

  /// The last tick of the song: the latest track end.
  public var endTick: Int { tracks.reduce(0) { max($0, $1.endTick) } }

  /// The lowest and highest pitch of all notes, or `nil` without notes.
  public var pitchRange: ClosedRange<UInt8>? {
    tracks.compactMap(\.pitchRange).reduce(nil) { range, next in
      guard let range else { return next }
      return min(range.lowerBound, next.lowerBound)...max(range.upperBound, next.upperBound)
    }
  }

  /// Every note of every track, in track order.
  public var allNotes: [Note] { tracks.flatMap(\.notes) }
}
