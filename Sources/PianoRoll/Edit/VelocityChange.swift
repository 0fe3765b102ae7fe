/// Changes the note-on velocities of every note (drums included); off-velocities stay.
///
/// Results are whole numbers rounded to the nearest (halves up) and kept within 1…127, since a
/// note-on of velocity 0 would be a note-off.
public enum VelocityChange: Hashable, Sendable, CustomStringConvertible {
  /// Scale by a percentage: `80` makes every velocity 80 % of what it was.
  case scale(percent: Int)
  /// Set every velocity to one value, 1–127.
  case set(UInt8)
  /// Compress (or expand) the whole range 1…127 linearly into `range`: 1 becomes the low end,
  /// 127 the high end, 64 the middle.
  case range(ClosedRange<UInt8>)

  /// The velocity a note of velocity `velocity` gets.
  public func apply(to velocity: UInt8) -> UInt8 {
    let value: Int
    switch self {
    case .scale(let percent):
      value = (Int(velocity) * min(100_000, max(0, percent)) * 2 + 100) / 200
    case .set(let target):
      value = Int(target)
    case .range(let range):
      let low = Int(range.lowerBound)
      let span = Int(range.upperBound) - low
      value = low + ((Int(max(1, velocity)) - 1) * span * 2 + 126) / 252
    }
    return UInt8(min(127, max(1, value)))
  }

  /// The change as people write it: `scale 80%`, `set 100`, `range 40...110`.
  public var description: String {
    switch self {
    case .scale(let percent): "scale \(percent)%"
    case .set(let value): "set \(value)"
    case .range(let range): "range \(range.lowerBound)...\(range.upperBound)"
    }
  }

  /// Changes the velocities of a song's notes in place.
  /// - Returns: How many notes changed.
  /// - Complexity: O(*n*) in the number of notes.
  @discardableResult
  public func change(_ song: inout Song) -> VelocityReport {
    var report = VelocityReport(change: description)
    let table = (0...127).map { apply(to: UInt8($0)) }
    for index in song.tracks.indices {
      // Velocities move nothing in time: the track keeps the order it is written in.
      let writingOrder = song.tracks[index].writingOrder
      song.tracks[index].notes.withUnsafeMutableBufferPointer { notes in
        for i in notes.indices {
          let before = notes[i].velocity
          let after = table[Int(min(127, before))]
          if after != before {
            notes[i].velocity = after
            report.changed += 1
          }
        }
        report.notes += notes.count
      }
      song.tracks[index].writingOrder = writingOrder
    }
    return report
  }
}

extension Song {
  /// Changes the velocities of the song's notes (see ``VelocityChange``).
  /// - Returns: How many notes changed.
  @discardableResult
  public mutating func changeVelocities(with change: VelocityChange) -> VelocityReport {
    change.change(&self)
  }
}
