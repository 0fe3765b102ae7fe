extension Score {
  /// symusic's `Score.resample(tpq, min_dur=1)`: every time becomes
  /// `round(time × tpq / old tpq)` (C++ `std::round`: halves away from zero), durations the
  /// same on their own and at least 1; time signatures too (MidiTok replaces them after).
  /// - Throws: ``TokensError`` for a time past 2^31 − 1 after resampling (symusic raises
  ///   `overflow_error`).
  func resampled(to ticksPerQuarter: Int) throws(TokensError) -> Score {
    let scale = Double(ticksPerQuarter) / Double(self.ticksPerQuarter)
    var overflow = false
    @inline(__always) func time(_ value: Int32) -> Int32 {
      let scaled = (scale * Double(value)).rounded(.toNearestOrAwayFromZero)
      guard let exact = Int32(exactly: scaled) else {
        overflow = true
        return 0
      }
      return exact
    }
    @inline(__always) func duration(_ value: Int32) -> Int32 { max(time(value), 1) }
    var result = Score(ticksPerQuarter: ticksPerQuarter)
    result.timeSignatures = timeSignatures.map {
      ScoreTimeSignature(time: time($0.time), numerator: $0.numerator, denominator: $0.denominator)
    }
    result.keySignatures = keySignatures.map {
      ScoreKeySignature(time: time($0.time), key: $0.key, tonality: $0.tonality)
    }
    result.tempos = tempos.map { ScoreTempo(time: time($0.time), mspq: $0.mspq) }
    result.markerTimes = markerTimes.map(time)
    result.tracks = tracks.map { track in
      var resampled = ScoreTrack(program: track.program, isDrum: track.isDrum)
      resampled.notes = track.notes.map {
        ScoreNote(
          time: time($0.time), duration: duration($0.duration), pitch: $0.pitch, velocity: $0.velocity)
      }
      resampled.pedals = track.pedals.map { ScorePedal(time: time($0.time), duration: duration($0.duration)) }
      resampled.pitchBends = track.pitchBends.map { ScorePitchBend(time: time($0.time), value: $0.value) }
      resampled.controls = track.controls.map {
        ScoreControl(time: time($0.time), number: $0.number, value: $0.value)
      }
      resampled.lyricTimes = track.lyricTimes.map(time)
      return resampled
    }
    if overflow { throw TokensError(.symusicRefuses("a time past 2^31 - 1 after resampling")) }
    return result
  }
}

extension [ScoreTrack] {
  /// MidiTok's `merge_same_program_tracks`: the tracks of one program (drums: −1) become one,
  /// in the first one's place: its notes sorted by (time, duration, pitch, velocity), pedals by
  /// (time, duration), control changes and pitch bends by time, each sort stable over the
  /// tracks in order.
  mutating func mergeSamePrograms() {
    var groups: [Int: [Int]] = [:]
    for (index, track) in enumerated() { groups[track.tokenProgram, default: []].append(index) }
    var removed: [Int] = []
    for (_, group) in groups where group.count >= 2 {
      var merged = self[group[0]]
      for index in group.dropFirst() {
        merged.notes += self[index].notes
        merged.pedals += self[index].pedals
        merged.controls += self[index].controls
        merged.pitchBends += self[index].pitchBends
      }
      merged.notes = merged.notes.enumerated().sorted { a, b in
        let (x, y) = (a.element, b.element)
        if x.time != y.time { return x.time < y.time }
        if x.duration != y.duration { return x.duration < y.duration }
        if x.pitch != y.pitch { return x.pitch < y.pitch }
        if x.velocity != y.velocity { return x.velocity < y.velocity }
        return a.offset < b.offset
      }.map(\.element)
      merged.pedals = merged.pedals.enumerated().sorted { a, b in
        (a.element.time, a.element.duration, a.offset) < (b.element.time, b.element.duration, b.offset)
      }.map(\.element)
      merged.controls = merged.controls.enumerated().sorted {
        ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
      }
      .map(\.element)
      merged.pitchBends = merged.pitchBends.enumerated().sorted {
        ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
      }.map(\.element)
      self[group[0]] = merged
      removed += group.dropFirst()
    }
    for index in removed.sorted(by: >) { remove(at: index) }
  }
}
