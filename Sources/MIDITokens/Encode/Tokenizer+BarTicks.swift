extension Tokenizer {
  /// MidiTok's `get_bars_ticks` (or `get_beats_ticks`) with `only_notes_onsets`: the ticks of
  /// the bars (beats) up to the last onset or event, one more when it falls on a bar line.
  static func barTicks(of score: Score, beats: Bool) -> [Int] {
    let maxTick = lastOnsetTick(of: score)
    if maxTick == 0 { return [0] }
    var ticks: [Int] = []
    for section in meterSections(of: score, through: maxTick, beats: beats) {
      ticks += (0..<section.count).map { section.start + section.unit * $0 }
    }
    return ticks
  }

  /// The number of bars up to a song's last onset or event (`get_bars_ticks`' count).
  public static func barCount(of score: Score) -> Int {
    meterSections(of: score, through: lastOnsetTick(of: score), beats: false).reduce(0) { $0 + $1.count }
  }

  /// The most beats a song may span to be tokenized: 2^20, six days at 120 beats a minute. A
  /// song spans as many beats as its bar and beat ticks hold and bounds its time tokens; a
  /// few bytes can declare a note billions of ticks away, whose tokens would not fit in memory.
  public static let maximumBeats = 1 << 20

  /// The most beats summed over a song's sequences (each track's sequence of a per-track
  /// tokenizer spans the whole song, its Bar tokens included): 2^22, 64 tracks of 18 hours.
  public static let maximumBeatsAcrossSequences = 1 << 22

  /// Refuses a (preprocessed) song that spans more than ``maximumBeats`` beats up to its end
  /// (note ends included), counted as ``barTicks(of:beats:)`` counts them, or more than
  /// ``maximumBeatsAcrossSequences`` summed over its sequences.
  func checkSpan(of score: Score) throws(TokensError) {
    let end = score.end
    guard end > 0 else { return }
    let beats = Self.meterSections(of: score, through: end, beats: true).reduce(0) { $0 + $1.count }
    let sequences = oneTokenStream ? 1 : max(score.tracks.count, 1)
    if beats > Self.maximumBeats || beats * sequences > Self.maximumBeatsAcrossSequences {
      throw TokensError(.songTooLong(beats: beats, sequences: sequences))
    }
  }

  /// The song's meter sections up to `maxTick`, as `get_bars_ticks` walks them: each one's
  /// first tick, its bar (or beat) in ticks and how many bars (beats) it holds.
  static func meterSections(of score: Score, through maxTick: Int, beats: Bool) -> [(
    start: Int, unit: Int, count: Int
  )] {
    var signatures = score.timeSignatures
    if signatures.isEmpty { signatures.append(ScoreTimeSignature(time: 0, numerator: 4, denominator: 4)) }
    var current =
      signatures[0].time == 0 && signatures[0].denominator > 0 && signatures[0].numerator > 0
      ? signatures[0] : ScoreTimeSignature(time: 0, numerator: 4, denominator: 4)
    var sections: [(start: Int, unit: Int, count: Int)] = []
    // Each signature ends the one before it; the last ends a tick after `maxTick`.
    let boundaries = signatures.dropFirst().map { Optional($0) } + [nil]
    for signature in boundaries {
      if let signature, signature.denominator <= 0 || signature.numerator <= 0 { continue }
      let beat = ticksPerBeat(denominator: current.denominator, ticksPerQuarter: score.ticksPerQuarter)
      let unit = beats ? beat : beat * current.numerator
      let difference = (signature.map { Int($0.time) } ?? maxTick + 1) - Int(current.time)
      let count = unit > 0 ? Int((Double(difference) / Double(unit)).rounded(.up)) : 0
      if count > 0 { sections.append((Int(current.time), unit, count)) }
      if let signature { current = signature }
    }
    return sections
  }

  /// `_get_max_tick_only_onsets`: the latest of the last note onset, control, pitch bend and
  /// lyric of each track and the last tempo, time signature, key signature and marker.
  static func lastOnsetTick(of score: Score) -> Int {
    var latest = 0
    for track in score.tracks {
      latest = max(latest, Int(track.notes.last?.time ?? 0))
      latest = max(latest, Int(track.controls.last?.time ?? 0))
      latest = max(latest, Int(track.pitchBends.last?.time ?? 0))
      latest = max(latest, Int(track.lyricTimes.last ?? 0))
    }
    latest = max(latest, Int(score.tempos.last?.time ?? 0))
    latest = max(latest, Int(score.timeSignatures.last?.time ?? 0))
    latest = max(latest, Int(score.keySignatures.last?.time ?? 0))
    latest = max(latest, Int(score.markerTimes.last ?? 0))
    return latest
  }
}
