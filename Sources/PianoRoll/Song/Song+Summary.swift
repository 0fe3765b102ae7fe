import SMF

/// What `midiroll info` shows: length, bars, meters, tempos and keys with their places.
extension Song {
  /// A summary of the song, computed once.
  public var summary: SongSummary { SongSummary(self) }
}

/// Length, bars, meters, tempos, keys and notes of a song, with positions and seconds.
public struct SongSummary: Hashable, Sendable {
  /// A tempo with its place in the song.
  public struct PlacedTempo: Hashable, Sendable {
    /// The tempo and its tick.
    public var tempo: TempoChange
    /// Where it starts in bars and beats.
    public var position: Position
    /// When it starts, in seconds.
    public var seconds: Double
  }

  /// A key signature with its place in the song.
  public struct PlacedKey: Hashable, Sendable {
    /// The key and its tick.
    public var key: KeySignature
    /// Where it starts in bars and beats.
    public var position: Position
  }

  /// The song's last tick.
  public var endTick: Int
  /// The song's length in seconds.
  public var durationSeconds: Double
  /// Bars needed to hold the song (see ``TimeSignatureMap/barCount(endTick:)``).
  public var barCount: Int
  /// Every meter with its tick and the bar it starts (4/4 at bar 0 when the song has none).
  public var timeSignatures: [TimeSignatureChange]
  /// Every tempo with its place (120 BPM at 0 when the song has none).
  public var tempos: [PlacedTempo]
  /// Every key signature with its place.
  public var keySignatures: [PlacedKey]
  /// The number of notes in each track.
  public var notesPerTrack: [Int]
  /// The lowest and highest pitch, or `nil` without notes.
  public var pitchRange: ClosedRange<UInt8>?

  /// Summarizes a song.
  public init(_ song: Song) {
    self.init(
      timeline: song.makeTimeline(), endTick: song.endTick, notesPerTrack: song.tracks.map(\.notes.count),
      pitchRange: song.pitchRange)
  }

  /// Summarizes a file from its one-pass summary (``MIDIFile/summarize(_:options:)``), without
  /// a song: the same values as the summary of the file's ``Song``.
  public init(_ file: MIDIFileSummary) {
    let ranges = file.tracks.compactMap(\.pitchRange)
    self.init(
      timeline: Timeline(division: file.division, tracks: file.tracks.map(\.timelineEvents)),
      endTick: file.tracks.reduce(0) { max($0, $1.endTick) }, notesPerTrack: file.tracks.map(\.noteCount),
      pitchRange: ranges.isEmpty
        ? nil : ranges.map(\.lowerBound).min()!...ranges.map(\.upperBound).max()!)
  }

  /// Summarizes a timeline up to `endTick`.
  init(timeline: Timeline, endTick: Int, notesPerTrack: [Int], pitchRange: ClosedRange<UInt8>?) {
    self.endTick = endTick
    durationSeconds = timeline.seconds(atTick: endTick)
    barCount = timeline.timeSignatures.barCount(endTick: endTick)
    timeSignatures = timeline.timeSignatures.changes
    tempos = timeline.tempos.changes.map {
      PlacedTempo(
        tempo: $0, position: timeline.position(atTick: $0.tick),
        seconds: timeline.seconds(atTick: $0.tick))
    }
    keySignatures = timeline.keySignatures.map {
      PlacedKey(key: $0, position: timeline.position(atTick: $0.tick))
    }
    self.notesPerTrack = notesPerTrack
    self.pitchRange = pitchRange
  }
}
