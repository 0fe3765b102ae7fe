extension ScaleType {
  /// Every known scale type, in the order `--list-scales` prints them.
  ///
  /// It holds every scale type of the music-theory library the piano-roll view came with —
  /// major, minor, dorian, phrygian, lydian, mixolydian, locrian, harmonic minor, melodic
  /// minor, harmonic major, lydian dominant, altered, phrygian dominant, pentatonic major,
  /// pentatonic minor, pentatonic blues, whole tone, diminished, chromatic — and more. Ionian
  /// and aeolian are aliases of major and minor; pentatonic blues is the six-note blues scale.
  public static let all: [ScaleType] = [
    ScaleType(name: "major", intervals: [0, 2, 4, 5, 7, 9, 11], aliases: ["ionian", "maj"]),
    ScaleType(
      name: "minor", intervals: [0, 2, 3, 5, 7, 8, 10], aliases: ["aeolian", "natural minor", "min"]),
    ScaleType(name: "dorian", intervals: [0, 2, 3, 5, 7, 9, 10]),
    ScaleType(name: "phrygian", intervals: [0, 1, 3, 5, 7, 8, 10]),
    ScaleType(name: "lydian", intervals: [0, 2, 4, 6, 7, 9, 11]),
    ScaleType(name: "mixolydian", intervals: [0, 2, 4, 5, 7, 9, 10], aliases: ["dominant"]),
    ScaleType(name: "locrian", intervals: [0, 1, 3, 5, 6, 8, 10]),
    ScaleType(name: "harmonic minor", intervals: [0, 2, 3, 5, 7, 8, 11]),
    ScaleType(
      name: "melodic minor", intervals: [0, 2, 3, 5, 7, 9, 11], aliases: ["jazz minor", "jazz melodic minor"]),
    ScaleType(name: "harmonic major", intervals: [0, 2, 4, 5, 7, 8, 11]),
    ScaleType(
      name: "lydian dominant", intervals: [0, 2, 4, 6, 7, 9, 10],
      aliases: ["lydian b7", "overtone", "acoustic"]),
    ScaleType(
      name: "altered", intervals: [0, 1, 3, 4, 6, 8, 10], aliases: ["super locrian", "altered dominant"]),
    ScaleType(
      name: "phrygian dominant", intervals: [0, 1, 4, 5, 7, 8, 10],
      aliases: ["phrygian major", "spanish gypsy", "freygish"]),
    ScaleType(name: "pentatonic major", intervals: [0, 2, 4, 7, 9], aliases: ["major pentatonic"]),
    ScaleType(name: "pentatonic minor", intervals: [0, 3, 5, 7, 10], aliases: ["minor pentatonic"]),
    ScaleType(
      name: "blues", intervals: [0, 3, 5, 6, 7, 10],
      aliases: ["pentatonic blues", "minor blues", "blues minor"]),
    ScaleType(name: "major blues", intervals: [0, 2, 3, 4, 7, 9], aliases: ["blues major"]),
    ScaleType(name: "whole tone", intervals: [0, 2, 4, 6, 8, 10], aliases: ["whole"]),
    ScaleType(
      name: "diminished", intervals: [0, 2, 3, 5, 6, 8, 9, 11],
      aliases: ["whole-half diminished", "octatonic"]),
    ScaleType(
      name: "half-whole diminished", intervals: [0, 1, 3, 4, 6, 7, 9, 10], aliases: ["dominant diminished"]),
    ScaleType(name: "augmented", intervals: [0, 3, 4, 7, 8, 11]),
    ScaleType(
      name: "double harmonic", intervals: [0, 1, 4, 5, 7, 8, 11],
      aliases: ["double harmonic major", "byzantine", "arabic", "gypsy major"]),
    ScaleType(name: "hungarian minor", intervals: [0, 2, 3, 6, 7, 8, 11], aliases: ["gypsy minor"]),
    ScaleType(name: "neapolitan major", intervals: [0, 1, 3, 5, 7, 9, 11], aliases: ["neopolitan major"]),
    ScaleType(name: "neapolitan minor", intervals: [0, 1, 3, 5, 7, 8, 11], aliases: ["neopolitan minor"]),
    ScaleType(name: "chromatic", intervals: Array(0..<12)),
  ]
}
