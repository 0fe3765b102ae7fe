/// One track of piano-roll matrices: the notes of one SMF track on one channel (or of the whole
/// song, merged), with what pypianoroll keeps of its instrument.
public struct RollTrack: Hashable, Sendable {
  /// The track's name (its SMF track name, or empty).
  public var name: String
  /// The General MIDI program, 0–127: the last program change on the channel in the track at
  /// or before the first note (0 without one).
  public var program: Int
  /// Whether the notes are on channel 10 (drums).
  public var isDrum: Bool
  /// The SMF track the notes come from (`nil` when merged).
  public var sourceTrack: Int?
  /// The channel the notes come from (`nil` when merged).
  public var channel: UInt8?
  /// The matrix.
  public var roll: SparseRoll

  /// Creates a track.
  public init(
    name: String, program: Int, isDrum: Bool, sourceTrack: Int?, channel: UInt8?, roll: SparseRoll
  ) {
    self.name = name
    self.program = program
    self.isDrum = isDrum
    self.sourceTrack = sourceTrack
    self.channel = channel
    self.roll = roll
  }
}
