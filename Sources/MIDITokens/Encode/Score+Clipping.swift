extension Score {
  /// symusic's `clip(0, end)`: notes, controls, pitch bends, pedals and lyrics from tick 0 to
  /// before `end`; time signatures, key signatures and tempos too, the first at tick 0 kept.
  func clipped(before end: Int32) -> Score {
    var result = self
    for index in result.tracks.indices {
      result.tracks[index].notes.removeAll { $0.time < 0 || $0.time >= end }
      result.tracks[index].controls.removeAll { $0.time < 0 || $0.time >= end }
      result.tracks[index].pitchBends.removeAll { $0.time < 0 || $0.time >= end }
      result.tracks[index].pedals.removeAll { $0.time < 0 || $0.time >= end }
      result.tracks[index].lyricTimes.removeAll { $0 < 0 || $0 >= end }
    }
    func sentinel<T>(_ events: [T], time: (T) -> Int32, moved: (T) -> T) -> [T] {
      var kept: [T] = []
      var first: T?
      for event in events {
        if time(event) <= 0 {
          if first == nil || time(first!) < time(event) { first = event }
        } else if time(event) < end {
          kept.append(event)
        }
      }
      if let first { kept.insert(moved(first), at: 0) }
      return kept
    }
    result.timeSignatures = sentinel(timeSignatures, time: \.time) {
      ScoreTimeSignature(time: 0, numerator: $0.numerator, denominator: $0.denominator)
    }
    result.keySignatures = sentinel(keySignatures, time: \.time) {
      ScoreKeySignature(time: 0, key: $0.key, tonality: $0.tonality)
    }
    result.tempos = sentinel(tempos, time: \.time) { ScoreTempo(time: 0, mspq: $0.mspq) }
    result.markerTimes.removeAll { $0 < 0 || $0 >= end }
    return result
  }
}
