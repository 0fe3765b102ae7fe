/// The pitches a song may keep: a range of keys, a scale over a range of octaves, or any set
/// of pitches (the piano-roll view's ranged, scale and custom keys).
///
/// Octaves are numbered as in ``Note/name``: `C4` is 60, so octave 4 holds 60–71 and octave −1
/// holds 0–11; octave 9 stops at 127 (`G9`).
public struct KeySet: Hashable, Sendable {
  /// One bit per pitch: bit `p` of `bits.low` for `p < 64`, bit `p − 64` of `bits.high`.
  private var bits: (low: UInt64, high: UInt64)
  /// What the set was made from, for messages: `36...84`, `D dorian`, `60, 64, 67`.
  public var label: String

  /// The empty set.
  public init() {
    bits = (0, 0)
    label = "no pitches"
  }

  /// The pitches of a range (clamped to 0…127), written like `C2...C6` in ``label``.
  public init(range: ClosedRange<Int>) {
    self.init(pitches: range.clamped(to: 0...127))
    label = "\(Note.name(ofPitch: range.lowerBound))...\(Note.name(ofPitch: range.upperBound))"
  }

  /// The pitches of a list (those outside 0…127 are left out).
  public init(pitches: some Sequence<Int>) {
    self.init()
    var names: [String] = []
    for pitch in pitches where (0...127).contains(pitch) && !contains(pitch) {
      insert(pitch)
      names.append(Note.name(ofPitch: pitch))
    }
    label = names.joined(separator: ", ")
  }

  /// The pitches of a scale in a range of octaves (``Scale``'s pitch classes from `C` of the
  /// lowest octave through `B` of the highest, within 0…127). Every octave by default.
  public init(scale: Scale, octaves: ClosedRange<Int> = -1...9) {
    let lowest = (octaves.lowerBound + 1) * 12
    let highest = (octaves.upperBound + 1) * 12 + 11
    self.init(pitches: (lowest...highest).filter { scale.contains(pitch: $0) })
    label =
      scale.description
      + (octaves == -1...9 ? "" : " (octaves \(octaves.lowerBound)...\(octaves.upperBound))")
  }

  /// Every pitch, 0…127.
  public static let all = KeySet(range: 0...127)

  /// Whether the set holds `pitch`.
  public func contains(_ pitch: Int) -> Bool {
    guard (0...127).contains(pitch) else { return false }
    return pitch < 64 ? bits.low >> pitch & 1 == 1 : bits.high >> (pitch - 64) & 1 == 1
  }

  /// Adds `pitch` (0…127) to the set.
  public mutating func insert(_ pitch: Int) {
    precondition((0...127).contains(pitch), "a MIDI pitch is 0-127")
    if pitch < 64 { bits.low |= 1 << pitch } else { bits.high |= 1 << (pitch - 64) }
  }

  /// The pitches in the set, ascending.
  public var pitches: [Int] { (0...127).filter(contains) }

  /// How many pitches the set holds.
  public var count: Int { bits.low.nonzeroBitCount + bits.high.nonzeroBitCount }

  /// Whether the set holds no pitch.
  public var isEmpty: Bool { bits == (0, 0) }

  /// The pitch a note of `pitch` moves to: `pitch` itself when the set holds it; otherwise
  /// the nearest pitch of the set in `direction` (``SnapDirection/nearest``: ties go down).
  /// When there is none that way (no allowed pitch above, say), the nearest the other way.
  /// `nil` only for an empty set.
  public func snap(_ pitch: Int, _ direction: SnapDirection = .nearest) -> Int? {
    if contains(pitch) { return pitch }
    let below = stride(from: min(pitch - 1, 127), through: 0, by: -1).first(where: contains)
    let above = stride(from: max(pitch + 1, 0), through: 127, by: 1).first(where: contains)
    switch direction {
    case .up: return above ?? below
    case .down: return below ?? above
    case .nearest:
      guard let below else { return above }
      guard let above else { return below }
      return above - pitch < pitch - below ? above : below
    }
  }

  /// Two sets are equal when they hold the same pitches (whatever their labels).
  public static func == (lhs: KeySet, rhs: KeySet) -> Bool { lhs.bits == rhs.bits }

  /// Hashes the pitches.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(bits.low)
    hasher.combine(bits.high)
  }
}

extension KeySet: CustomStringConvertible {
  /// What the set was made from (``label``).
  public var description: String { label }
}
