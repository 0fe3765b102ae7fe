/// Which key rows a piano roll draws, and which it highlights (a scale's rows).
public struct RowSelection: Hashable, Sendable {
  /// The pitches drawn, low to high; `nil` fits the notes shown, widened to whole octaves.
  public var pitches: ClosedRange<UInt8>?
  /// Pitches whose rows are highlighted (a scale's pitches in every octave); empty for none.
  public var highlighted: Set<UInt8>
  /// Draw only the highlighted rows (a scale folded together); notes on other rows are hidden.
  public var onlyHighlighted: Bool
  /// What the highlighted rows are, for the legend (`D dorian`), or `nil`.
  public var label: String?

  /// Creates a selection.
  public init(
    pitches: ClosedRange<UInt8>? = nil, highlighted: Set<UInt8> = [], onlyHighlighted: Bool = false,
    label: String? = nil
  ) {
    self.pitches = pitches
    self.highlighted = highlighted
    self.onlyHighlighted = onlyHighlighted
    self.label = label
  }

  /// Every pitch in any octave whose pitch class is in `pitchClasses` (0 = C … 11 = B).
  public static func pitches(inPitchClasses pitchClasses: Set<Int>) -> Set<UInt8> {
    Set((0...127).filter { pitchClasses.contains($0 % 12) }.map { UInt8($0) })
  }

  /// The pitches drawn, low to high, for notes spanning `noteRange` (`nil` when there are none;
  /// then the octave of middle C).
  /// - Parameter widenedToOctaves: Widen the notes' range to whole octaves (C to B) when
  ///   ``pitches`` is `nil`.
  public func rowPitches(noteRange: ClosedRange<UInt8>?, widenedToOctaves: Bool = true) -> [UInt8] {
    let range: ClosedRange<UInt8>
    if let pitches {
      range = pitches
    } else if let noteRange, !widenedToOctaves {
      range = noteRange
    } else if let noteRange {
      let low = noteRange.lowerBound - noteRange.lowerBound % 12
      let high = min(127, Int(noteRange.upperBound - noteRange.upperBound % 12) + 11)
      range = low...UInt8(high)
    } else {
      range = 60...71
    }
    let all = Array(range)
    guard onlyHighlighted, !highlighted.isEmpty else { return all }
    return all.filter { highlighted.contains($0) }
  }
}
