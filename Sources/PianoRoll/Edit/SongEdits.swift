/// Edits made to a song in one pass, always in this order: slice, resample, transpose,
/// velocity, then merge or split.
///
/// The order makes every option mean what it says on the input: bars and seconds of a slice
/// are the input's, a resampled song is transposed and regrouped like any other. (The
/// command line then filters to keys and quantizes, in that order, after the edits.)
public struct SongEdits: Hashable, Sendable {
  /// Cut the song to these bars or seconds.
  public var slice: SongSlice?
  /// Change the ticks per beat.
  public var resampling: Resampling?
  /// Move notes and keys by semitones.
  public var transposition: Transposition?
  /// Change note velocities.
  public var velocity: VelocityChange?
  /// Merge or split the tracks.
  public var layout: TrackLayout?

  /// Creates a set of edits (by default none).
  public init(
    slice: SongSlice? = nil, resampling: Resampling? = nil, transposition: Transposition? = nil,
    velocity: VelocityChange? = nil, layout: TrackLayout? = nil
  ) {
    self.slice = slice
    self.resampling = resampling
    self.transposition = transposition
    self.velocity = velocity
    self.layout = layout
  }

  /// Whether there is nothing to do.
  public var isEmpty: Bool {
    slice == nil && resampling == nil && transposition == nil && velocity == nil && layout == nil
  }

  /// Makes the edits, in order.
  /// - Returns: One line per edit saying what it did.
  /// - Throws: ``EditError`` from the first edit that cannot be made; the song may then hold
  ///   the edits before it.
  @discardableResult
  public func apply(to song: inout Song) throws(EditError) -> [String] {
    var lines: [String] = []
    if let slice { lines.append(try song.slice(with: slice).description) }
    if let resampling { lines.append(try song.resample(with: resampling).description) }
    if let transposition { lines.append(try song.transpose(with: transposition).description) }
    if let velocity { lines.append(song.changeVelocities(with: velocity).description) }
    if let layout { lines.append(try song.regroupTracks(with: layout).description) }
    return lines
  }
}

extension Song {
  /// Makes a set of edits, in their fixed order (see ``SongEdits``).
  /// - Returns: One line per edit saying what it did.
  @discardableResult
  public mutating func edit(with edits: SongEdits) throws(EditError) -> [String] {
    try edits.apply(to: &self)
  }
}
