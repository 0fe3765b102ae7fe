#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// muspy 0.5's 13 metrics (`muspy/metrics/metrics.py`) of a ``MuspyMusic``, computed as muspy
/// computes them — the same counts, the same single divisions, NaN and raises where muspy gives
/// them — but over sorted intervals and onsets rather than a ticks × 128 piano roll, so memory
/// follows the notes, never the length in ticks.
///
/// The measure of `empty_measure_rate` and `groove_consistency` is the first time signature's
/// bar in ticks (numerator · 4 · resolution / denominator; 4 · resolution without one), and
/// `drum_in_pattern_rate`'s meter is triple when the first numerator is a multiple of 3.
public struct MuspyMetrics: Sendable, Equatable {
  /// muspy's function names, in the order the statistics write them.
  public static let names = [
    "pitch_range", "n_pitches_used", "n_pitch_classes_used", "polyphony", "polyphony_rate",
    "pitch_entropy", "pitch_class_entropy", "scale_consistency", "empty_beat_rate", "empty_measure_rate",
    "groove_consistency", "drum_in_pattern_rate", "drum_pattern_consistency",
  ]

  /// The values, in the order of ``names``.
  public var values: [MetricValue]

  /// The value of the metric named `name` (one of ``names``).
  public subscript(name: String) -> MetricValue? {
    Self.names.firstIndex(of: name).map { values[$0] }
  }

  /// The 13 metrics of `music`.
  public init(_ music: MuspyMusic) {
    self.init(music, boundaries: NoteBoundaries(music.notes))
  }

  /// The 13 metrics of `music`, whose notes' boundaries are `boundaries`.
  init(_ music: MuspyMusic, boundaries: NoteBoundaries) {
    let pitches = PitchCounts(music.notes)
    let measure = Measure(music)
    let firstNumerator = music.timeSignatures.first?.numerator
    let triple = firstNumerator.map { $0 % 3 == 0 } ?? false
    let drumDuple = Self.drumInPatternRate(music, triple: false)
    let polyphony = Self.polyphony(music, boundaries)
    values = [
      Self.pitchRange(music, pitches),
      .integer(pitches.perPitch.count { $0 > 0 }),
      .integer(pitches.perClass.count { $0 > 0 }),
      polyphony.average,
      polyphony.rate,
      Self.entropy(pitches.perPitch, total: pitches.total),
      Self.entropy(pitches.perClass, total: pitches.total),
      Self.scaleConsistency(pitches),
      Self.emptyRate(music, boundaries, step: .whole(music.resolution)),
      Self.emptyRate(music, boundaries, step: measure),
      Self.grooveConsistency(music, boundaries, measure: measure),
      Self.drumInPatternRate(music, triple: triple),
      Self.drumPatternConsistency(music, duple: drumDuple),
    ]
  }

  /// How many non-drum notes there are of each pitch and pitch class.
  struct PitchCounts {
    /// Notes per pitch, 0–127.
    var perPitch = [Int](repeating: 0, count: 128)
    /// Notes per pitch class (pitch mod 12).
    var perClass = [Int](repeating: 0, count: 12)
    /// The non-drum notes.
    var total = 0

    init(_ notes: [MuspyMusic.Note]) {
      for note in notes where !note.isDrum { perPitch[Int(note.pitch)] += 1 }
      for (pitch, count) in perPitch.enumerated() { perClass[pitch % 12] += count }
      total = perPitch.reduce(0, +)
    }
  }

  /// What `max(track.get_end_time() for track in music.tracks)` raises with no tracks.
  static let noTracks = MetricValue.raised("ValueError: max() arg is an empty sequence")

  /// A measure resolution as the caller hands it to muspy: an `int`, or the `float` a bar that
  /// is not a whole number of ticks is.
  enum Measure {
    case whole(Int)
    case fraction(Double)

    init(_ music: MuspyMusic) {
      guard let first = music.timeSignatures.first else {
        self = .whole(4 * music.resolution)
        return
      }
      let top = first.numerator * 4 * music.resolution
      let exponent = first.denominatorExponent
      if top == 0 {
        self = .whole(0)
      } else if exponent < 62, top % (1 << exponent) == 0 {
        self = .whole(top >> exponent)
      } else {
        self = .fraction(Double(top) * pow(2.0, -Double(exponent)))
      }
    }

    var value: Double {
      switch self {
      case .whole(let ticks): Double(ticks)
      case .fraction(let value): value
      }
    }
  }

  /// `pitch_range`: 0 without tracks or notes (drums count here), else the highest minus the
  /// lowest non-drum pitch from 0 and 127 (drums only: −127).
  static func pitchRange(_ music: MuspyMusic, _ pitches: PitchCounts) -> MetricValue {
    guard !music.notes.isEmpty else { return .integer(0) }
    let used = pitches.perPitch.indices.filter { pitches.perPitch[$0] > 0 }
    return .integer(max(0, used.last ?? 0) - min(127, used.first ?? 127))
  }

