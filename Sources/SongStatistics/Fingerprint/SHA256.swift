import CSHA256

/// SHA-256 (FIPS 180-4), streamed: the hash of the byte hash and of the content fingerprint.
///
/// Blocks are compressed straight from the caller's bytes — by the processor's SHA instructions
/// where it has them (x86-64's SHA extensions, `CSHA256`), else in Swift on sixteen big-endian
/// 32-bit words, eight rounds a step; the bytes of a block not yet full wait in a fixed 64-byte
/// buffer, so hashing allocates nothing.
public struct SHA256: Sendable {
  /// The eight words of the hash so far.
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
  )
  /// The bytes of a block not yet full (the first ``pendingCount``).
  private var pending: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
    0, 0, 0, 0, 0, 0, 0, 0
  )
  private var pendingCount = 0
  /// The bytes hashed so far.
  private var length: UInt64 = 0
  /// Whether blocks are compressed in Swift even where the processor has SHA instructions.
  private let portable: Bool

  /// Whether the processor's SHA instructions compress blocks (asked once).
  static let accelerated = csha256_accelerated() != 0

  /// An empty hash.
  public init() { portable = false }

  /// An empty hash that compresses in Swift whatever the processor (for the tests).
  init(portable: Bool) { self.portable = portable }

  /// The hash of `bytes`, as 64 lower-case hexadecimal digits.
  public static func hex(of bytes: [UInt8]) -> String {
    var hash = SHA256()
    hash.update(bytes)
    return hash.finalizeHex()
  }

  /// Adds bytes.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { update($0) }
  }

  /// Adds the bytes of a buffer: whole blocks straight from it, the rest kept for the next call.
  public mutating func update(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
    length &+= UInt64(buffer.count)
    var offset = 0
    if pendingCount > 0 {
      let taken = min(64 - pendingCount, buffer.count)
      let filled = pendingCount
      withUnsafeMutableBytes(of: &pending) {
        $0.baseAddress!.advanced(by: filled).copyMemory(from: base, byteCount: taken)
      }
      pendingCount += taken
      offset = taken
      guard pendingCount == 64 else { return }
      var block = pending
      withUnsafeBytes(of: &block) { compress($0.baseAddress!, blocks: 1) }
      pendingCount = 0
    }
    let whole = (buffer.count - offset) / 64
    if whole > 0 {
      compress(UnsafeRawPointer(base + offset), blocks: whole)
      offset += whole * 64
    }
    let rest = buffer.count - offset
    if rest > 0 {
      withUnsafeMutableBytes(of: &pending) {
        $0.baseAddress!.copyMemory(from: base + offset, byteCount: rest)
      }
      pendingCount = rest
    }
  }

  /// Adds a 64-bit integer, big-endian.
  public mutating func update(_ value: UInt64) {
    var bigEndian = value.bigEndian
    withUnsafeBytes(of: &bigEndian) { update($0.assumingMemoryBound(to: UInt8.self)) }
  }

  /// The digest, as 64 lower-case hexadecimal digits.
  public consuming func finalizeHex() -> String {
    let bits = length &* 8
    var tail: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
      0x80, 0, 0, 0, 0, 0, 0, 0, 0
    )
    let padding = 1 + (119 - pendingCount) % 64
    withUnsafeBytes(of: &tail) {
      update(UnsafeBufferPointer(start: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: padding))
    }
    update(bits)
    let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
    return String(unsafeUninitializedCapacity: 64) { text in
      for (index, word) in words.enumerated() {
        for digit in 0..<8 {
          let nibble = UInt8(truncatingIfNeeded: word >> UInt32(28 - 4 * digit)) & 0xF
          text[index * 8 + digit] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
        }
      }
      return 64
    }
  }

  /// The round constants (`CSHA256`'s table: static memory, only read).
  nonisolated(unsafe) private static let roundConstants: UnsafePointer<UInt32> = csha256_round_constants()

  /// One round: `d` and `h` take their new values (the caller renames the others).
  @inline(__always)
  private static func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
    _ h: inout UInt32, _ kw: UInt32
  ) {
    let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
    let t1 = h &+ s1 &+ (g ^ (e & (f ^ g))) &+ kw
    let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
    d &+= t1
    h = t1 &+ s0 &+ ((a & b) | (c & (a | b)))
  }

  /// Compresses `blocks` 64-byte blocks starting at `start`.
  private mutating func compress(_ start: UnsafeRawPointer, blocks: Int) {
    if Self.accelerated && !portable {
      withUnsafeMutableBytes(of: &state) { words in
        csha256_compress(
          words.baseAddress!.assumingMemoryBound(to: UInt32.self), start.assumingMemoryBound(to: UInt8.self),
          blocks)
      }
      return
    }
    let k = Self.roundConstants
    var (h0, h1, h2, h3, h4, h5, h6, h7) = state
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
      let w = schedule.baseAddress!
      for block in 0..<blocks {
        let bytes = start + block * 64
        for index in 0..<16 {
          w[index] = bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self).bigEndian
        }
        for index in 16..<64 {
          let x = w[index - 15]
          let y = w[index - 2]
          let s0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
          let s1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
          w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
        var index = 0
        while index < 64 {
          Self.round(a, b, c, &d, e, f, g, &h, k[index] &+ w[index])
          Self.round(h, a, b, &c, d, e, f, &g, k[index + 1] &+ w[index + 1])
          Self.round(g, h, a, &b, c, d, e, &f, k[index + 2] &+ w[index + 2])
          Self.round(f, g, h, &a, b, c, d, &e, k[index + 3] &+ w[index + 3])
          Self.round(e, f, g, &h, a, b, c, &d, k[index + 4] &+ w[index + 4])
          Self.round(d, e, f, &g, h, a, b, &c, k[index + 5] &+ w[index + 5])
          Self.round(c, d, e, &f, g, h, a, &b, k[index + 6] &+ w[index + 6])
          Self.round(b, c, d, &e, f, g, h, &a, k[index + 7] &+ w[index + 7])
          index += 8
        }
        h0 &+= a
        h1 &+= b
        h2 &+= c
        h3 &+= d
        h4 &+= e
        h5 &+= f
        h6 &+= g
        h7 &+= h
      }
    }
    state = (h0, h1, h2, h3, h4, h5, h6, h7)
  }
}
