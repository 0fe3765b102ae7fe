/// MidiTok 3.1's `augment_score_multiple_offsets` (what `augment_dataset` makes of each file):
/// lists of offsets along each axis, each variant one of MidiTok's offset tuples, made in its
/// order, its quirks kept (each listed in `docs/DESIGN.md`, "Augmented datasets"):
/// - pitch offsets that would push a non-drum track out of its program's tessitura (MidiTok's
///   `MIDI_INSTRUMENTS` ranges, `restrict_on_program_tessitura=True`) are left out, the
///   ranges paired with the tracks as MidiTok's `zip` pairs them (the n-th non-drum track with
///   notes takes the program of the n-th non-drum track, empty ones included);
/// - offsets in beats become `round(offset × ticks per quarter)` ticks (half to even, no
///   minimum of one tick, unlike `augment_score` on its own) and the minimum duration
///   `max(round(minimum × ticks per quarter), 1)`;
/// - the tuples: each axis's offsets alone, in the order given, then, with
///   ``allCombinations``, every tuple made by putting each value of each axis into each tuple
///   made before that value's pass, a tuple already there not added again.
///
/// Unlike `augment_dataset`, which writes the tuple `(0, 0, 0)` as a copy of the file each time
/// it arises, the original is the first variant, once.
public struct AugmentationGrid: Hashable, Sendable {
  /// Pitch offsets (semitones).
  public var pitchOffsets: [Int] = []
  /// Velocity offsets.
  public var velocityOffsets: [Int] = []
  /// Duration offsets, in beats or in whole ticks (``durationInTicks``).
  public var durationOffsets: [Double] = []
  /// Every combination of the axes' offsets, not each axis alone.
  public var allCombinations = false
  /// Whether the duration offsets and the minimum duration count ticks.
  public var durationInTicks = false
  /// The velocities a shifted velocity is clamped to.
  public var velocityRange = 1...127
  /// The shortest duration a negative duration offset leaves (beats, or ticks).
  public var minimumDuration = 0.03125

  /// No offsets: the original alone.
  public init() {}

  /// Whether it makes no variant but the original.
  public var isEmpty: Bool { pitchOffsets.isEmpty && velocityOffsets.isEmpty && durationOffsets.isEmpty }

  /// One version of a song: MidiTok's offsets tuple and the augmentation that makes it.
  public struct Variant: Hashable, Sendable {
    /// Semitones added to the non-drum tracks' pitches.
    public var pitch: Int
    /// Added to every velocity.
    public var velocity: Int
    /// Ticks added to the non-drum tracks' durations.
    public var durationTicks: Int
    /// The `augment_score` call that makes it (no change for the original).
    public var augmentation: ScoreAugmentation

    /// Whether it is the original.
    public var isOriginal: Bool { pitch == 0 && velocity == 0 && durationTicks == 0 }
  }

  /// The versions of a song, the original first, then MidiTok's offset tuples in its order,
  /// with how many pitch offsets its tessitura left out.
  public func variants(of score: Score) -> (variants: [Variant], skipped: Int) {
    let original = Variant(pitch: 0, velocity: 0, durationTicks: 0, augmentation: ScoreAugmentation())
    guard !isEmpty else { return ([original], 0) }
    let tuples = offsetTuples(of: score)
    let minimum = durationMinimum(ticksPerQuarter: score.ticksPerQuarter)
    var variants = [original]
    for tuple in tuples.tuples where !(tuple.0 == 0 && tuple.1 == 0 && tuple.2 == 0) {
      var augmentation = ScoreAugmentation()
      augmentation.pitchOffset = tuple.0
      augmentation.velocityOffset = tuple.1
      augmentation.velocityRange = velocityRange
      augmentation.durationInTicks = true
      augmentation.durationOffset = tuple.2
      augmentation.durationOffsetIsWhole = true
      augmentation.minimumDuration = minimum
      let ticks = Int(tuple.2.rounded(.toNearestOrEven))
      variants.append(
        Variant(pitch: tuple.0, velocity: tuple.1, durationTicks: ticks, augmentation: augmentation))
    }
    return (variants, tuples.skipped)
  }

  /// The minimum duration `augment_score` is called with.
  private func durationMinimum(ticksPerQuarter: Int) -> Double {
    guard !durationInTicks else { return minimumDuration }
    return Double(max(Int((minimumDuration * Double(ticksPerQuarter)).rounded(.toNearestOrEven)), 1))
  }

