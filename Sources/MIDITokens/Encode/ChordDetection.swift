/// A chord MidiTok detected: its onset and the index of its token in the tokenizer's chord
/// tokens (−1 when its token is not in the vocabulary, with the token).
struct DetectedChord {
  var time: Int32
  var index: Int
  var token: String
}

extension Tokenizer {
  /// MidiTok's `detect_chords` (`utils.py`) on a track's notes, as `_create_track_events`
  /// calls it (onset offset 1 position of the first beat resolution, 10 notes at most, the
  /// root named if the configuration says so).
  func detectChords(_ notes: [ScoreNote], ticksPerBeat: TickSections?) -> [DetectedChord] {
    guard let ticksPerBeat, !notes.isEmpty else { return [] }
    let known = Dictionary(
      config.chordMaps.map { ($0.intervals, $0.name) }, uniquingKeysWith: { first, _ in first })
    let tokens = chordTokens
    let tokenIndex = Dictionary(tokens.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let resolution = Double(firstBeatResolution)
    var section = 0
    var half = ticksPerBeat.sections[0].ticks / 2
    var offsetTicks = Double(ticksPerBeat.sections[0].ticks) / resolution
    var count = 0
    var previousTick = -1
    var chords: [DetectedChord] = []
    while count < notes.count {
      let start = Int(notes[count].time)
      if start == previousTick {
        count += 1
        continue
      }
      while section < ticksPerBeat.sections.count && start >= ticksPerBeat.sections[section].end {
        section += 1
        guard section < ticksPerBeat.sections.count else { break }
        half = ticksPerBeat.sections[section].ticks / 2
        offsetTicks = Double(ticksPerBeat.sections[section].ticks) / resolution
      }
      let window = notes[count..<min(count + 10, notes.count)]
      let firstStart = Int(window.first!.time)
      var onset = window.filter { Double(Int($0.time)) <= Double(firstStart) + offsetTicks }
      let firstEnd = Int(onset[0].end)
      if onset.contains(where: { abs(Int($0.end) - firstEnd) > half }) {
        count += onset.count
        continue
      }
      if Int(notes[count].duration) <= half {
        onset = onset.filter { Int($0.time) == Int(onset[0].time) }
      }
      let chord = onset.filter { Int($0.end) - Int(onset[0].end) <= half }
      let intervals = chord.map { Int($0.pitch) - Int(chord[0].pitch) }
      if (3...5).contains(intervals.count) && intervals.last! <= 24 {
        var quality = "ukn\(chord.count)"
        var unknown = true
        if let name = known[intervals] {
          quality = name
          unknown = false
        }
        if config.chordUnknown != nil || !unknown {
          if config.chordTokensWithRootNote {
            quality = "\(Self.pitchClasses[Int(notes[count].pitch) % 12]):\(quality)"
          }
          let token = "Chord_" + quality
          chords.append(
            DetectedChord(time: chord.map(\.time).min()!, index: tokenIndex[token] ?? -1, token: token))
        }
      }
      previousTick = onset.map { Int($0.time) }.max()!
      count += onset.count
    }
    return chords
  }
}
