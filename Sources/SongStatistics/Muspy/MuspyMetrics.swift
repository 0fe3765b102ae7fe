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
    let melodic = music.notes.filter { !$0.isDrum }
    let measure = Measure(music)
    let firstNumerator = music.timeSignatures.first?.numerator
    let triple = firstNumerator.map { $0 % 3 == 0 } ?? false
    let drumDuple = Self.drumInPatternRate(music, triple: false)
    let polyphony = Self.polyphony(music, melodic)
    values = [
      Self.pitchRange(music, melodic),
      .integer(Set(melodic.map(\.pitch)).count),
      .integer(Set(melodic.map { $0.pitch % 12 }).count),
      polyphony.average,
      polyphony.rate,
      Self.entropy(melodic.map { Int($0.pitch) }, bins: 128),
      Self.entropy(melodic.map { Int($0.pitch % 12) }, bins: 12),
      Self.scaleConsistency(melodic),
      Self.emptyRate(music, step: .whole(music.resolution)),
      Self.emptyRate(music, step: measure),
      Self.grooveConsistency(music, measure: measure),
      Self.drumInPatternRate(music, triple: triple),
      Self.drumPatternConsistency(music, duple: drumDuple),
    ]
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
  static func pitchRange(_ music: MuspyMusic, _ melodic: [MuspyMusic.Note]) -> MetricValue {
    guard !music.notes.isEmpty else { return .integer(0) }
    var highest = 0
    var lowest = 127
    for note in melodic {
      highest = max(highest, Int(note.pitch))
      lowest = min(lowest, Int(note.pitch))
    }
    return .integer(highest - lowest)
  }

  /// `polyphony` (marked cells over ticks with a pitch on) and `polyphony_rate` (ticks with
  /// more than 2 pitches on over the length), from each pitch's intervals [onset, end) merged
  /// (overlaps and duplicates OR-ed, as muspy's Boolean roll does), then swept together. A sweep
  /// needs only the sorted starts and the sorted ends, each sorted on its own.
  static func polyphony(_ music: MuspyMusic, _ melodic: [MuspyMusic.Note]) -> (
    average: MetricValue, rate: MetricValue
  ) {
    guard let length = music.length else { return (noTracks, noTracks) }
    var starts = [[Int]](repeating: [], count: 128)
    var ends = [[Int]](repeating: [], count: 128)
    for note in melodic where note.duration > 0 {
      starts[Int(note.pitch)].append(note.time)
      ends[Int(note.pitch)].append(note.end)
    }
    var mergedStarts: [Int] = []
    var mergedEnds: [Int] = []
    var cells = 0
    for pitch in 0..<128 where !starts[pitch].isEmpty {
      starts[pitch].sort()
      ends[pitch].sort()
      Self.sweep(starts[pitch], ends[pitch]) { from, to, sounding in
        guard sounding > 0 else { return }
        cells += to - from
        if mergedEnds.last == from {
          mergedEnds[mergedEnds.count - 1] = to
        } else {
          mergedStarts.append(from)
          mergedEnds.append(to)
        }
      }
    }
    mergedStarts.sort()
    mergedEnds.sort()
    var covered = 0
    var dense = 0
    Self.sweep(mergedStarts, mergedEnds) { from, to, sounding in
      if sounding >= 1 { covered += to - from }
      if sounding > 2 { dense += to - from }
    }
    return (
      covered < 1 ? .notANumber : .ratio(cells, covered), length < 1 ? .notANumber : .ratio(dense, length)
    )
  }

  /// Walks the spans between the boundaries of intervals given by their sorted starts and sorted
  /// ends, telling `body` each span (from, to) with how many intervals cover it.
  static func sweep(_ starts: [Int], _ ends: [Int], _ body: (Int, Int, Int) -> Void) {
    var nextStart = 0
    var nextEnd = 0
    var sounding = 0
    var previous = 0
    while nextEnd < ends.count {
      let position: Int
      if nextStart < starts.count && starts[nextStart] <= ends[nextEnd] {
        position = starts[nextStart]
        if position > previous { body(previous, position, sounding) }
        sounding += 1
        nextStart += 1
      } else {
        position = ends[nextEnd]
        if position > previous { body(previous, position, sounding) }
        sounding -= 1
        nextEnd += 1
      }
      previous = position
    }
  }

  /// `pitch_entropy` / `pitch_class_entropy`: −Σ P·log2 P over the bins, NaN without notes,
  /// summed as NumPy's `nansum` sums (the first bin, then the others pairwise).
  static func entropy(_ bins: [Int], bins count: Int) -> MetricValue {
    guard !bins.isEmpty else { return .notANumber }
    var counts = [Double](repeating: 0, count: count)
    for bin in bins { counts[bin] += 1 }
    let total = Double(bins.count)
    let terms = counts.map { counted -> Double in
      let probability = counted / total
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
  static func scaleConsistency(_ melodic: [MuspyMusic.Note]) -> MetricValue {
    guard !melodic.isEmpty else { return .notANumber }
    var classes = [Int](repeating: 0, count: 12)
    for note in melodic { classes[Int(note.pitch % 12)] += 1 }
    let major = [0, 2, 4, 5, 7, 9, 11]
    let minor = [0, 2, 3, 5, 7, 8, 10]
    var best = 0.0
    for scale in [major, minor] {
      for root in 0..<12 {
        let inScale = scale.reduce(0) { $0 + classes[($1 + root) % 12] }
        let rate = Double(inScale) / Double(melodic.count)
        if rate > best { best = rate }
      }
    }
    return .real(best)
  }

  /// `empty_beat_rate` (step: the resolution) and `empty_measure_rate` (step: the measure):
  /// 1 − (steps a note touches, onset's through end's inclusive, drums included) / (⌊L/step⌋ + 1).
  static func emptyRate(_ music: MuspyMusic, step: Measure) -> MetricValue {
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
    // The steps each note touches, [onset's, end's + 1), as sorted starts and sorted ends.
    var starts = music.notes.map { $0.time / size }
    var ends = music.notes.map { $0.end / size + 1 }
    starts.sort()
    ends.sort()
    var marked = 0
    Self.sweep(starts, ends) { from, to, touching in
      if touching > 0 { marked += to - from }
    }
    return .real(1 - (Double(marked) / Double(length / size + 1)))
  }

  /// `groove_consistency`: 1 − (Hamming distances of neighbouring measures' onset grids) /
  /// (measure · (measures − 1)), drums included; NaN under two measures.
  static func grooveConsistency(_ music: MuspyMusic, measure: Measure) -> MetricValue {
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
    var onsets = music.notes.map(\.time)
    onsets.sort()
    var distinct: [Int] = []
    distinct.reserveCapacity(onsets.count)
    for onset in onsets where distinct.last != onset { distinct.append(onset) }
    var distance = 0
    var before = 0
    var after = 0
    for onset in distinct {
      let measureIndex = onset / size
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