  /// `polyphony` (marked cells over ticks with a pitch on) and `polyphony_rate` (ticks with
  /// more than 2 pitches on over the length), as muspy's Boolean roll gives them (overlaps and
  /// duplicates on one pitch OR-ed): one sweep over the sorted boundaries of the sounding notes,
  /// counting the notes on per pitch and the pitches on; between two boundaries the roll marks
  /// as many cells a tick as there are pitches on.
  static func polyphony(_ music: MuspyMusic, _ boundaries: NoteBoundaries) -> (
    average: MetricValue, rate: MetricValue
  ) {
    guard let length = music.length else { return (noTracks, noTracks) }
    let starts = boundaries.starts
    let ends = boundaries.ends
    var notesOn = [Int](repeating: 0, count: 128)
    var pitchesOn = 0
    var cells = 0
    var covered = 0
    var dense = 0
    var nextStart = 0
    var nextEnd = 0
    var previous = 0
    while true {
      while nextStart < starts.count && !NoteBoundaries.sounds(starts[nextStart]) { nextStart += 1 }
      while nextEnd < ends.count && !NoteBoundaries.sounds(ends[nextEnd]) { nextEnd += 1 }
      guard nextEnd < ends.count else { break }
      let starting =
        nextStart < starts.count && boundaries.tick(starts[nextStart]) <= boundaries.tick(ends[nextEnd])
      let key = starting ? starts[nextStart] : ends[nextEnd]
      let position = boundaries.tick(key)
      if position > previous {
        let span = position - previous
        cells += pitchesOn * span
        if pitchesOn >= 1 { covered += span }
        if pitchesOn > 2 { dense += span }
      }
      let pitch = NoteBoundaries.pitch(key)
      if starting {
        if notesOn[pitch] == 0 { pitchesOn += 1 }
        notesOn[pitch] += 1
        nextStart += 1
      } else {
        notesOn[pitch] -= 1
        if notesOn[pitch] == 0 { pitchesOn -= 1 }
        nextEnd += 1
      }
      previous = position
    }
    return (
      covered < 1 ? .notANumber : .ratio(cells, covered), length < 1 ? .notANumber : .ratio(dense, length)
    )
  }

  /// `pitch_entropy` / `pitch_class_entropy`: −Σ P·log2 P over the bins (notes per pitch or
  /// pitch class), NaN without notes, summed as NumPy's `nansum` sums (the first bin, then the
  /// others pairwise).
  static func entropy(_ counts: [Int], total: Int) -> MetricValue {
    guard total > 0 else { return .notANumber }
    let terms = counts.map { counted -> Double in
      let probability = Double(counted) / Double(total)
      let term = probability * log2(probability)
      return term.isNaN ? 0 : term
    }
    return .real(-(terms[0] + pairwiseSum(terms[1...])))
  }

  /// NumPy's pairwise summation of doubles (`pairwise_sum_DOUBLE`): under 8 in order, up to 128
  /// in eight running sums, above that halves (a multiple of 8) summed recursively.
  static func pairwiseSum(_ values: ArraySlice<Double>) -> Double {
    let count = values.count
    let start = values.startIndex
    if count < 8 {
      var sum = -0.0
      for value in values { sum += value }
      return sum
    }
    if count <= 128 {
      var partial = Array(values[start..<start + 8])
      var index = 8
      while index < count - count % 8 {
        for lane in 0..<8 { partial[lane] += values[start + index + lane] }
        index += 8
      }
      var sum =
        ((partial[0] + partial[1]) + (partial[2] + partial[3]))
        + ((partial[4] + partial[5]) + (partial[6] + partial[7]))
      while index < count {
        sum += values[start + index]
        index += 1
      }
      return sum
    }
    var half = count / 2
    half -= half % 8
    return pairwiseSum(values[start..<start + half]) + pairwiseSum(values[(start + half)...])
  }

  /// `scale_consistency`: the largest share of non-drum notes in one of the 24 major and minor
  /// scales, from 0.0 with a strict `>`; NaN without notes.
  static func scaleConsistency(_ pitches: PitchCounts) -> MetricValue {
    guard pitches.total > 0 else { return .notANumber }
    let major = [0, 2, 4, 5, 7, 9, 11]
    let minor = [0, 2, 3, 5, 7, 8, 10]
    var best = 0.0
    for scale in [major, minor] {
      for root in 0..<12 {
        let inScale = scale.reduce(0) { $0 + pitches.perClass[($1 + root) % 12] }
        let rate = Double(inScale) / Double(pitches.total)
        if rate > best { best = rate }
      }
    }
    return .real(best)
  }

