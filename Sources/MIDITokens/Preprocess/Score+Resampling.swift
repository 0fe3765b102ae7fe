extension Score {
  /// symusic's `Score.resample(tpq, min_dur=1)`: every time becomes
  /// `round(time × tpq / old tpq)` (C++ `std::round`: halves away from zero), durations the
  /// same on their own and at least 1; time signatures too (MidiTok replaces them after).
  /// - Throws: ``TokensError`` for a time past 2^31 − 1 after resampling (symusic raises
  ///   `overflow_error`).
  ///
  /// Resamples in place: a score nobody else holds is not copied.
  mutating func resample(to ticksPerQuarter: Int) throws(TokensError) {
    let scale = Double(ticksPerQuarter) / Double(self.ticksPerQuarter)
    var overflow = false
    @inline(__always) func time(_ value: Int32) -> Int32 {
      let product = scale * Double(value)
      if product.magnitude < 0x1p52 {
        // `rounded(.toNearestOrAwayFromZero)` without a call to `round`: below 2^52 the
        // fraction after truncating is exact.
        var whole = Int(product)
        let fraction = product - Double(whole)
        if fraction >= 0.5 { whole += 1 } else if fraction <= -0.5 { whole -= 1 }
        guard let exact = Int32(exactly: whole) else {
          overflow = true
          return 0
        }
        return exact
      }
      let scaled = product.rounded(.toNearestOrAwayFromZero)
      guard let exact = Int32(exactly: scaled) else {
        overflow = true
        return 0
      }
      return exact
    }
    @inline(__always) func duration(_ value: Int32) -> Int32 { max(time(value), 1) }
    self.ticksPerQuarter = ticksPerQuarter
    for index in timeSignatures.indices { timeSignatures[index].time = time(timeSignatures[index].time) }
    for index in keySignatures.indices { keySignatures[index].time = time(keySignatures[index].time) }
    for index in tempos.indices { tempos[index].time = time(tempos[index].time) }
    for index in markerTimes.indices { markerTimes[index] = time(markerTimes[index]) }
    for index in tracks.indices {
      tracks[index].notes.withUnsafeMutableBufferPointer { notes in
        for note in notes.indices {
          notes[note].time = time(notes[note].time)
          notes[note].duration = duration(notes[note].duration)
        }
      }
      for pedal in tracks[index].pedals.indices {
        tracks[index].pedals[pedal].time = time(tracks[index].pedals[pedal].time)
        tracks[index].pedals[pedal].duration = duration(tracks[index].pedals[pedal].duration)
      }
      for bend in tracks[index].pitchBends.indices {
        tracks[index].pitchBends[bend].time = time(tracks[index].pitchBends[bend].time)
      }
      for control in tracks[index].controls.indices {
        tracks[index].controls[control].time = time(tracks[index].controls[control].time)
      }
      for lyric in tracks[index].lyricTimes.indices {
        tracks[index].lyricTimes[lyric] = time(tracks[index].lyricTimes[lyric])
      }
    }
    if overflow { throw TokensError(.symusicRefuses("a time past 2^31 - 1 after resampling")) }
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