  /// MidiTok's `_create_offsets_tuples` over the pitch offsets its tessitura keeps, and how
  /// many it left out.
  func offsetTuples(of score: Score) -> (tuples: [(Int, Int, Double)], skipped: Int) {
    let pitches = keptPitchOffsets(of: score)
    let durations =
      durationInTicks
      ? durationOffsets
      : durationOffsets.map { ($0 * Double(score.ticksPerQuarter)).rounded(.toNearestOrEven) }
    var tuples: [(Int, Int, Double)] = pitches.map { ($0, 0, 0) }
    tuples += velocityOffsets.map { (0, $0, 0) }
    tuples += durations.map { (0, 0, $0) }
    func contains(_ tuple: (Int, Int, Double)) -> Bool {
      tuples.contains { $0.0 == tuple.0 && $0.1 == tuple.1 && $0.2 == tuple.2 }
    }
    if allCombinations {
      for value in pitches {
        for index in 0..<tuples.count where tuples[index].0 != value {
          let made = (value, tuples[index].1, tuples[index].2)
          if !contains(made) { tuples.append(made) }
        }
      }
      for value in velocityOffsets {
        for index in 0..<tuples.count where tuples[index].1 != value {
          let made = (tuples[index].0, value, tuples[index].2)
          if !contains(made) { tuples.append(made) }
        }
      }
      for value in durations {
        for index in 0..<tuples.count where tuples[index].2 != value {
          let made = (tuples[index].0, tuples[index].1, value)
          if !contains(made) { tuples.append(made) }
        }
      }
    }
    return (tuples, pitchOffsets.count - pitches.count)
  }

  /// MidiTok's `_filter_offset_tuples_to_score` with `restrict_on_program_tessitura=True`.
  func keptPitchOffsets(of score: Score) -> [Int] {
    let melodic = score.tracks.filter { !$0.isDrum }
    let sounding = melodic.filter { !$0.notes.isEmpty }
    var lowest = -127
    var highest = 127
    // zip(min_pitches, max_pitches, non-drum tracks): the n-th track with notes, the n-th program.
    for (track, programTrack) in zip(sounding, melodic) {
      let pitches = track.notes.map { Int($0.pitch) }
      let range = Self.tessitura[min(max(programTrack.program, 0), 127)]
      lowest = max(lowest, range.lowerBound - pitches.min()!)
      highest = min(highest, range.upperBound - 1 - pitches.max()!)
    }
    return pitchOffsets.filter { lowest <= $0 && $0 <= highest }
  }

  /// MidiTok 3.1's `MIDI_INSTRUMENTS[program]["pitch_range"]` (`range(start, stop)`).
  static let tessitura: [Range<Int>] = {
    let bounds: [(Int, Int)] = [
      (21, 109), (21, 109), (21, 109), (21, 109), (28, 104), (28, 104), (41, 90), (36, 97), (60, 109),
      (72, 109),
      (60, 85), (53, 90), (48, 85), (65, 97), (60, 78), (60, 85), (36, 97), (36, 97), (36, 97), (21, 109),
      (36, 97), (53, 90), (60, 85), (53, 90), (40, 85), (40, 85), (40, 87), (40, 87), (40, 87), (40, 87),
      (40, 87), (40, 87), (28, 56), (28, 56), (28, 56), (28, 56), (28, 56), (28, 56), (28, 56), (28, 56),
      (55, 94), (48, 85), (36, 73), (28, 56), (28, 94), (28, 94), (23, 104), (36, 58), (28, 97), (28, 97),
      (36, 97), (36, 97), (48, 80), (48, 80), (48, 85), (48, 73), (58, 95), (34, 76), (29, 56), (58, 83),
      (41, 78), (36, 97), (36, 97), (36, 97), (54, 88), (49, 81), (42, 76), (37, 69), (58, 92), (52, 82),
      (34, 73), (50, 92), (74, 109), (60, 97), (60, 97), (60, 97), (60, 97), (55, 85), (60, 97), (60, 85),
      (21, 109), (21, 109), (36, 97), (36, 97), (36, 97), (36, 97), (36, 97), (21, 109), (36, 97), (36, 97),
      (36, 97), (36, 97), (36, 97), (36, 97), (36, 97), (36, 97), (36, 97), (36, 97), (36, 97), (36, 97),
      (36, 97), (36, 97), (36, 97), (36, 97), (48, 78), (48, 85), (50, 80), (55, 85), (48, 80), (36, 78),
      (55, 97), (48, 73), (72, 85), (60, 73), (52, 77), (0, 128), (0, 128), (0, 128), (0, 128), (0, 128),
      (0, 128), (0, 128), (0, 128), (0, 128), (0, 128), (0, 128), (0, 128), (0, 128),
    ]
    return bounds.map { $0.0..<$0.1 }
  }()
}
