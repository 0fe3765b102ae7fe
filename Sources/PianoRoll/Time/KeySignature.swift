import SMF

/// A key signature in force from a tick on.
public struct KeySignature: Hashable, Sendable, CustomStringConvertible {
  /// The tick where the key starts.
  public var tick: Int
  /// Sharps (positive) or flats (negative), -7…7.
  public var sharps: Int
  /// Whether the key is minor.
  public var isMinor: Bool

  /// Creates a key signature.
  public init(tick: Int, sharps: Int, isMinor: Bool) {
    self.tick = tick
    self.sharps = sharps
    self.isMinor = isMinor
  }

  /// The key's name in ASCII, e.g. `G major`, `Eb minor`.
  public var name: String { KeySignatureValue(sharps: sharps, isMinor: isMinor).name }

  /// The key as `name at tick`, e.g. `G major at 0`.
  public var description: String { "\(name) at \(tick)" }
}
