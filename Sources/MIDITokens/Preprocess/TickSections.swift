/// Sections of a song between time signature changes, each with a number of ticks: the
/// ticks per beat of its denominator (`get_score_ticks_per_beat`) or the step its onsets snap
/// to (`_get_score_resampling_factor`). Each ends at the next change (the last at the song's
/// end + 1); equal successive values are one section.
struct TickSections: Hashable, Sendable {
  /// `(end tick, ticks)` of each section.
  var sections: [(end: Int, ticks: Int)]

  static func == (lhs: TickSections, rhs: TickSections) -> Bool {
    lhs.sections.elementsEqual(rhs.sections) { $0.end == $1.end && $0.ticks == $1.ticks }
  }

  func hash(into hasher: inout Hasher) {
    for section in sections {
      hasher.combine(section.end)
      hasher.combine(section.ticks)
    }
  }

  init(sections: [(end: Int, ticks: Int)]) {
    var merged = sections
    var index = merged.count - 1
    while index > 0 {
      if merged[index].ticks == merged[index - 1].ticks {
        merged[index - 1].end = merged[index].end
        merged.remove(at: index)
      }
      index -= 1
    }
    self.sections = merged
  }

  /// The sections of `value(denominator)` over the score's time signatures.
  init(score: Score, value: (Int) -> Int) {
    let signatures = score.timeSignatures
    var sections: [(end: Int, ticks: Int)] = []
    for index in 0..<max(signatures.count - 1, 0) {
      sections.append((Int(signatures[index + 1].time), value(signatures[index].denominator)))
    }
    if let last = signatures.last { sections.append((score.end + 1, value(last.denominator))) }
    self.init(sections: sections)
  }

  /// Ticks per beat (`get_score_ticks_per_beat`).
  static func ticksPerBeat(of score: Score) -> TickSections {
    TickSections(score: score) {
      Tokenizer.ticksPerBeat(denominator: $0, ticksPerQuarter: score.ticksPerQuarter)
    }
  }

  /// Onset steps (`_get_score_resampling_factor`): `tpq // (positions × denominator / 4)`.
  static func resamplingSteps(of score: Score, positionsPerBeat: Int) -> TickSections {
    TickSections(score: score) { denominator in
      Int(
        (Double(score.ticksPerQuarter) / (Double(positionsPerBeat) * (Double(denominator) / 4))).rounded(
          .down))
    }
  }

  /// Snaps spans, their onsets in order and their offsets in any order; an offset that comes to
  /// or before its onset moves one step (its onset section's) past it (notes of MIDI-Like,
  /// pedals without durations).
  func snapSpans(onsets: inout [Int32], offsets: inout [Int32]) {
    snapSorted(&onsets)
    snapUnsorted(&offsets)
    for index in onsets.indices where offsets[index] <= onsets[index] {
      offsets[index] = onsets[index] + Int32(sections[sectionIndex(of: Int(onsets[index]))].ticks)
    }
  }

  /// `_adjust_time_to_tpb` on times sorted in increasing order: each section's times snap to
  /// its step from the section's start (`np.round`: half to even); the last section takes
  /// every time after it.
  func snapSorted(_ times: inout [Int32]) {
    var first = 0
    var gridStart = 0
    for (index, section) in sections.enumerated() {
      var last: Int
      if index == sections.count - 1 {
        last = times.count
      } else {
        // searchsorted(times, end, "left")
        var low = first
        var high = times.count
        while low < high {
          let middle = (low + high) / 2
          if Int(times[middle]) < section.end { low = middle + 1 } else { high = middle }
        }
        last = low
      }
      last = max(last, first)
      if section.ticks != 1 && first < last {
        for position in first..<last {
          times[position] = Self.snap(times[position], start: gridStart, step: section.ticks)
        }
      }
      first = last
      gridStart = section.end
    }
  }

  /// `_adjust_time_to_tpb(..., sorted_times=False)`: each time snaps in the section it falls in.
  func snapUnsorted(_ times: inout [Int32]) {
    for position in times.indices {
      let index = sectionIndex(of: Int(times[position]))
      let start = index == 0 ? 0 : sections[index - 1].end
      times[position] = Self.snap(times[position], start: start, step: sections[index].ticks)
    }
  }

  /// `searchsorted(ends[:-1], time, "right")`: the section a time falls in.
  func sectionIndex(of time: Int) -> Int {
    var low = 0
    var high = sections.count - 1
    while low < high {
      let middle = (low + high) / 2
      if sections[middle].end <= time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  @inline(__always)
  static func snap(_ time: Int32, start: Int, step: Int) -> Int32 {
    let steps = (Double(Int(time) - start) / Double(step)).rounded(.toNearestOrEven)
    return Int32(steps * Double(step) + Double(start))
  }
}
