import PianoRoll
import Testing

@Suite("Scales")
struct ScaleTests {
  /// Every scale the issue names, with its semitones above the root, written out here on
  /// their own (not read from the catalog).
  static let expected: [(String, [Int])] = [
    ("major", [0, 2, 4, 5, 7, 9, 11]), ("ionian", [0, 2, 4, 5, 7, 9, 11]),
    ("minor", [0, 2, 3, 5, 7, 8, 10]), ("aeolian", [0, 2, 3, 5, 7, 8, 10]),
    ("natural minor", [0, 2, 3, 5, 7, 8, 10]),
    ("dorian", [0, 2, 3, 5, 7, 9, 10]), ("phrygian", [0, 1, 3, 5, 7, 8, 10]),
    ("lydian", [0, 2, 4, 6, 7, 9, 11]), ("mixolydian", [0, 2, 4, 5, 7, 9, 10]),
    ("locrian", [0, 1, 3, 5, 6, 8, 10]), ("harmonic minor", [0, 2, 3, 5, 7, 8, 11]),
    ("melodic minor", [0, 2, 3, 5, 7, 9, 11]), ("harmonic major", [0, 2, 4, 5, 7, 8, 11]),
    ("lydian dominant", [0, 2, 4, 6, 7, 9, 10]), ("altered", [0, 1, 3, 4, 6, 8, 10]),
    ("super locrian", [0, 1, 3, 4, 6, 8, 10]),
    ("phrygian dominant", [0, 1, 4, 5, 7, 8, 10]), ("pentatonic major", [0, 2, 4, 7, 9]),
    ("pentatonic minor", [0, 3, 5, 7, 10]), ("pentatonic blues", [0, 3, 5, 6, 7, 10]),
    ("blues", [0, 3, 5, 6, 7, 10]), ("major blues", [0, 2, 3, 4, 7, 9]),
    ("whole tone", [0, 2, 4, 6, 8, 10]), ("diminished", [0, 2, 3, 5, 6, 8, 9, 11]),
    ("whole-half diminished", [0, 2, 3, 5, 6, 8, 9, 11]),
    ("half-whole diminished", [0, 1, 3, 4, 6, 7, 9, 10]), ("augmented", [0, 3, 4, 7, 8, 11]),
    ("double harmonic", [0, 1, 4, 5, 7, 8, 11]), ("hungarian minor", [0, 2, 3, 6, 7, 8, 11]),
    ("neapolitan major", [0, 1, 3, 5, 7, 9, 11]), ("neapolitan minor", [0, 1, 3, 5, 7, 8, 11]),
    ("chromatic", Array(0..<12)),
  ]

  static let roots: [(String, Int)] = [
    ("C", 0), ("D", 2), ("F#", 6), ("Bb", 10), ("Eb", 3), ("G#", 8), ("Cb", 11), ("E#", 5), ("a", 9),
    ("B", 11),
  ]

  @Test(
    "every scale has the pitch classes of its intervals, from several roots", arguments: expected.map(\.0))
  func pitchClasses(name: String) throws {
    let intervals = try #require(Self.expected.first { $0.0 == name }?.1)
    for (rootName, root) in Self.roots {
      let scale = try Scale(parsing: "\(rootName) \(name)")
      #expect(scale.root == root)
      let classes = Set(intervals.map { ($0 + root) % 12 })
      #expect(Set(scale.pitchClasses) == classes, "\(rootName) \(name)")
      #expect(scale.pitchClasses.count == intervals.count)
      for pitch in 0...127 {
        #expect(scale.contains(pitch: pitch) == classes.contains(pitch % 12), "\(rootName) \(name): \(pitch)")
      }
      // A key set of the scale over every octave holds exactly these pitch classes.
      let keys = KeySet(scale: scale)
      #expect(keys.pitches == (0...127).filter { classes.contains($0 % 12) })
    }
  }

  @Test("the catalog lists every scale of the issue, each with a root and ascending steps")
  func catalog() {
    for (name, intervals) in Self.expected {
      #expect(ScaleType.named(name)?.intervals == intervals, "\(name)")
    }
    for type in ScaleType.all {
      #expect(type.intervals.first == 0)
      #expect(type.steps.reduce(0, +) == 12, "\(type.name)")
      #expect(ScaleType.named(type.name) == type)
      for alias in type.aliases { #expect(ScaleType.named(alias) == type, "\(alias)") }
    }
    let names = ScaleType.all.flatMap { [$0.name] + $0.aliases }.map {
      $0.lowercased().filter { $0 != " " && $0 != "-" }
    }
    #expect(Set(names).count == names.count, "no name means two scales")
    #expect(ScaleType.named("major")?.steps == [2, 2, 1, 2, 2, 2, 1])
  }

  @Test(
    "scales are read case-insensitively, with sharps, flats and aliases",
    arguments: [
      ("D dorian", 2, "dorian", "D dorian"), ("F# harmonic minor", 6, "harmonic minor", "F# harmonic minor"),
      ("Bb blues", 10, "blues", "Bb blues"), ("bb Blues", 10, "blues", "Bb blues"),
      ("c IONIAN", 0, "major", "C major"), ("A aeolian", 9, "minor", "A minor"),
      ("E natural-minor", 4, "minor", "E minor"),
      ("G harmonic_minor", 7, "harmonic minor", "G harmonic minor"),
      ("F sharp minor", 6, "minor", "F# minor"), ("B flat major", 10, "major", "Bb major"),
      ("Eb half-whole-diminished", 3, "half-whole diminished", "Eb half-whole diminished"),
      ("G", 7, "major", "G major"), ("  D   dorian ", 2, "dorian", "D dorian"),
      ("C♯ lydian", 1, "lydian", "C# lydian"),
    ])
  func parsing(text: String, root: Int, type: String, description: String) throws {
    let scale = try Scale(parsing: text)
    #expect(scale.root == root)
    #expect(scale.type.name == type)
    #expect(scale.description == description)
  }

  @Test(
    "a bad scale is a KeyError",
    arguments: [
      ("D dorain", KeyError.unknownScaleType("D dorain")), ("H major", .badRoot("H major")),
      ("", .badRoot("")),
      ("dorian", .badRoot("dorian")), ("C# major minor", .unknownScaleType("C# major minor")),
      ("C4 major", .badRoot("C4 major")),
    ])
  func badScales(text: String, error: KeyError) {
    #expect(throws: error) { try Scale(parsing: text) }
  }
}
