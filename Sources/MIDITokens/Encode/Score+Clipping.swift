extension Score {
  /// symusic's `clip(0, end)`: ``clipped(from:before:)`` from tick 0.
  func clipped(before end: Int32) -> Score { clipped(from: 0, before: end) }

  /// symusic's `clip(start, end, clip_end=False).shift_time(-start)`: notes, controls, pitch
  /// bends, pedals, lyrics and markers from `start` to before `end` (a note by its onset, kept
  /// whole); time signatures, key signatures and tempos too, the last at or before `start`
  /// kept at `start`; then everything moved back by `start`.
  func clipped(from start: Int32, before end: Int32) -> Score {
    var result = self
    func inside(_ time: Int32) -> Bool { time >= start && time < end }
    for index in result.tracks.indices {
      result.tracks[index].notes.removeAll { !inside($0.time) }
      result.tracks[index].controls.removeAll { !inside($0.time) }
      result.tracks[index].pitchBends.removeAll { !inside($0.time) }
      result.tracks[index].pedals.removeAll { !inside($0.time) }
      result.tracks[index].lyricTimes.removeAll { !inside($0) }
    }
    func sentinel<T>(_ events: [T], time: (T) -> Int32, moved: (T) -> T) -> [T] {
      var kept: [T] = []
      var first: T?
      for event in events {
        if time(event) <= start {
          if first == nil || time(first!) < time(event) { first = event }
        } else if time(event) < end {
          kept.append(event)
        }
      }
      if let first { kept.insert(moved(first), at: 0) }
      return kept
    }
    result.timeSignatures = sentinel(timeSignatures, time: \.time) {
      ScoreTimeSignature(time: start, numerator: $0.numerator, denominator: $0.denominator)
    }
    result.keySignatures = sentinel(keySignatures, time: \.time) {
      ScoreKeySignature(time: start, key: $0.key, tonality: $0.tonality)
    }
    result.tempos = sentinel(tempos, time: \.time) { ScoreTempo(time: start, mspq: $0.mspq) }
    result.markerTimes.removeAll { !inside($0) }
    return start == 0 ? result : result.shifted(by: -start)
  }

  /// symusic's `shift_time(offset)`: every event `offset` ticks later.
  func shifted(by offset: Int32) -> Score {
    var result = self
    for index in result.tracks.indices {
      for item in result.tracks[index].notes.indices { result.tracks[index].notes[item].time &+= offset }
      for item in result.tracks[index].controls.indices {
        result.tracks[index].controls[item].time &+= offset
      }
      for item in result.tracks[index].pitchBends.indices {
        result.tracks[index].pitchBends[item].time &+= offset
      }
      for item in result.tracks[index].pedals.indices { result.tracks[index].pedals[item].time &+= offset }
      for item in result.tracks[index].lyricTimes.indices { result.tracks[index].lyricTimes[item] &+= offset }
    }
    for item in result.timeSignatures.indices { result.timeSignatures[item].time &+= offset }
    for item in result.keySignatures.indices { result.keySignatures[item].time &+= offset }
    for item in result.tempos.indices { result.tempos[item].time &+= offset }
    for item in result.markerTimes.indices { result.markerTimes[item] &+= offset }
    return result
  }
}
