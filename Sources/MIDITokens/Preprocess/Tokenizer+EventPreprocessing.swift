extension Tokenizer {
  /// `_preprocess_notes`: notes outside the pitch range (the drums' with PitchDrum tokens)
  /// removed, velocities to the nearest bin, onsets (and offsets, for NoteOn/NoteOff) snapped
  /// per section, durations to the nearest bin of their section's ticks per beat, duplicates
  /// removed if asked.
  func preprocessNotes(
    _ track: inout ScoreTrack, steps: TickSections?, ticksPerBeat: TickSections?,
    adjustingDurations: Bool = true
  )
    throws(TokensError)
  {
    let range = track.isDrum && config.usePitchDrumTokens ? config.drumsPitchRange : config.pitchRange
    var notes = track.notes
    track.notes = []
    notes.removeAll { !range.contains(Int($0.pitch)) }
    guard !notes.isEmpty else {
      track.notes = []
      return
    }
    if config.useVelocities {
      let bins = velocityBins
      for index in notes.indices { notes[index].velocity = bins[Int(notes[index].velocity & 0x7F)] }
    }
    let program = track.tokenProgram
    let hasDurations = config.noteDurationPrograms.contains(program)
    if let steps {
      var onsets = notes.map(\.time)
      if noteOnOff && hasDurations {
        var offsets = notes.map(\.end)
        steps.snapSpans(onsets: &onsets, offsets: &offsets)
        for index in notes.indices {
          notes[index].time = onsets[index]
          notes[index].duration = offsets[index] - onsets[index]
        }
      } else {
        steps.snapSorted(&onsets)
        for index in notes.indices { notes[index].time = onsets[index] }
      }
    }
    if !noteOnOff, adjustingDurations, let ticksPerBeat, hasDurations {
      try adjustDurations(&notes, ticksPerBeat: ticksPerBeat)
    }
    if config.removeDuplicatedNotes {
      notes = notes.enumerated().sorted { a, b in
        let (x, y) = (a.element, b.element)
        if x.time != y.time { return x.time < y.time }
        if x.pitch != y.pitch { return x.pitch < y.pitch }
        if x.duration != y.duration { return x.duration < y.duration }
        if x.velocity != y.velocity { return x.velocity < y.velocity }
        return a.offset < b.offset
      }.map(\.element)
      var kept: [ScoreNote] = []
      kept.reserveCapacity(notes.count)
      for note in notes {
        if let last = kept.last, last.time == note.time, last.pitch == note.pitch { continue }
        kept.append(note)
      }
      notes = kept
    }
    track.notes = notes
  }

  /// `_adjust_durations` on notes.
  func adjustDurations(_ notes: inout [ScoreNote], ticksPerBeat: TickSections) throws(TokensError) {
    if ticksPerBeat.sections.count == 1 {
      let table = try durationTable(ticksPerBeat: ticksPerBeat.sections[0].ticks)
      for index in notes.indices { notes[index].duration = durationBin(notes[index].duration, table: table) }
      return
    }
    var durations = notes.map(\.duration)
    try adjustDurations(times: notes.map(\.time), durations: &durations, ticksPerBeat: ticksPerBeat)
    for index in notes.indices { notes[index].duration = durations[index] }
  }

  /// The duration bins at a number of ticks per beat, by ticks.
  func durationTable(ticksPerBeat: Int) throws(TokensError) -> [Int32] {
    guard let table = durationBins.first(where: { $0.ticksPerBeat == ticksPerBeat })?.bins, !table.isEmpty
    else {
      throw TokensError(.notInVocabulary(token: "(durations at \(ticksPerBeat) ticks per beat)"))
    }
    return table
  }

  /// `_adjust_durations`: each duration to the nearest bin (ties up) of the ticks per beat of
  /// the section its onset is in.
  func adjustDurations(times: [Int32], durations: inout [Int32], ticksPerBeat: TickSections)
    throws(TokensError)
  {
    guard let lastTime = times.last else { return }
    var first = 0
    for (index, section) in ticksPerBeat.sections.enumerated() {
      var last = durations.count
      let isLast = index + 1 == ticksPerBeat.sections.count || section.end > Int(lastTime)
      if !isLast {
        last = first
        while last < times.count && Int(times[last]) < section.end { last += 1 }
      }
      let table = try durationTable(ticksPerBeat: section.ticks)
      for position in first..<last { durations[position] = durationBin(durations[position], table: table) }
      first = last
      if isLast { break }
    }
  }

  /// The ticks of the Duration values at a number of ticks per beat
  /// (`_tpb_to_time_array[tpb]`); MidiTok has them only for its own ticks per beat.
  func durationTicks(ticksPerBeat: Int) throws(TokensError) -> [Double] {
    guard ticksPerBeatOfDenominator.contains(where: { $0.ticksPerBeat == ticksPerBeat }) else {
      throw TokensError(.notInVocabulary(token: "(durations at \(ticksPerBeat) ticks per beat)"))
    }
    return durations.map { Double($0.ticks(ticksPerBeat: ticksPerBeat)) }
  }

  /// `_preprocess_pitch_bends`: values to the nearest bin, times snapped, at one tick the
  /// value of largest magnitude (the first of equal ones) in the first one's place.
  func preprocessPitchBends(_ bends: inout [ScorePitchBend], steps: TickSections?) {
    let bins = pitchBends.map(Double.init)
    for index in bends.indices {
      bends[index].value = Int32(pitchBends[NumPy.closestIndex(in: bins, to: Double(bends[index].value))])
    }
    if let steps {
      var times = bends.map(\.time)
      steps.snapSorted(&times)
      for index in bends.indices { bends[index].time = times[index] }
    }
    guard bends.count > 1 else { return }
    var result: [ScorePitchBend] = []
    var start = 0
    while start < bends.count {
      var end = start + 1
      while end < bends.count && bends[end].time == bends[start].time { end += 1 }
      var best = start
      for index in start..<end where abs(bends[index].value) > abs(bends[best].value) { best = index }
      result.append(ScorePitchBend(time: bends[start].time, value: bends[best].value))
      start = end
    }
    bends = result
  }

  /// `_preprocess_pedals`: times snapped (both ends, unless pedals carry durations), pedals
  /// that reach the next one's start merged, durations to bins when pedals carry them.
  func preprocessPedals(
    _ pedals: inout [ScorePedal], steps: TickSections?, ticksPerBeat: TickSections?,
    adjustingDurations: Bool = true
  )
    throws(TokensError)
  {
    if let steps {
      var onsets = pedals.map(\.time)
      if config.sustainPedalDuration && ticksPerBeat != nil {
        steps.snapSorted(&onsets)
        for index in pedals.indices { pedals[index].time = onsets[index] }
      } else {
        var offsets = pedals.map(\.end)
        steps.snapSpans(onsets: &onsets, offsets: &offsets)
        for index in pedals.indices {
          pedals[index] = ScorePedal(time: onsets[index], duration: offsets[index] - onsets[index])
        }
      }
    }
    // Merging: for each run of pedals that overlap the next one (by their ends before
    // merging), the first absorbs the following ones while its end reaches their start.
    var ends = pedals.map(\.end)
    let overlapping = (0..<max(pedals.count - 1, 0)).filter { ends[$0] >= pedals[$0 + 1].time }
    if !overlapping.isEmpty {
      var groupStarts: [Int] = []
      var previous = -2
      for index in overlapping {
        if index - previous > 1 { groupStarts.append(index) }
        previous = index
      }
      var deleted = Set<Int>()
      for index in groupStarts {
        var step = 1
        while index + step < pedals.count && ends[index] >= pedals[index + step].time {
          pedals[index].duration = max(pedals[index].duration, ends[index + step] - pedals[index].time)
          ends[index] = pedals[index].time + pedals[index].duration
          deleted.insert(index + step)
          step += 1
        }
      }
      pedals = pedals.enumerated().filter { !deleted.contains($0.offset) }.map(\.element)
    }
    if config.sustainPedalDuration, adjustingDurations, let ticksPerBeat {
      var durations = pedals.map(\.duration)
      try adjustDurations(times: pedals.map(\.time), durations: &durations, ticksPerBeat: ticksPerBeat)
      for index in pedals.indices { pedals[index].duration = durations[index] }
    }
  }

  /// `_preprocess_tempos`: each tempo to the nearest bin in microseconds per quarter (ties
  /// to the slower, truncated to an integer), times snapped, the last of a tick kept, equal
  /// successive ones removed if asked, the default tempo at tick 0 when the first is later.
  func preprocessTempos(_ tempos: [ScoreTempo], steps: TickSections?) -> [ScoreTempo] {
    let defaultMSPQ = Int32((60_000_000 / defaultTempo).rounded(.toNearestOrAwayFromZero))
    guard !tempos.isEmpty else { return [ScoreTempo(time: 0, mspq: defaultMSPQ)] }
    var times = tempos.map(\.time)
    var values = tempos.map { Int32(temposMSPQ[NumPy.closestIndex(in: temposMSPQ, to: Double($0.mspq))]) }
    if let steps { steps.snapSorted(&times) }
    var result: [ScoreTempo] = []
    for index in times.indices {
      if index + 1 < times.count && times[index + 1] == times[index] { continue }
      result.append(ScoreTempo(time: times[index], mspq: values[index]))
    }
    if config.deleteEqualSuccessiveTempoChanges {
      var kept: [ScoreTempo] = []
      for tempo in result where kept.last?.mspq != tempo.mspq { kept.append(tempo) }
      result = kept
    }
    values = []
    if let first = result.first {
      if config.deleteEqualSuccessiveTempoChanges && first.qpm == defaultTempo {
        result[0].time = 0
      } else if first.time != 0 {
        result.insert(ScoreTempo(time: 0, mspq: defaultMSPQ), at: 0)
      }
    } else {
      result.insert(ScoreTempo(time: 0, mspq: defaultMSPQ), at: 0)
    }
    return result
  }

  /// `_preprocess_key_signatures`: times snapped, the last of a tick kept, C major at tick 0
  /// when the first is later.
  func preprocessKeySignatures(_ keys: [ScoreKeySignature], steps: TickSections?) -> [ScoreKeySignature] {
    var sorted = keys.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
      \.element)
    if let steps {
      var times = sorted.map(\.time)
      steps.snapSorted(&times)
      for index in sorted.indices { sorted[index].time = times[index] }
    }
    var result: [ScoreKeySignature] = []
    var position: [Int32: Int] = [:]
    for key in sorted {
      if let index = position[key.time] {
        result[index] = key
      } else {
        position[key.time] = result.count
        result.append(key)
      }
    }
    if result.first?.time != 0 { result.insert(ScoreKeySignature(time: 0, key: 0, tonality: 0), at: 0) }
    return result
  }

  /// `_preprocess_control_changes`: in the order of their original times (stable), values of
  /// continuous and switch controllers to their levels, controllers not tokenized removed, a
  /// repeat (same original time, number and value) of an absolute setter removed, times
  /// snapped.
  func preprocessControls(_ controls: [ScoreControl], originalTimes: [Int32], steps: TickSections?)
    -> [ScoreControl]
  {
    var order = Array(controls.indices)
    if controls.count > 1 { order.sort { (originalTimes[$0], $0) < (originalTimes[$1], $1) } }
    var items = order.map { controls[$0] }
    let times = order.map { originalTimes[$0] }
    let levels = Dictionary(uniqueKeysWithValues: controlChangeValues.map { ($0.number, $0.values) })
    for index in items.indices {
      if let values = levels[Int(items[index].number)], values.count < 128 {
        let bins = values.map(Double.init)
        items[index].value = UInt8(values[NumPy.closestIndex(in: bins, to: Double(items[index].value))])
      }
    }
    var keep = items.map { config.controlChangeNumbers.contains(Int($0.number)) }
    for index in items.indices.dropFirst()
    where times[index] == times[index - 1] && items[index].number == items[index - 1].number
      && items[index].value == items[index - 1].value
      && TokenizerConfig.deduplicableControls.contains(Int(items[index].number))
    {
      keep[index] = false
    }
    var result = zip(items, keep).filter(\.1).map(\.0)
    if let steps, !result.isEmpty {
      var snapped = result.map(\.time)
      steps.snapSorted(&snapped)
      for index in result.indices { result[index].time = snapped[index] }
    }
    return result
  }
}
