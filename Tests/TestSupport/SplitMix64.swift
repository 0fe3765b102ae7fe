/// SplitMix64 (Steele, Lea and Flood 2014): a small, seeded, reproducible generator, so that a
/// failing random test can be found again from its seed.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator from a seed.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A random integer in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// A random element.
  public mutating func pick<T>(_ elements: [T]) -> T { elements[int(in: 0...elements.count - 1)] }

  /// True with probability `p`.
  public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}

/// A stable 64-bit FNV-1a hash of a string, to seed a generator per file.
public func fnv1a(_ text: String) -> UInt64 {
  text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
}
