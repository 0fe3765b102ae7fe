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
    var rows: [Row] = []
    rows.reserveCapacity(song.noteCount)
    for track in song.tracks {
      for note in track.notes {
        rows.append(Row(note, unit: max(unit, 1)))
      }
    }
    Self.sort(&rows)
    var hash = SHA256()
    hash.update(Array("midiroll-content-2".utf8) + [tag])
    // Each row as six unsigned LEB128 numbers, hashed 4 KiB at a time.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096 + 64) { buffer in
      var count = 0
      func append(_ value: Int) {
        var rest = UInt64(value)
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
    hex = hash.finalizeHex()
  }

  /// The hexadecimal digits.
  public var description: String { hex }

  /// Sorts rows lexicographically: through two packed 64-bit keys when every value fits them
  /// (denominators always do: they divide the division, below 2^16), else field by field.
  static func sort(_ rows: inout [Row]) {
    let fits = rows.allSatisfy {
      $0.onset.0 < 1 << 48 && $0.onset.1 < 1 << 16 && $0.duration.0 < 1 << 37 && $0.duration.1 < 1 << 16
    }
    guard fits else {
      rows.sort()
      return
    }
    var keys = rows.map { row in
      (
        UInt64(row.onset.0) << 16 | UInt64(row.onset.1),
        UInt64(row.duration.0) << 27 | UInt64(row.duration.1) << 11 | UInt64(row.pitch) << 4
          | UInt64(row.channel)
      )
    }
    keys.sort { $0 < $1 }
    for (index, key) in keys.enumerated() {
      rows[index] = Row(
        onset: (Int(key.0 >> 16), Int(key.0 & 0xFFFF)),
        duration: (Int(key.1 >> 27), Int((key.1 >> 11) & 0xFFFF)), pitch: UInt8((key.1 >> 4) & 0x7F),
        channel: UInt8(key.1 & 0xF))
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
      var (a, b) = (ticks, unit)
      while b != 0 { (a, b) = (b, a % b) }
      return (ticks / a, unit / a)
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
