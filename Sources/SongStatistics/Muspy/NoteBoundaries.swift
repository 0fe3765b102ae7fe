/// The onsets and the ends of a song's notes (``MuspyMusic/notes``, drums included), each sorted
/// once, for every metric that sweeps time: `polyphony` and `polyphony_rate`, the empty rates
/// (a step's index is monotonic in the tick, so sorted ticks give sorted steps) and
/// `groove_consistency`.
///
/// Each boundary is one key, `tick << 8 | sounding << 7 | pitch`, where `sounding` marks a
/// non-drum note of positive length (what muspy's piano roll marks), sorted in linear time
/// (``RadixSort``). A song whose ticks do not fit 56 bits keeps each tick's rank among its ticks
/// in the key instead, and the ticks in ``ticks``.
struct NoteBoundaries {
  /// The onsets, sorted.
  private(set) var starts: [UInt64] = []
  /// The ends (onset + duration), sorted.
  private(set) var ends: [UInt64] = []
  /// The distinct ticks in order, when keys hold ranks; empty when they hold ticks.
  private var ticks: [Int] = []

  /// The boundaries of `notes`; `ranked` keeps ranks whatever the ticks (for the tests).
  init(_ notes: [MuspyMusic.Note], ranked: Bool = false) {
    var latest = 0
    for note in notes { latest = max(latest, note.end) }
    if ranked || latest >= 1 << 56 {
      var all = notes.map(\.time) + notes.map(\.end)
      all.sort()
      for tick in all where ticks.last != tick { ticks.append(tick) }
    }
    starts.reserveCapacity(notes.count)
    ends.reserveCapacity(notes.count)
    for note in notes {
      let flags = UInt64(note.pitch & 0x7F) | (!note.isDrum && note.duration > 0 ? 0x80 : 0)
      starts.append(position(note.time) << 8 | flags)
      ends.append(position(note.end) << 8 | flags)
    }
    RadixSort.sort(&starts)
    RadixSort.sort(&ends)
  }

  /// The key's place for a tick: the tick, or its rank.
  private func position(_ tick: Int) -> UInt64 {
    guard !ticks.isEmpty else { return UInt64(tick) }
    var low = 0
    var high = ticks.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ticks[middle] < tick { low = middle + 1 } else { high = middle }
    }
    return UInt64(low)
  }

  /// The tick of a key.
  @inline(__always)
  func tick(_ key: UInt64) -> Int {
    ticks.isEmpty ? Int(key >> 8) : ticks[Int(key >> 8)]
  }

  /// Whether a key is of a non-drum note of positive length.
  @inline(__always)
  static func sounds(_ key: UInt64) -> Bool { key & 0x80 != 0 }

  /// The pitch of a key.
  @inline(__always)
  static func pitch(_ key: UInt64) -> Int { Int(key & 0x7F) }
}
