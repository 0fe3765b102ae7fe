/// MidiTok 3.1's `augment_score`: pitches, velocities and durations shifted before a song is
/// tokenized, its quirks kept (each listed in `docs/DESIGN.md`):
/// - pitch and duration leave drum tracks alone; velocity shifts every track;
/// - a velocity is clamped on one side only: to the range's low end for a negative offset, to
///   its high end for a positive one;
/// - a duration offset in beats becomes `max(round(offset × ticks per quarter), 1)` ticks
///   (Python's rounding, half to even), so a negative offset in beats lengthens notes by one
///   tick, and the minimum duration never applies;
/// - in ticks, a fractional offset and the minimum are rounded (half to even); a whole offset
///   keeps the minimum as given: durations below it become its whole part (NumPy's cast).
public struct ScoreAugmentation: Hashable, Sendable {
  /// Semitones added to every pitch of the non-drum tracks.
  public var pitchOffset = 0
  /// Added to every velocity.
  public var velocityOffset = 0
  /// Added to every duration of the non-drum tracks: in beats, or in ticks
  /// (``durationInTicks``).
  public var durationOffset = 0.0
  /// Whether ``durationOffset`` was given as a whole number (Python's `int`), which in ticks
  /// decides whether the minimum is rounded.
  public var durationOffsetIsWhole = true
  /// Whether ``durationOffset`` and ``minimumDuration`` count ticks rather than beats.
  public var durationInTicks = false
  /// The velocities a shifted velocity is clamped to (one end, by the offset's sign).
  public var velocityRange = 1...127
  /// The shortest duration a negative offset leaves (beats, or ticks).
  public var minimumDuration = 0.03125

  /// No change.
  public init() {}

  /// Whether it changes nothing (all offsets 0).
  public var isIdentity: Bool { pitchOffset == 0 && velocityOffset == 0 && durationOffset == 0 }
}

extension Score {
  /// The song as MidiTok's `augment_score(score, pitch_offset, velocity_offset,
  /// duration_offset, velocity_range, duration_in_ticks, min_duration)` makes it.
  /// - Throws: ``TokensError`` when the pitch offset pushes a note past 0–127 (where MidiTok
  ///   wraps symusic's 8-bit pitch and then fails).
  public func augmented(_ augmentation: ScoreAugmentation) throws(TokensError) -> Score {
    var result = self
    let offset = augmentation.pitchOffset
    if offset != 0 {
      for (index, track) in tracks.enumerated() where !track.isDrum {
        for note in track.notes where !(0...127).contains(Int(note.pitch) + offset) {
          throw TokensError(
            .augmentationOutOfRange(
              "a pitch offset of \(offset) pushes pitch \(note.pitch) at tick \(note.time) of track \(index) past 0-127"
            ))
        }
        for item in track.notes.indices {
          result.tracks[index].notes[item].pitch = UInt8(Int(track.notes[item].pitch) + offset)
        }
      }
    }
    let velocityOffset = augmentation.velocityOffset
    if velocityOffset != 0 {
      let range = augmentation.velocityRange
      for index in tracks.indices {
        for item in tracks[index].notes.indices {
          let shifted = Int(tracks[index].notes[item].velocity) + velocityOffset
          let clamped = velocityOffset < 0 ? max(range.lowerBound, shifted) : min(range.upperBound, shifted)
          result.tracks[index].notes[item].velocity = UInt8(clamping: clamped)
        }
      }
    }
    if augmentation.durationOffset != 0 {
      let (add, threshold, floor) = augmentation.durationTicks(ticksPerQuarter: ticksPerQuarter)
      for index in tracks.indices where !tracks[index].isDrum {
        for item in tracks[index].notes.indices {
          var duration = tracks[index].notes[item].duration &+ Int32(clamping: add)
          if add < 0 && Double(duration) < threshold { duration = Int32(clamping: floor) }
          result.tracks[index].notes[item].duration = duration
        }
      }
    }
    return result
  }
}

extension ScoreAugmentation {
  /// The duration offset in ticks, the minimum a shortened duration is compared with, and the
  /// duration it then takes, as `augment_score` computes them.
  func durationTicks(ticksPerQuarter: Int) -> (offset: Int, threshold: Double, floor: Int) {
    // Whole ticks of a value, within what a duration holds (no trap on a huge value).
    func ticks(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
      Int(max(min(value.rounded(rule), Double(Int32.max)), Double(Int32.min)))
    }
    if !durationInTicks {
      let offset = max(ticks(durationOffset * Double(ticksPerQuarter), .toNearestOrEven), 1)
      let minimum = max(ticks(minimumDuration * Double(ticksPerQuarter), .toNearestOrEven), 1)
      return (offset, Double(minimum), minimum)
    }
    if !durationOffsetIsWhole {
      let minimum = ticks(minimumDuration, .toNearestOrEven)
      return (ticks(durationOffset, .toNearestOrEven), Double(minimum), minimum)
    }
    return (ticks(durationOffset, .towardZero), minimumDuration, ticks(minimumDuration, .towardZero))
  }
}
