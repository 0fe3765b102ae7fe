/// One track's notes as parallel columns, the shape of symusic's and muspy's note arrays: entry
/// `k` of every column describes note `k` of the track (in the track's note order).
public struct NoteColumns: Hashable, Sendable {
  /// The tick where each note starts.
  public var tick: [Int] = []
  /// How many ticks each note lasts.
  public var durationTicks: [Int] = []
  /// The MIDI key of each note.
  public var pitch: [UInt8] = []
  /// The note-on velocity of each note.
  public var velocity: [UInt8] = []
  /// The channel of each note, 0–15.
  public var channel: [UInt8] = []
  /// When each note starts, in seconds.
  public var seconds: [Double] = []
  /// How long each note lasts, in seconds.
  public var durationSeconds: [Double] = []
  /// The bar (0-based) of each note's start, as piano-roll JSON's `position.bar`.
  public var bar: [Int] = []
  /// The beat of each note's start within its bar, with its fraction: piano-roll JSON's
  /// `position` as `beat + (subbeat × 240 + cent) / 960`.
  public var beat: [Double] = []

  /// Columns of these notes.
  public init(notes: [Note], timeline: Timeline) {
    let count = notes.count
    tick.reserveCapacity(count)
    durationTicks.reserveCapacity(count)
    pitch.reserveCapacity(count)
    velocity.reserveCapacity(count)
    channel.reserveCapacity(count)
    seconds.reserveCapacity(count)
    durationSeconds.reserveCapacity(count)
    bar.reserveCapacity(count)
    beat.reserveCapacity(count)
    for note in notes {
      tick.append(note.tick)
      durationTicks.append(note.durationTicks)
      pitch.append(note.pitch)
      velocity.append(note.velocity)
      channel.append(note.channel)
      seconds.append(note.seconds(in: timeline))
      durationSeconds.append(note.durationSeconds(in: timeline))
      let position = note.position(in: timeline)
      bar.append(position.bar)
      beat.append(
        Double(position.beat)
          + Double(position.subbeat * Position.centsPerSubbeat + position.cent)
          / Double(Position.centsPerBeat))
    }
  }

  /// The number of notes.
  public var count: Int { tick.count }
}
