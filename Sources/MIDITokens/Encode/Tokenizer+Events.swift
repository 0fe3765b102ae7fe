extension Tokenizer {
  /// `_create_global_events`: time signatures, then tempos, then key signatures.
  func globalEvents(of score: Score) -> [TokenEvent] {
    var events: [TokenEvent] = []
    if config.useTimeSignatures {
      for signature in score.timeSignatures {
        events.append(
          TokenEvent(
            time: signature.time, kind: .timeSignature,
            value: Int32(signature.numerator << 16 | signature.denominator), program: 0))
      }
    }
    if config.useTempos {
      for tempo in score.tempos {
        events.append(TokenEvent(time: tempo.time, kind: .tempo, value: tempo.mspq, program: 0))
      }
    }
    if config.useKeySignatures {
      for key in score.keySignatures {
        events.append(
          TokenEvent(
            time: key.time, kind: .keySignature, value: Int32((key.key + 8) << 8 | key.tonality), program: 0))
      }
    }
    return events
  }

  /// `_create_track_events`: pedals, pitch bends, control changes, chords, then each note's
  /// tokens (Program, Pitch or an interval, Velocity, Duration or NoteOff).
  func trackEvents(of track: ScoreTrack, ticksPerBeat: TickSections?, into events: inout [TokenEvent])
    throws(TokensError)
  {
    try trackEventsButNotes(of: track, ticksPerBeat: ticksPerBeat, into: &events)
    var notes = NoteTokens(tokenizer: self, track: track, ticksPerBeat: ticksPerBeat)
    events.reserveCapacity(events.count + track.notes.count * 4)
    for note in track.notes { notes.append(note, to: &events) }
  }

  /// `_create_track_events` but the notes: pedals, pitch bends, control changes and chords.
  func trackEventsButNotes(of track: ScoreTrack, ticksPerBeat: TickSections?, into events: inout [TokenEvent])
    throws(TokensError)
  {
    let program = Int16(track.tokenProgram)
    let programmed = config.usePrograms && !config.programChanges
    if config.useSustainPedals {
      var section = 0
      for pedal in track.pedals {
        events.append(TokenEvent(time: pedal.time, kind: .pedal, value: Int32(program), program: program))
        if config.sustainPedalDuration, let ticksPerBeat {
          while Int(pedal.time) >= ticksPerBeat.sections[section].end { section += 1 }
          events.append(
            TokenEvent(
              time: pedal.time, kind: .pedalDuration, value: pedal.duration, program: program,
              noteEnd: Int32(ticksPerBeat.sections[section].ticks)))
        } else {
          events.append(TokenEvent(time: pedal.end, kind: .pedalOff, value: Int32(program), program: program))
        }
      }
    }
    if config.usePitchBends {
      for bend in track.pitchBends {
        if programmed {
          events.append(
            TokenEvent(time: bend.time, kind: .programForPitchBend, value: Int32(program), program: program))
        }
        events.append(TokenEvent(time: bend.time, kind: .pitchBend, value: bend.value, program: program))
      }
    }
    if config.useControlChanges {
      for control in track.controls {
        if programmed {
          events.append(
            TokenEvent(
              time: control.time, kind: .programForControlChange, value: Int32(program), program: program))
        }
        events.append(
          TokenEvent(
            time: control.time, kind: .controlChange,
            value: Int32(control.number) << 8 | Int32(control.value),
            program: program))
      }
    }
    if config.useChords && !track.isDrum {
      for chord in detectChords(track.notes, ticksPerBeat: ticksPerBeat) {
        guard chord.index >= 0 else { throw TokensError(.notInVocabulary(token: chord.token)) }
        if programmed {
          events.append(
            TokenEvent(time: chord.time, kind: .programForChord, value: Int32(program), program: program))
        }
        events.append(TokenEvent(time: chord.time, kind: .chord, value: Int32(chord.index), program: program))
      }
    }
  }

  /// `_insert_program_change_events`: a Program token where the program changes, but not
  /// before pedals, time signatures and tempos (nor a pedal's Duration). Key signatures are
  /// not excepted: their program is MidiTok's default, 0.
  func insertProgramChanges(_ events: inout [TokenEvent]) {
    var result: [TokenEvent] = []
    result.reserveCapacity(events.count + events.count / 4)
    var previousProgram: Int16?
    var previousKind: TokenEvent.Kind?
    for event in events {
      let excepted = event.kind == .timeSignature || event.kind == .tempo
      if !excepted && event.program != previousProgram && event.kind != .pedal && event.kind != .pedalOff
        && !(event.kind == .pedalDuration && previousKind == .pedal)
      {
        previousProgram = event.program
        result.append(
          TokenEvent(time: event.time, kind: .programChange, value: Int32(event.program), program: 0))
      }
      previousKind = event.kind
      result.append(event)
    }
    events = result
  }
}

/// The state of `_create_track_events`'s pitch intervals: the previous onset, the pitch of
/// the previous onset and of the previous note of the chord, and the largest time between
/// notes an interval spans (a beat of the section's ticks by default).
struct PitchIntervals {
  let maxInterval: Int
  let maxBeats: Double
  let ticksPerBeat: TickSections?
  var maxTime: Int
  var previousOnset: Int
  var previousPitchOnset = -128
  var previousPitchChord = -128
  var section = 0

  init(tokenizer: Tokenizer, ticksPerBeat: TickSections?) {
    maxInterval = tokenizer.config.maxPitchInterval
    maxBeats = tokenizer.config.pitchIntervalsMaxTimeDistance
    self.ticksPerBeat = ticksPerBeat
    let first = Double(ticksPerBeat?.sections.first?.ticks ?? 0) * maxBeats
    maxTime = tokenizer.config.usePitchIntervals ? Int(first.rounded(.toNearestOrEven)) : 0
    previousOnset = -maxTime - 1
  }

  /// The interval token of a note, or `nil` for an absolute pitch.
  mutating func next(_ note: ScoreNote) -> TokenEvent? {
    if let ticksPerBeat, Int(note.time) >= ticksPerBeat.sections[section].end {
      section += 1
      maxTime = Int((Double(ticksPerBeat.sections[section].ticks) * maxBeats).rounded(.toNearestOrEven))
    }
    let pitch = Int(note.pitch)
    var result: TokenEvent?
    if Int(note.time) != previousOnset {
      if Int(note.time) - previousOnset <= maxTime && abs(pitch - previousPitchOnset) <= maxInterval {
        result = TokenEvent(
          time: note.time, kind: .pitchIntervalTime, value: Int32(pitch - previousPitchOnset), program: 0,
          noteEnd: note.end)
      }
      previousPitchOnset = pitch
      previousPitchChord = pitch
    } else {
      if abs(pitch - previousPitchChord) <= maxInterval {
        result = TokenEvent(
          time: note.time, kind: .pitchIntervalChord, value: Int32(pitch - previousPitchChord), program: 0,
          noteEnd: note.end)
      } else {
        previousPitchOnset = pitch
      }
      previousPitchChord = pitch
    }
    previousOnset = Int(note.time)
    return result
  }
}
