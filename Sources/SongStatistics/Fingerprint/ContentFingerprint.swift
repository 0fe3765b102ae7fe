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
/// lexicographically and hashed with SHA-256, after the ASCII tag `midiroll-content-1` and the
/// time unit (`q` or `s`), each integer as 8 bytes big-endian. Velocities, programs, tempos,
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
    rows.sort()
    var hash = SHA256()
    hash.update(Array("midiroll-content-1".utf8) + [tag])
    // The rows as 8-byte big-endian integers, hashed 4 KiB at a time.
    var buffer: [UInt8] = []
    buffer.reserveCapacity(4096 + 48)
    for row in rows {
      for value in [
        row.onset.0, row.onset.1, row.duration.0, row.duration.1, Int(row.pitch), Int(row.channel),
      ] {
        for shift in stride(from: 56, through: 0, by: -8) {
          buffer.append(UInt8(truncatingIfNeeded: value >> shift))
        }
      }
      if buffer.count >= 4096 {
        hash.update(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    hash.update(buffer)
    hex = hash.finalizeHex()
  }

  /// The hexadecimal digits.
  public var description: String { hex }

  /// One note as the fingerprint sees it.
  struct Row: Comparable {
    var onset: (Int, Int)
    var duration: (Int, Int)
    var pitch: UInt8
    var channel: UInt8

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