  /// `empty_beat_rate` (step: the resolution) and `empty_measure_rate` (step: the measure):
  /// 1 − (steps a note touches, onset's through end's inclusive, drums included) / (⌊L/step⌋ + 1).
  static func emptyRate(_ music: MuspyMusic, _ boundaries: NoteBoundaries, step: Measure) -> MetricValue {
    guard let length = music.length else { return noTracks }
    if length < 1 { return .notANumber }
    let size: Int
    switch step {
    case .fraction:
      return .raised("TypeError: can't multiply sequence by non-int of type 'float'")
    case .whole(let ticks):
      guard ticks != 0 else { return .raised("ZeroDivisionError: integer division or modulo by zero") }
      size = ticks
    }
    // The steps each note touches, [onset's, end's + 1): sorted as the ticks are. The k-th
    // smallest start is at most the k-th smallest end, so the steps no note touches between the
    // first start and the last end are the gaps [end k, start k + 1) where those are in order.
    let starts = boundaries.starts
    let ends = boundaries.ends
    var marked = 0
    if let first = starts.first, let last = ends.last {
      marked = boundaries.tick(last) / size + 1 - boundaries.tick(first) / size
      var startSteps = Steps(size: size)
      var endSteps = Steps(size: size)
      for index in 1..<starts.count {
        let gap =
          startSteps.of(boundaries.tick(starts[index])) - endSteps.of(boundaries.tick(ends[index - 1])) - 1
        marked -= max(gap, 0)
      }
    }
    return .real(1 - (Double(marked) / Double(length / size + 1)))
  }

  /// The steps (`tick / size`) of ticks met in non-decreasing order, counted up a step at a
  /// time and divided for only across a gap of more than one step.
  struct Steps {
    let size: Int
    private var step = 0
    private var stepStart = 0

    init(size: Int) { self.size = size }

    /// The step of `tick`, no smaller than the last tick asked.
    @inline(__always)
    mutating func of(_ tick: Int) -> Int {
      let past = tick - stepStart - size
      if past >= 0 {
        if past < size {
          step += 1
          stepStart += size
        } else {
          step = tick / size
          stepStart = step * size
        }
      }
      return step
    }
  }

  /// `groove_consistency`: 1 − (Hamming distances of neighbouring measures' onset grids) /
  /// (measure · (measures − 1)), drums included; NaN under two measures.
  static func grooveConsistency(_ music: MuspyMusic, _ boundaries: NoteBoundaries, measure: Measure)
    -> MetricValue
  {
    guard let length = music.length else { return noTracks }
    guard measure.value >= 1 else {
      return .raised("ValueError: Measure resolution must be a positive integer.")
    }
    let size: Int
    switch measure {
    case .fraction(let value):
      if (Double(length) / value).rounded(.down) + 1 < 2 { return .notANumber }
      return .raised("TypeError: 'float' object cannot be interpreted as an integer")
    case .whole(let ticks): size = ticks
    }
    let count = length / size + 1
    if count < 2 { return .notANumber }
    // Distinct onsets, sorted. An onset differs from the same place in the measure before (when
    // there is one) unless that place has an onset too, and likewise from the measure after;
    // both neighbours are found by cursors that only move forward.
    var distinct: [Int] = []
    distinct.reserveCapacity(boundaries.starts.count)
    for key in boundaries.starts {
      let onset = boundaries.tick(key)
      if distinct.last != onset { distinct.append(onset) }
    }
    var distance = 0
    var before = 0
    var after = 0
    var measures = Steps(size: size)
    for onset in distinct {
      let measureIndex = measures.of(onset)
      if measureIndex > 0 {
        while distinct[before] < onset - size { before += 1 }
        if distinct[before] != onset - size { distance += 1 }
      }
      if measureIndex < count - 1 {
        while after < distinct.count && distinct[after] < onset + size { after += 1 }
        if after == distinct.count || distinct[after] != onset + size { distance += 1 }
      }
    }
    return .real(1 - Double(distance) / Double(size * (count - 1)))
  }

  /// `drum_in_pattern_rate`: the share of drum notes whose onset within a beat
  /// (`time % resolution`) is on the meter's grid; NaN without drum notes.
  static func drumInPatternRate(_ music: MuspyMusic, triple: Bool) -> MetricValue {
    let resolution = music.resolution
    var total = 0
    var inPattern = 0
    for note in music.notes where note.isDrum {
      total += 1
      let position = note.time % resolution
      let onGrid: Bool
      if position == 0 {
        onGrid = true
      } else if triple {
        onGrid = resolution % 3 == 0 && position % (resolution / 3) == 0
      } else {
        onGrid =
          (resolution % 4 == 0 && position % (resolution / 4) == 0)
          || (resolution % 2 == 0 && position % (resolution / 2) == 0)
      }
      if onGrid { inPattern += 1 }
    }
    return total == 0 ? .notANumber : .ratio(inPattern, total)
  }

  /// `drum_pattern_consistency`: NaN when the duple rate is, else the larger of the duple and
  /// triple rates.
  static func drumPatternConsistency(_ music: MuspyMusic, duple: MetricValue) -> MetricValue {
    guard case .real(let dupleRate) = duple else { return .notANumber }
    guard case .real(let tripleRate) = drumInPatternRate(music, triple: true) else { return duple }
    return dupleRate > tripleRate ? duple : .real(tripleRate)
  }
}
