/// A scale: a root pitch class and a ``ScaleType``, such as D dorian.
public struct Scale: Hashable, Sendable {
  /// The root's pitch class, 0 (C) to 11 (B).
  public let root: Int
  /// The root as it was written (`Bb`, `F#`), or with sharps when not.
  public let rootName: String
  /// The kind of scale.
  public let type: ScaleType

  /// Creates a scale on a root pitch class (taken modulo 12).
  /// - Parameter rootName: How to write the root; the sharp name of `root` when `nil`.
  public init(root: Int, type: ScaleType, rootName: String? = nil) {
    self.root = root.flooredDivision(by: 12).remainder
    self.rootName = rootName ?? Note.pitchClassNames[self.root]
    self.type = type
  }

  /// The pitch classes the scale takes, ascending from C (0) to B (11).
  public var pitchClasses: [Int] {
    type.intervals.map { ($0 + root) % 12 }.sorted()
  }

  /// Whether a pitch (any octave) belongs to the scale.
  public func contains(pitch: Int) -> Bool {
    type.intervals.contains((pitch - root).flooredDivision(by: 12).remainder)
  }

  /// Reads a scale as people write it, case-insensitively: a root note and a scale type
  /// (`D dorian`, `F# harmonic minor`, `Bb blues`, `c Major`, `F sharp minor`, `Eb
  /// half-whole-diminished`). A root alone is its major scale.
  /// - Throws: ``KeyError/badRoot(_:)`` or ``KeyError/unknownScaleType(_:)``.
  public init(parsing text: String) throws(KeyError) {
    var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
    guard let first = words.popFirst() else { throw KeyError.badRoot(text) }
    var rootName = String(first)
    if let word = words.first?.lowercased(), word == "sharp" || word == "flat" {
      rootName += word == "sharp" ? "#" : "b"
      words = words.dropFirst()
    }
    guard let root = Note.pitchClass(named: rootName) else { throw KeyError.badRoot(text) }
    rootName =
      rootName.prefix(1).uppercased()
      + rootName.dropFirst().replacing("♯", with: "#")
      .replacing("♭", with: "b").lowercased()
    let typeName = words.joined(separator: " ")
    guard let type = typeName.isEmpty ? ScaleType.all[0] : ScaleType.named(typeName) else {
      throw KeyError.unknownScaleType(text)
    }
    self.init(root: root, type: type, rootName: rootName)
  }
}

extension Scale: CustomStringConvertible {
  /// The scale's name: `D dorian`, `Bb blues`.
  public var description: String { rootName + " " + type.name }
}
