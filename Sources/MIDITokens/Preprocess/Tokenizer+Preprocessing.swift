extension Tokenizer {
  /// MidiTok's `preprocess_score`, step for step: time signatures out of the vocabulary
  /// dropped, the song resampled to the tokenizer's resolution (symusic's `resample`, times
  /// and durations rounded apart), time signatures moved to bar lines, onsets snapped per
  /// section when several denominators meet, control changes filtered, same-program tracks
  /// merged (one stream), tracks of other programs or with nothing tokenized removed, notes
  /// filtered by pitch and put into velocity and duration bins, pitch bends and pedals
  /// quantized, tempos and key signatures quantized.
  /// - Throws: ``TokensError`` where MidiTok itself fails on the file.
  ///
  /// Works in place on the score it is given: a score the caller hands over (`consume`) is
  /// not copied.
  public func preprocess(_ original: consuming Score) throws(TokensError) -> Score {
    var score = original
    var signatures = score.timeSignatures
    let newTicksPerQuarter: Int
    if config.useTimeSignatures {
      signatures.removeAll { signature in
        !timeSignatures.contains {
          $0.numerator == signature.numerator && $0.denominator == signature.denominator
        }
      }
      if signatures.first?.time != 0 {
        signatures.insert(ScoreTimeSignature(time: 0, numerator: 4, denominator: 4), at: 0)
      }
      let maxDenominator = signatures.map(\.denominator).max() ?? 4
      newTicksPerQuarter = Int(Double(config.maxPositionsPerBeat * maxDenominator) / 4)
    } else {
      signatures = [ScoreTimeSignature(time: 0, numerator: 4, denominator: 4)]
      newTicksPerQuarter = config.maxPositionsPerBeat
    }
    // The control changes' times as read: `_preprocess_controls` needs them.
    let originalControlTimes =
      config.useControlChanges ? score.tracks.map { $0.controls.map(\.time) } : []
    let fixedResolution = rules.fixedResolution(of: config)
    if let fixedResolution {
      // PerTok's `_resample_score`: its own resolution, the time signatures as read.
      if score.ticksPerQuarter != fixedResolution { try score.resample(to: fixedResolution) }
      signatures = score.timeSignatures
      if config.useTimeSignatures, signatures.contains(where: { $0.denominator == 0 }) {
        throw TokensError(.symusicRefuses("a time signature of denominator 0 (MidiTok divides by it)"))
      }
    } else if score.ticksPerQuarter != newTicksPerQuarter {
      let factor = Double(newTicksPerQuarter) / Double(score.ticksPerQuarter)
      for index in signatures.indices {
        let time = (Double(signatures[index].time) * factor).rounded(.towardZero)
        guard let exact = Int32(exactly: time) else {
          throw TokensError(.symusicRefuses("a time signature past 2^31 - 1 after resampling"))
        }
        signatures[index].time = exact
      }
      try score.resample(to: newTicksPerQuarter)
    }
    score.timeSignatures = signatures
    if config.useTimeSignatures && !score.timeSignatures.isEmpty {
      preprocessTimeSignatures(&score.timeSignatures, ticksPerQuarter: score.ticksPerQuarter)
    }

    let ticksPerBeat: TickSections?
    if !noteOnOff || (config.useSustainPedals && config.sustainPedalDuration) {
      ticksPerBeat =
        config.useTimeSignatures && !score.timeSignatures.isEmpty
        ? TickSections.ticksPerBeat(of: score)
        : TickSections(sections: [(score.end, score.ticksPerQuarter)])
    } else {
      ticksPerBeat = nil
    }
    let steps: TickSections? =
      config.useTimeSignatures && Set(score.timeSignatures.map(\.denominator)).count > 1
      ? TickSections.resamplingSteps(of: score, positionsPerBeat: config.maxPositionsPerBeat) : nil
    if let steps, steps.sections.contains(where: { $0.ticks <= 0 }) {
      throw TokensError(.notInVocabulary(token: "(an onset step of 0 ticks: MidiTok divides by it)"))
    }

    if config.useControlChanges {
      for index in score.tracks.indices where !score.tracks[index].controls.isEmpty {
        score.tracks[index].controls = preprocessControls(
          score.tracks[index].controls, originalTimes: originalControlTimes[index],
          steps: steps)
      }
    }
    if config.usePrograms && config.oneTokenStreamForPrograms {
      score.tracks.mergeSamePrograms()
    }

    for index in score.tracks.indices.reversed() {
      let program = score.tracks[index].tokenProgram
      if isEmpty(score.tracks[index]) || (config.usePrograms && !config.programs.contains(program)) {
        score.tracks.remove(at: index)
        continue
      }
      if !score.tracks[index].notes.isEmpty {
        try preprocessNotes(
          &score.tracks[index], steps: steps, ticksPerBeat: ticksPerBeat,
          adjustingDurations: fixedResolution == nil)
      }
      if config.usePitchBends && !score.tracks[index].pitchBends.isEmpty {
        preprocessPitchBends(&score.tracks[index].pitchBends, steps: steps)
      }
      if config.useSustainPedals && !score.tracks[index].pedals.isEmpty {
        try preprocessPedals(
          &score.tracks[index].pedals, steps: steps, ticksPerBeat: ticksPerBeat,
          adjustingDurations: fixedResolution == nil)
      }
      if isEmpty(score.tracks[index]) { score.tracks.remove(at: index) }
    }
    if config.useTempos { score.tempos = preprocessTempos(score.tempos, steps: steps) }
    if config.useKeySignatures {
      score.keySignatures = preprocessKeySignatures(score.keySignatures, steps: steps)
    }
    return score
  }

  /// `is_track_empty` with the checks the configuration asks for.
  func isEmpty(_ track: ScoreTrack) -> Bool {
    var empty = track.notes.isEmpty
    if config.useControlChanges { empty = empty && track.controls.isEmpty }
    if config.useSustainPedals { empty = empty && track.pedals.isEmpty }
    if config.usePitchBends { empty = empty && track.pitchBends.isEmpty }
    return empty
  }

  /// `_preprocess_time_signatures`: a repeat dropped, a change inside a bar moved to the next
  /// bar line of the previous meter, the later of two at one tick kept (and then a repeat of
  /// the one before dropped), a 4/4 at tick 0 when the first is later.
  func preprocessTimeSignatures(_ signatures: inout [ScoreTimeSignature], ticksPerQuarter: Int) {
    func equal(_ a: ScoreTimeSignature, _ b: ScoreTimeSignature) -> Bool {
      a.numerator == b.numerator && a.denominator == b.denominator
    }
    func ticksPerBar(_ signature: ScoreTimeSignature) -> Int {
      Self.ticksPerBar(signature, ticksPerQuarter: ticksPerQuarter)
    }
    var index = 0
    var barTicks = ticksPerBar(signatures[0])
    var previousTick = 0
    while index < signatures.count {
      if index >= 1 && equal(signatures[index], signatures[index - 1]) {
        signatures.remove(at: index)
        continue
      }
      if index >= 1 && signatures[index].time < signatures[index - 1].time {
        signatures[index].time = signatures[index - 1].time
      }
      let (barOffset, rest) = Self.floorDivision(Int(signatures[index].time) - previousTick, barTicks)
      if rest > 0 {
        signatures[index].time = Int32(truncatingIfNeeded: previousTick + (barOffset + 1) * barTicks)
      }
      barTicks = ticksPerBar(signatures[index])
      previousTick = Int(signatures[index].time)
      if index >= 1 && signatures[index].time == signatures[index - 1].time {
        signatures.remove(at: index - 1)
        if index >= 2 && equal(signatures[index - 1], signatures[index - 2]) {
          signatures.remove(at: index - 1)
          barTicks = ticksPerBar(signatures[index - 2])
          previousTick = Int(signatures[index - 2].time)
          index -= 1
        }
        continue
      }
      index += 1
    }
    if let first = signatures.first {
      if config.deleteEqualSuccessiveTimeSignatureChanges && first.numerator == 4 && first.denominator == 4 {
        signatures[0].time = 0
      } else if first.time != 0 {
        signatures.insert(ScoreTimeSignature(time: 0, numerator: 4, denominator: 4), at: 0)
      }
    } else {
      signatures.append(ScoreTimeSignature(time: 0, numerator: 4, denominator: 4))
    }
  }

  /// `compute_ticks_per_bar`: `int(ticks per beat × numerator)`.
  static func ticksPerBar(_ signature: ScoreTimeSignature, ticksPerQuarter: Int) -> Int {
    ticksPerBeat(denominator: signature.denominator, ticksPerQuarter: ticksPerQuarter) * signature.numerator
  }

  /// Python's `divmod` on integers (the quotient rounded down, the rest of the divisor's sign).
  static func floorDivision(_ a: Int, _ b: Int) -> (Int, Int) {
    guard b != 0 else { return (0, 0) }
    var quotient = a / b
    var rest = a % b
    if rest != 0 && (rest < 0) != (b < 0) {
      quotient -= 1
      rest += b
    }
    return (quotient, rest)
  }
}
