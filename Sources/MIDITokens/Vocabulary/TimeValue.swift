/// A time token's value, `beat.position.resolution` (`Duration_2.5.8`): `beat` beats and
/// `position` positions of `resolution` per beat.
public struct TimeValue: Hashable, Sendable, CustomStringConvertible {
  /// Whole beats.
  public var beat: Int
  /// Positions past the beats.
  public var position: Int
  /// Positions per beat.
  public var resolution: Int

  /// Creates a value.
  public init(_ beat: Int, _ position: Int, _ resolution: Int) {
    self.beat = beat
    self.position = position
    self.resolution = resolution
  }

  /// Its ticks at a number of ticks per beat: `(beat × res + pos) × tpb // res`
  /// (`_time_token_to_ticks`).
  public func ticks(ticksPerBeat: Int) -> Int {
    (beat * resolution + position) * ticksPerBeat / resolution
  }

  /// `beat.position.resolution`.
  public var description: String { "\(beat).\(position).\(resolution)" }

  /// MidiTok's `_create_durations_tuples` (and `__create_rests`): every beat of every range
  /// at its resolution, then the end of the range that sorts last (`max(max(beat_res))`), the
  /// first value (0) removed.
  static func values(of ranges: [BeatRange]) -> [TimeValue] {
    var values: [TimeValue] = []
    for range in ranges {
      for beat in range.start..<range.end {
        for position in 0..<range.resolution { values.append(TimeValue(beat, position, range.resolution)) }
      }
    }
    if let last = ranges.max(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
      values.append(TimeValue(max(last.start, last.end), 0, last.resolution))
    }
    if !values.isEmpty { values.removeFirst() }
    return values
  }
}
