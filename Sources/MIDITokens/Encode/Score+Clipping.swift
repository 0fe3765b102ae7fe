extension Score {
  /// symusic's `clip(0, end)`: ``clipped(from:before:)`` from tick 0.
  func clipped(before end: Int32) -> Score { clipped(from: 0, before: end) }

  /// symusic's `clip(start, end, clip_end=False).shift_time(-start)`: notes, controls, pitch
  /// bends, pedals, lyrics and markers from `start` to before `end` (a note by its onset, kept
  /// whole); time signatures, key signatures and tempos too, the last at or before `start`
  /// kept at `start`; then everything moved back by `start`.
  ///
  /// With `timeSorted` (every track's lists in time order, ``isTimeSorted``), each list is cut
  /// by two binary searches instead of filtered whole: the same result in time proportional to
  /// what is kept.
  func clipped(from start: Int32, before end: Int32, timeSorted: Bool = false) -> Score {
    var result = self
    func inside(_ time: Int32) -> Bool { time >= start && time < end }
    func cut<T>(_ items: [T], _ time: (T) -> Int32) -> [T] {
      func firstIndex(atOrAfter tick: Int32) -> Int {
        var low = 0
        var high = items.count
        while low < high {
          let middle = (low + high) / 2
          if time(items[middle]) < tick { low = middle + 1 } else { high = middle }
        }
        return low
      }
      let lower = firstIndex(atOrAfter: start)
      return lower == items.count ? [] : Array(items[lower..<max(lower, firstIndex(atOrAfter: end))])
    }
    for index in result.tracks.indices {
      if timeSorted {
        let track = tracks[index]
        result.tracks[index].notes = cut(track.notes, \.time)
        result.tracks[index].controls = cut(track.controls, \.time)
        result.tracks[index].pitchBends = cut(track.pitchBends, \.time)
        result.tracks[index].pedals = cut(track.pedals, \.time)
        result.tracks[index].lyricTimes = cut(track.lyricTimes) { $0 }
        continue
      }
      result.tracks[index].notes.removeAll { !inside($0.time) }
      result.tracks[index].controls.removeAll { !inside($0.time) }
      result.tracks[index].pitchBends.removeAll { !inside($0.time) }
      result.tracks[index].pedals.removeAll { !inside($0.time) }
      result.tracks[index].lyricTimes.removeAll { !inside($0) }
    }
    func sentinel<T>(_ events: [T], time: (T) -> Int32, moved: (T) -> T) -> [T] {
      if timeSorted {
        // In time order: the first of the latest events at or before `start`, then those
        // after it and before `end`, found by binary searches.
        func firstIndex(after tick: Int32, orAt: Bool) -> Int {
          var low = 0
          var high = events.count
          while low < high {
            let middle = (low + high) / 2
            let value = time(events[middle])
            if value < tick || (!orAt && value == tick) { low = middle + 1 } else { high = middle }
          }
          return low
        }
        let after = firstIndex(after: start, orAt: false)
        let upper = max(after, firstIndex(after: end, orAt: true))
        var kept = Array(events[after..<upper])
        if after > 0 {
          let latest = time(events[after - 1])
          let first = firstIndex(after: latest, orAt: true)
          kept.insert(moved(events[first]), at: 0)
        }
        return kept
      }
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

  /// Whether every track's notes, controls, pitch bends, pedals and lyrics, and the time
  /// signatures, key signatures and tempos, are in time order.
  var isTimeSorted: Bool {
    func sorted<T>(_ items: [T], _ time: (T) -> Int32) -> Bool {
      var previous = Int32.min
      for item in items {
        let tick = time(item)
        if tick < previous { return false }
        previous = tick
      }
      return true
    }
    return tracks.allSatisfy { track in
      sorted(track.notes, \.time) && sorted(track.controls, \.time) && sorted(track.pitchBends, \.time)
        && sorted(track.pedals, \.time) && sorted(track.lyricTimes) { $0 }
    } && sorted(timeSignatures, \.time) && sorted(keySignatures, \.time) && sorted(tempos, \.time)
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
