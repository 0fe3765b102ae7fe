/// One of `count` deterministic parts of a batch's inputs, written `K/N` (`--shard 2/8`).
///
/// An input belongs to part `K` when the 64-bit FNV-1a hash of its path relative to the input
/// folder (as UTF-8 bytes), modulo `N`, is `K - 1`. The hash is fixed by its definition, not
/// seeded per process like Swift's `Hasher`, so every machine that walks the same tree splits
/// it the same way: parts `1/N` … `N/N` together take every input exactly once.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
  /// This part, from 1 to ``count``.
  public let index: Int
  /// How many parts there are.
  public let count: Int

  /// The whole input: part 1 of 1.
  public static let whole = Shard(uncheckedIndex: 1, count: 1)

  /// Creates part `index` of `count`, or `nil` unless `1 <= index <= count`.
  public init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.init(uncheckedIndex: index, count: count)
  }

  private init(uncheckedIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Parses `K/N`, for example `3/8`.
  public init?(argument: String) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
    self.init(index: index, count: count)
  }

  /// `K/N`.
  public var description: String { "\(index)/\(count)" }

  /// Whether the input at `relativePath` (relative to the input folder) is in this part.
  public func contains(_ relativePath: String) -> Bool {
    count == 1 || Shard.fnv1a(relativePath) % UInt64(count) == UInt64(index - 1)
  }

  /// The 64-bit FNV-1a hash of a string's UTF-8 bytes.
  public static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    return hash
  }
}
