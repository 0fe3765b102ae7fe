import PianoRoll
import SMF

/// What a song plays, as one hash: the same notes on the same beats give the same fingerprint
/// whatever the division, the order and names of the tracks, other meta events, running status or
/// how notes end (note-off or note-on of velocity 0); one pitch changed, one note fewer or a
/// transposition give another.
///
/// Definition (docs/DESIGN.md, "The content fingerprint"): every note of the song as midiroll
/// pairs it becomes six integers — its onset in quarter notes as a reduced fraction (numerator,
/// denominator), its duration likewise, its pitch and its channel (0–15; channel 10 is the
/// drums) — where an SMPTE file counts seconds instead of quarter notes; the rows are sorted
/// lexicographically and hashed with SHA-256, after the ASCII tag `midiroll-content-2` and the
/// time unit (`q` or `s`), each integer as an unsigned LEB128 number (7 bits a byte, low first,
/// the high bit set on every byte but the last). Velocities, programs, tempos,
/// controllers and all meta events are left out. A song without notes has the fingerprint of
/// no rows.
public struct ContentFingerprint: Hashable, Sendable, CustomStringConvertible {
  /// The 64 hexadecimal digits of the hash.
  public let hex: String

  /// The fingerprint of a song.
  public init(_ song: Song) {
    self.init(song, packing: true)
  }

  /// The fingerprint of a song, its rows sorted as packed keys where they fit (`packing`) or as
  /// rows (the tests hold the two equal).
  init(_ song: Song, packing: Bool) {
    let unit: Int
    let tag: UInt8
    switch song.division {
    case .ticksPerQuarter(let ticks):
      unit = ticks
      tag = UInt8(ascii: "q")
    case .smpte(let framesPerSecond, let ticksPerFrame):
      unit = framesPerSecond * ticksPerFrame
      tag = UInt8(ascii: "s")
    }
    var hash = SHA256()
    hash.update(Array("midiroll-content-2".utf8) + [tag])
    if packing, var layout = RowLayout(song, unit: max(unit, 1)) {
      // Each row packed into one key in the rows' order, sorted, read back as it is hashed.
      var keys: [UInt64] = []
      keys.reserveCapacity(song.noteCount)
      for track in song.tracks {
        for note in track.notes { keys.append(layout.key(note)) }
      }
      RadixSort.sort(&keys)
      Self.hash(keys.lazy.map(layout.row), into: &hash)
    } else {
      var rows = song.tracks.flatMap { $0.notes.map { Row($0, unit: max(unit, 1)) } }
      rows.sort()
      Self.hash(rows, into: &hash)
    }
    hex = hash.finalizeHex()
  }

  /// The hexadecimal digits.
  public var description: String { hex }

  /// Hashes rows in order, each as six unsigned LEB128 numbers, 4 KiB at a time.
  static func hash(_ rows: some Sequence<Row>, into hash: inout SHA256) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096 + 64) { buffer in
      var count = 0
      func append(_ value: Int) {
        var rest = UInt64(value)
        if rest < 0x80 {
          buffer[count] = UInt8(truncatingIfNeeded: rest)
          count += 1
          return
        }
        while rest >= 0x80 {
          buffer[count] = UInt8(truncatingIfNeeded: rest) | 0x80
          count += 1
          rest >>= 7
        }
        buffer[count] = UInt8(rest)
        count += 1
      }
      for row in rows {
        append(row.onset.0)
        append(row.onset.1)
        append(row.duration.0)
        append(row.duration.1)
        append(Int(row.pitch))
        append(Int(row.channel))
        if count >= 4096 {
          hash.update(UnsafeBufferPointer(rebasing: buffer[0..<count]))
          count = 0
        }
      }
      hash.update(UnsafeBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  /// One note as the fingerprint sees it.
  struct Row: Comparable {
    var onset: (Int, Int)
    var duration: (Int, Int)
    var pitch: UInt8
    var channel: UInt8

    init(onset: (Int, Int), duration: (Int, Int), pitch: UInt8, channel: UInt8) {
      self.onset = onset
      self.duration = duration
      self.pitch = pitch
      self.channel = channel
    }

    init(_ note: Note, unit: Int) {
      onset = Self.reduced(note.tick, unit)
      duration = Self.reduced(note.durationTicks, unit)
      pitch = note.pitch
      channel = note.channel
    }

    /// `ticks / unit` in lowest terms (0 is 0/1).
    static func reduced(_ ticks: Int, _ unit: Int) -> (Int, Int) {
      let divisor = greatestCommonDivisor(ticks, unit)
      return (ticks / divisor, unit / divisor)
    }

    /// The greatest common divisor of `a` ≥ 0 and `b` > 0 (Stein's binary algorithm: shifts
    /// and subtractions, no division), or Euclid's for a negative `a`.
    static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
      guard a > 0 else {
        if a == 0 { return b }
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
      }
      var u = UInt(a)
      var v = UInt(b)
      let shift = (u | v).trailingZeroBitCount
      u >>= u.trailingZeroBitCount
      repeat {
        v >>= v.trailingZeroBitCount
        if u > v { swap(&u, &v) }
        v -= u
      } while v != 0
      return Int(u << shift)
    }

    static func < (lhs: Row, rhs: Row) -> Bool {
      (lhs.onset.0, lhs.onset.1, lhs.duration.0, lhs.duration.1, lhs.pitch, lhs.channel)
        < (rhs.onset.0, rhs.onset.1, rhs.duration.0, rhs.duration.1, rhs.pitch, rhs.channel)
    }

    static func == (lhs: Row, rhs: Row) -> Bool {
      (lhs.onset.0, lhs.onset.1, lhs.duration.0, lhs.duration.1, lhs.pitch, lhs.channel)
        == (rhs.onset.0, rhs.onset.1, rhs.duration.0, rhs.duration.1, rhs.pitch, rhs.channel)
    }
  }
}
