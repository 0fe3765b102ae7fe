/// A song as muspy 0.5 reads a MIDI file (`muspy.read_midi(path)`, its mido backend, default
/// arguments): the parts of its `Music` object that its metrics and the statistics use.
///
/// Times are integer ticks as muspy keeps them (its own time: per-MTrk absolute ticks, where a
/// meta event of an unknown type lost its delta-time); docs/DESIGN.md ("muspy's reading") lists
/// every rule.
public struct MuspyMusic: Sendable, Equatable {
  /// A note: onset, duration and pitch in muspy's ticks, and whether its track is a drum track.
  public struct Note: Sendable, Equatable {
    /// The onset tick.
    public var time: Int
    /// The length in ticks (0 for a note-off at its onset's tick).
    public var duration: Int
    /// The MIDI pitch, 0–127.
    public var pitch: UInt8
    /// Whether its track is on channel 10 (index 9).
    public var isDrum: Bool

    /// The tick the note ends at.
    public var end: Int { time + duration }
  }

  /// One of muspy's tracks: one per (MTrk, program, channel) that a note or a control change
  /// created.
  public struct Track: Sendable, Equatable {
    /// The General MIDI program (0–127) in force on the channel when the track was made.
    public var program: UInt8
    /// Whether the channel is channel 10 (index 9).
    public var isDrum: Bool
    /// How many notes it holds.
    public var noteCount: Int
    /// muspy's `Track.get_end_time()`: the latest note end or control-change time, or 0.
    public var endTime: Int
  }

  /// A time signature as muspy keeps it (`TimeSignature`), in file order.
  public struct TimeSignature: Sendable, Equatable {
    /// Its tick.
    public var time: Int
    /// Beats in a bar.
    public var numerator: Int
    /// The power of two of the denominator (the meta event's second byte): 2 is a quarter note.
    public var denominatorExponent: Int
  }

  /// Ticks per quarter note (`Music.resolution`).
  public var resolution: Int
  /// Every note of every track (drum tracks included), grouped by track.
  public var notes: [Note]
  /// The tracks, in muspy's order (MTrk order, then creation).
  public var tracks: [Track]
  /// Tempos in quarter notes per minute (`6e7 / tempo`) with their ticks, in file order.
  public var tempos: [(time: Int, qpm: Double)]
  /// Time signatures, in file order (not sorted by time: the first is the first met).
  public var timeSignatures: [TimeSignature]

  /// Creates a song from its parts.
  public init(
    resolution: Int, notes: [Note], tracks: [Track], tempos: [(time: Int, qpm: Double)],
    timeSignatures: [TimeSignature]
  ) {
    self.resolution = resolution
    self.notes = notes
    self.tracks = tracks
    self.tempos = tempos
    self.timeSignatures = timeSignatures
  }

  /// The length muspy's length-based metrics use: the largest track end time, or `nil` when
  /// there are no tracks (muspy's `max()` of an empty sequence raises ValueError).
  public var length: Int? { tracks.isEmpty ? nil : tracks.reduce(0) { max($0, $1.endTime) } }

  /// Two readings are equal when every part is (tempos compared by tick and value).
  public static func == (lhs: MuspyMusic, rhs: MuspyMusic) -> Bool {
    lhs.resolution == rhs.resolution && lhs.notes == rhs.notes && lhs.tracks == rhs.tracks
      && lhs.timeSignatures == rhs.timeSignatures
      && lhs.tempos.map(\.time) == rhs.tempos.map(\.time) && lhs.tempos.map(\.qpm) == rhs.tempos.map(\.qpm)
  }
}
