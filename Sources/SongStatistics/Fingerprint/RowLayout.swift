import PianoRoll

extension ContentFingerprint {
  /// The rows of a song packed into one 64-bit key each, in the rows' own order: the six fields
  /// side by side, most significant first, each as wide as its largest value needs, so that keys
  /// compare as the rows compare lexicographically and sort in linear time (``RadixSort``).
  ///
  /// A denominator is `unit / g` for `g` = gcd(ticks, unit), a divisor of the unit, so it is
  /// kept as its rank among the unit's divisors (at most 7 bits for any unit up to 2^16) rather
  /// than its value; a numerator is at most the tick (or duration) it reduces. As gcd(ticks,
  /// unit) = gcd(ticks mod unit, unit), each remainder's rank is worked out once, when first met.
  struct RowLayout {
    /// Ticks per quarter note (or per second).
    let unit: Int
    /// The divisors of ``unit``, ascending: a denominator's rank is its index.
    private let divisors: [Int]
    /// Per remainder of ticks divided by the unit: 1 + the rank of the reduced denominator, or 0
    /// when not yet worked out.
    private var ranks: [UInt8]
    /// The widths in bits of the onset's numerator, a denominator's rank, the duration's
    /// numerator, the pitch and the channel.
    private let onsetBits: UInt64
    private let rankBits: UInt64
    private let durationBits: UInt64
    private let pitchBits: UInt64
    private let channelBits: UInt64

    /// The layout for the notes of `song`, or `nil` when the fields need more than 64 bits
    /// together, a tick is negative or the unit is above 2^16: those rows are sorted as rows.
    init?(_ song: Song, unit: Int) {
      var lowest = 0
      var onsets = 0
      var durations = 0
      var pitches: UInt8 = 0
      var channels: UInt8 = 0
      for track in song.tracks {
        for note in track.notes {
          lowest = min(lowest, note.tick, note.durationTicks)
          onsets = max(onsets, note.tick)
          durations = max(durations, note.durationTicks)
          pitches = max(pitches, note.pitch)
          channels = max(channels, note.channel)
        }
      }
      guard lowest == 0, unit > 0, unit <= 1 << 16 else { return nil }
      var divisors: [Int] = []
      var large: [Int] = []
      var candidate = 1
      while candidate * candidate <= unit {
        if unit % candidate == 0 {
          divisors.append(candidate)
          if candidate * candidate != unit { large.append(unit / candidate) }
        }
        candidate += 1
      }
      divisors += large.reversed()
      func bits(_ value: Int) -> UInt64 { UInt64(Int.bitWidth - value.leadingZeroBitCount) }
      self.unit = unit
      self.divisors = divisors
      ranks = [UInt8](repeating: 0, count: unit)
      onsetBits = bits(onsets)
      rankBits = bits(divisors.count - 1)
      durationBits = bits(durations)
      pitchBits = bits(Int(pitches))
      channelBits = bits(Int(channels))
      guard onsetBits + 2 * rankBits + durationBits + pitchBits + channelBits <= 64 else { return nil }
    }

    /// The key of a note's row.
    @inline(__always)
    mutating func key(_ note: Note) -> UInt64 {
      let onset = fraction(note.tick)
      let duration = fraction(note.durationTicks)
      var key = onset.numerator
      key = key << rankBits | onset.rank
      key = key << durationBits | duration.numerator
      key = key << rankBits | duration.rank
      key = key << pitchBits | UInt64(note.pitch)
      return key << channelBits | UInt64(note.channel)
    }

    /// `ticks / unit` in lowest terms (as ``Row/reduced(_:_:)``): the numerator and the rank of
    /// the denominator.
    @inline(__always)
    private mutating func fraction(_ ticks: Int) -> (numerator: UInt64, rank: UInt64) {
      let remainder = ticks % unit
      var rank = Int(ranks[remainder]) - 1
      if rank < 0 {
        let denominator = unit / Row.greatestCommonDivisor(remainder, unit)
        rank = divisors.firstIndex(of: denominator)!
        ranks[remainder] = UInt8(rank + 1)
      }
      // The divisors pair up: the one of rank r times the one of rank count − 1 − r is the unit.
      return (UInt64(ticks / divisors[divisors.count - 1 - rank]), UInt64(rank))
    }

    /// The row a key holds.
    @inline(__always)
    func row(_ key: UInt64) -> Row {
      let pitchShift = channelBits
      let durationRankShift = pitchShift + pitchBits
      let durationShift = durationRankShift + rankBits
      let onsetRankShift = durationShift + durationBits
      let onsetShift = onsetRankShift + rankBits
      return Row(
        onset: (Int(key >> onsetShift), divisors[field(key, onsetRankShift, rankBits)]),
        duration: (
          field(key, durationShift, durationBits), divisors[field(key, durationRankShift, rankBits)]
        ),
        pitch: UInt8(truncatingIfNeeded: field(key, pitchShift, pitchBits)),
        channel: UInt8(truncatingIfNeeded: field(key, 0, channelBits)))
    }

    /// The `width` bits of `key` from bit `shift` up.
    @inline(__always)
    private func field(_ key: UInt64, _ shift: UInt64, _ width: UInt64) -> Int {
      Int(truncatingIfNeeded: key >> shift & (UInt64.max >> (64 - width)))
    }
  }
}
