/// A kind of scale: its name and the pitch classes it takes above its root.
///
/// ``all`` lists the known ones (`midiroll filter --list-scales` prints them);
/// ``named(_:)`` finds one by name or alias.
public struct ScaleType: Hashable, Sendable {
  /// The name, lowercase: `harmonic minor`.
  public let name: String
  /// Semitones above the root of each degree, ascending from 0 and below 12: major is
  /// `[0, 2, 4, 5, 7, 9, 11]`.
  public let intervals: [Int]
  /// Other names for the same scale: `ionian` for major.
  public let aliases: [String]

  /// Creates a scale type.
  /// - Precondition: `intervals` ascend from 0 and stay below 12.
  public init(name: String, intervals: [Int], aliases: [String] = []) {
    precondition(intervals.first == 0, "a scale starts at its root")
    precondition(zip(intervals, intervals.dropFirst()).allSatisfy { $0 < $1 } && intervals.last! < 12)
    self.name = name
    self.intervals = intervals
    self.aliases = aliases
  }

  /// The semitone steps from each degree to the next, the last one back to the octave: major
  /// is `[2, 2, 1, 2, 2, 2, 1]`.
  public var steps: [Int] {
    zip(intervals, intervals.dropFirst() + [12]).map { $1 - $0 }
  }

  /// The scale type with this name or alias, or `nil`. Case, spaces, hyphens and underscores
  /// do not count: `Harmonic-Minor`, `harmonic_minor` and `harmonicminor` all name harmonic
  /// minor.
  public static func named(_ name: some StringProtocol) -> ScaleType? {
    let key = lookupKey(name)
    return all.first { type in
      lookupKey(type.name) == key || type.aliases.contains { lookupKey($0) == key }
    }
  }

  /// A name without case, spaces, hyphens and underscores.
  static func lookupKey(_ name: some StringProtocol) -> String {
    String(name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
  }
}
