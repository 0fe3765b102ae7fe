extension Tokenizer {
  /// Structured's `_score_to_tokens`: no global events; each note is TimeShift (the nearest
  /// bin of the gap from the previous onset, `0.0.1` for none), Program (with programs),
  /// Pitch, Velocity, Duration. One stream: the tracks' notes sorted by tick, a TimeShift
  /// before each Program token.
  func structuredSequences(of score: Score) throws(TokensError) -> [[TokenEvent]] {
    let ticksPerBeat = timeDivision
    let bins = try durationTicks(ticksPerBeat: ticksPerBeat)
    func timeShift(from previous: Int32, to time: Int32) -> TokenEvent {
      let gap = Int(time) - Int(previous)
      let ticks = gap == 0 ? -1 : Int(bins[NumPy.closestIndex(in: bins, to: Double(gap))])
      return TokenEvent(
        time: time, kind: .structuredTimeShift, value: Int32(ticks), program: 0, noteEnd: Int32(ticksPerBeat))
    }
    func noteEvents(_ track: ScoreTrack, withTimeShifts: Bool) -> [TokenEvent] {
      let program = Int16(track.tokenProgram)
      let useDurations = config.noteDurationPrograms.contains(Int(program))
      let pitchKind: TokenEvent.Kind = track.isDrum && config.usePitchDrumTokens ? .pitchDrum : .pitch
      var events: [TokenEvent] = []
      events.reserveCapacity(track.notes.count * 5)
      var previous: Int32 = 0
      for note in track.notes {
        if withTimeShifts { events.append(timeShift(from: previous, to: note.time)) }
        if config.usePrograms {
          events.append(
            TokenEvent(
              time: note.time, kind: .programForNote, value: Int32(program), program: program,
              noteEnd: note.end))
        }
        events.append(
          TokenEvent(
            time: note.time, kind: pitchKind, value: Int32(note.pitch), program: program, noteEnd: note.end))
        if config.useVelocities {
          events.append(
            TokenEvent(time: note.time, kind: .velocity, value: Int32(note.velocity), program: program))
        }
        if useDurations {
          events.append(
            TokenEvent(
              time: note.time, kind: .duration, value: note.duration, program: program,
              noteEnd: Int32(ticksPerBeat)))
        }
        previous = note.time
      }
      return events
    }
    guard config.oneTokenStreamForPrograms else {
      if score.tracks.isEmpty { return [[]] }
      return score.tracks.map { noteEvents($0, withTimeShifts: true) }
    }
    var events: [TokenEvent] = []
    for track in score.tracks { events += noteEvents(track, withTimeShifts: false) }
    if score.tracks.count > 1 { sortEvents(&events) }
    var result: [TokenEvent] = []
    result.reserveCapacity(events.count + events.count / 3)
    var previous: Int32 = 0
    for event in events {
      if event.kind.isProgram {
        result.append(timeShift(from: previous, to: event.time))
        previous = event.time
      }
      result.append(event)
    }
    return [result]
  }
}
