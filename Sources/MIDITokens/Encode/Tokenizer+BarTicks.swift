extension Tokenizer {
  /// MidiTok's `get_bars_ticks` (or `get_beats_ticks`) with `only_notes_onsets`: the ticks of
  /// the bars (beats) up to the last onset or event, one more when it falls on a bar line.
  static func barTicks(of score: Score, beats: Bool) -> [Int] {
    let maxTick = lastOnsetTick(of: score)
    if maxTick == 0 { return [0] }
    var signatures = score.timeSignatures
    if signatures.isEmpty { signatures.append(ScoreTimeSignature(time: 0, numerator: 4, denominator: 4)) }
    signatures.append(
      ScoreTimeSignature(time: Int32(truncatingIfNeeded: maxTick + 1), numerator: 4, denominator: 4))
    var current =
      signatures[0].time == 0 && signatures[0].denominator > 0 && signatures[0].numerator > 0
      ? signatures[0] : ScoreTimeSignature(time: 0, numerator: 4, denominator: 4)
    var ticks: [Int] = []
    for signature in signatures.dropFirst() {
      if signature.denominator <= 0 || signature.numerator <= 0 { continue }
      let beat = ticksPerBeat(denominator: current.denominator, ticksPerQuarter: score.ticksPerQuarter)
      let unit = beats ? beat : beat * current.numerator
      let difference = Int(signature.time) - Int(current.time)
      let count = unit > 0 ? Int((Double(difference) / Double(unit)).rounded(.up)) : 0
      if count > 0 { ticks += (0..<count).map { Int(current.time) + unit * $0 } }
      current = signature
    }
    return ticks
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
