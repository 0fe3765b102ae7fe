/// A stable sort of events by tick that costs one pass where the events are already in
/// order and a merge per run otherwise (MidiTok's `events.sort(key=lambda e: e.time)` is
/// stable: events of one tick keep their order): the events of a song are a few runs in
/// tick order (global events, then each track's), so the sort merges them.
enum StableTimeSort {
  /// Sorts by `time`, equal times keeping their order.
  static func sort(_ events: inout [TokenEvent]) {
    guard events.count > 1 else { return }
    // The starts of the runs in order.
    var starts: [Int] = [0]
    for index in 1..<events.count where events[index].time < events[index - 1].time { starts.append(index) }
    guard starts.count > 1 else { return }
    var source = events
    var target = events
    while starts.count > 1 {
      var merged: [Int] = []
      merged.reserveCapacity((starts.count + 1) / 2)
      var run = 0
      source.withUnsafeBufferPointer { from in
        target.withUnsafeMutableBufferPointer { to in
          while run < starts.count {
            let low = starts[run]
            let middle = run + 1 < starts.count ? starts[run + 1] : from.count
            let high = run + 2 < starts.count ? starts[run + 2] : from.count
            merged.append(low)
            var left = low
            var right = middle
            var out = low
            while left < middle && right < high {
              if from[right].time < from[left].time {
                to[out] = from[right]
                right += 1
              } else {
                to[out] = from[left]
                left += 1
              }
              out += 1
            }
            while left < middle {
              to[out] = from[left]
              left += 1
              out += 1
            }
            while right < high {
              to[out] = from[right]
              right += 1
              out += 1
            }
            run += 2
          }
        }
      }
      swap(&source, &target)
      starts = merged
    }
    events = source
  }
}
