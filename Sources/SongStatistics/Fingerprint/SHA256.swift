/// SHA-256 (FIPS 180-4), streamed: the hash of the byte hash and of the content fingerprint.
public struct SHA256: Sendable {
  private var h0: UInt32 = 0x6a09_e667
  private var h1: UInt32 = 0xbb67_ae85
  private var h2: UInt32 = 0x3c6e_f372
  private var h3: UInt32 = 0xa54f_f53a
  private var h4: UInt32 = 0x510e_527f
  private var h5: UInt32 = 0x9b05_688c
  private var h6: UInt32 = 0x1f83_d9ab
  private var h7: UInt32 = 0x5be0_cd19
  /// The bytes of a block not yet full.
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  private static let constants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// An empty hash.
  public init() { pending.reserveCapacity(64) }

  /// The hash of `bytes`, as 64 lower-case hexadecimal digits.
  public static func hex(of bytes: [UInt8]) -> String {
    var hash = SHA256()
    hash.update(bytes)
    return hash.finalizeHex()
  }

  /// Adds bytes: whole blocks straight from `bytes`, the rest kept for the next call.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { update($0) }
  }

  /// Adds the bytes of a buffer.
  public mutating func update(_ buffer: UnsafeBufferPointer<UInt8>) {
    var offset = 0
    length &+= UInt64(buffer.count)
    if !pending.isEmpty {
      let taken = min(64 - pending.count, buffer.count)
      pending.append(contentsOf: buffer[0..<taken])
      offset = taken
      guard pending.count == 64 else { return }
      let block = pending
      block.withUnsafeBufferPointer { compress($0) }
      pending.removeAll(keepingCapacity: true)
    }
    while buffer.count - offset >= 64 {
      compress(UnsafeBufferPointer(rebasing: buffer[offset..<offset + 64]))
      offset += 64
    }
    pending.append(contentsOf: buffer[offset...])
  }

  /// Adds a 64-bit integer, big-endian.
  public mutating func update(_ value: UInt64) {
    update((0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) })
  }

  /// The digest, as 64 lower-case hexadecimal digits.
  public consuming func finalizeHex() -> String {
    let bits = length &* 8
    var tail: [UInt8] = [0x80]
    tail += [UInt8](repeating: 0, count: (119 - pending.count) % 64)
    update(tail)
    update(bits)
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
      for shift in stride(from: 28, through: 0, by: -4) {
        text.append(digits[Int((word >> UInt32(shift)) & 0xF)])
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The round constants, in memory that lives as long as the program (written once, then only
  /// read: safe to share).
  nonisolated(unsafe) private static let roundConstants: UnsafePointer<UInt32> = {
    let pointer = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
    pointer.initialize(from: constants, count: 64)
    return UnsafePointer(pointer)
  }()

  /// One 64-byte block.
  private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
    let k = Self.roundConstants
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
      let w = schedule.baseAddress!
      let bytes = block.baseAddress!
      for index in 0..<16 {
        let at = bytes + index * 4
        w[index] = UInt32(at[0]) << 24 | UInt32(at[1]) << 16 | UInt32(at[2]) << 8 | UInt32(at[3])
      }
      for index in 16..<64 {
        let x = w[index - 15]
        let y = w[index - 2]
        let s0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
        let s1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
        w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
      }
      var a = h0
      var b = h1
      var c = h2
      var d = h3
      var e = h4
      var f = h5
      var g = h6
      var h = h7
      for index in 0..<64 {
        let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
        let choice = (e & f) ^ (~e & g)
        let t1 = h &+ s1 &+ choice &+ k[index] &+ w[index]
        let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        h = g
        g = f
        f = e
        e = d &+ t1
        d = c
        c = b
        b = a
        a = t1 &+ s0 &+ majority
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
}
