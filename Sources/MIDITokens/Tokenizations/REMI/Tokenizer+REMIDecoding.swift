extension Tokenizer {
  /// REMI's `_tokens_to_score`, token for token. Its quirks are kept: only `Bar_None` moves
  /// to the next bar (indexed `Bar_i` tokens are passed over), every sequence starts in the
  /// last time signature the first one set, PitchDrum notes are kept only inside the pitch
  /// range, pedals and pitch bends do not move the latest note end.
  func decodeREMI(_ sequences: [[DecodedToken]]) throws(TokensError) -> Score {
    var score = Score(ticksPerQuarter: timeDivision)
    let durationOffset = config.useVelocities ? 2 : 1
    var tracks = DecodedTracks()
    var timeSignatures: [ScoreTimeSignature] = []
    var tempos: [ScoreTempo] = []
    var keys: [ScoreKeySignature] = []
    for (sequenceIndex, sequence) in sequences.enumerated() {
      if sequenceIndex == 0 {
        if config.useTimeSignatures {
          for token in sequence {
            if token.type == "TimeSig" {
              let (numerator, denominator) = try Self.timeSignature(token.value)
              timeSignatures.append(
                ScoreTimeSignature(time: 0, numerator: numerator, denominator: denominator))
              break
            }
            if ["Pitch", "PitchDrum", "Velocity", "Duration", "PitchBend", "ControlChange", "Pedal"].contains(
              token.type)
            {
              break
            }
          }
        }
        if timeSignatures.isEmpty {
          timeSignatures.append(ScoreTimeSignature(time: 0, numerator: 4, denominator: 4))
        }
      }
      var signature = timeSignatures[timeSignatures.count - 1]
      var (ticksPerBar, ticksPerBeat, ticksPerPosition) = try decodingUnits(signature)
      var currentTick = 0
      var clock = BarClock()
      var program = 0
      var previousNoteEnd = 0
      var previousPitchOnset: [Int: Int] = [:]
      var previousPitchChord: [Int: Int] = [:]
      var activePedals: [Int: Int] = [:]
      var track = ScoreTrack(program: 0, isDrum: false)
      if !config.oneTokenStreamForPrograms {
        let (first, isDrum) = sequenceProgram(sequence)
        program = first
        track = ScoreTrack(program: first, isDrum: isDrum, name: GeneralMIDI.trackName(first))
      }
      var useDuration = config.noteDurationPrograms.contains(program)
      func add(_ body: (inout ScoreTrack) -> Void, program: Int) {
        if config.oneTokenStreamForPrograms { tracks.with(program, body) } else { body(&track) }
      }
      for (index, token) in sequence.enumerated() {
        switch token.type {
        case "Bar" where token.value == "None":
          currentTick = clock.nextBar(from: currentTick, ticksPerBar: ticksPerBar)
        case "Rest":
          currentTick = max(previousNoteEnd, currentTick)
          currentTick += try ticks(of: token.value, ticksPerBeat: ticksPerBeat, rest: true)
          guard ticksPerBar > 0 else { throw TokensError(.decodingFails("a bar of 0 ticks")) }
          clock.moveToRealBar(of: currentTick, ticksPerBar: ticksPerBar)
        case "Position":
          if clock.currentBar == -1 { clock.currentBar = 0 }
          guard let position = token.integer else {
            throw TokensError(.decodingFails("the position \(token.value)"))
          }
          currentTick = clock.tickAtCurrentBar + position * ticksPerPosition
        case "Pitch", "PitchDrum", "PitchIntervalTime", "PitchIntervalChord":
          guard let value = token.integer else {
            throw TokensError(.decodingFails("the pitch \(token.value)"))
          }
          let pitch: Int
          switch token.type {
          case "PitchIntervalTime":
            guard
              let previous = previousPitchOnset[program] ?? (config.programs.contains(program) ? -128 : nil)
            else {
              throw TokensError(
                .decodingFails("a pitch interval of program \(program), not in the configuration"))
            }
            pitch = previous + value
          case "PitchIntervalChord":
            guard
              let previous = previousPitchChord[program] ?? (config.programs.contains(program) ? -128 : nil)
            else {
              throw TokensError(
                .decodingFails("a pitch interval of program \(program), not in the configuration"))
            }
            pitch = previous + value
          default:
            pitch = value
          }
          guard config.pitchRange.contains(pitch) else { continue }
          if token.type != "PitchIntervalChord" { previousPitchOnset[program] = pitch }
          previousPitchChord[program] = pitch
          guard
            let (velocity, duration) = try noteFields(
              sequence, after: index, durationOffset: durationOffset, useDuration: useDuration,
              ticksPerBeat: ticksPerBeat)
          else { continue }
          let note = try Self.note(time: currentTick, duration: duration, pitch: pitch, velocity: velocity)
          add({ $0.notes.append(note) }, program: program)
          previousNoteEnd = max(previousNoteEnd, currentTick + duration)
        case "Program":
          guard let value = token.integer else {
            throw TokensError(.decodingFails("the program \(token.value)"))
          }
          program = value
          useDuration = config.noteDurationPrograms.contains(program)
          if !config.oneTokenStreamForPrograms && config.programChanges {
            if program != -1 {
              track.program = program
            } else {
              track.program = 0
              track.isDrum = true
            }
          }
        case "Tempo":
          if sequenceIndex == 0 { tempos.append(try Self.tempo(token.value, at: currentTick)) }
          previousNoteEnd = max(previousNoteEnd, currentTick)
        case "KeySig":
          if sequenceIndex == 0 {
            let (key, tonality) = try Self.keySignature(token.value)
            keys.append(ScoreKeySignature(time: Int32(clamping: currentTick), key: key, tonality: tonality))
          }
          previousNoteEnd = max(previousNoteEnd, currentTick)
        case "TimeSig":
          let (numerator, denominator) = try Self.timeSignature(token.value)
          if numerator != signature.numerator || denominator != signature.denominator {
            signature = ScoreTimeSignature(
              time: Int32(clamping: currentTick), numerator: numerator, denominator: denominator)
            if sequenceIndex == 0 { timeSignatures.append(signature) }
            clock.startSectionAtCurrentBar()
            (ticksPerBar, ticksPerBeat, ticksPerPosition) = try decodingUnits(signature)
          }
        case "Pedal":
          try decodePedal(
            token, next: index + 1 < sequence.count ? sequence[index + 1] : nil, program: program,
            tick: currentTick,
            ticksPerBeat: ticksPerBeat, active: &activePedals, tracks: &tracks, track: &track)
        case "PedalOff":
          decodePedalOff(
            token, program: program, tick: currentTick, active: &activePedals, tracks: &tracks, track: &track)
        case "PitchBend":
          guard let value = token.integer else {
            throw TokensError(.decodingFails("the pitch bend \(token.value)"))
          }
          let bend = ScorePitchBend(time: Int32(clamping: currentTick), value: Int32(clamping: value))
          add({ $0.pitchBends.append(bend) }, program: program)
        case "ControlChange":
          var control = try Self.control(token.value)
          control.time = Int32(clamping: currentTick)
          add({ $0.controls.append(control) }, program: program)
        default:
          break
        }
      }
      if !config.oneTokenStreamForPrograms && !Self.isDecodedEmpty(track) { score.tracks.append(track) }
    }
    if config.oneTokenStreamForPrograms { score.tracks = tracks.all }
    score.tempos = tempos
    score.timeSignatures = timeSignatures
    score.keySignatures = keys
    return score
  }

  /// The velocity and duration of a note whose pitch token is at `index` (REMI, TSD,
  /// Structured): the next tokens must be Velocity (with velocities) and Duration (with
  /// durations for the program), else no note (`nil`, MidiTok's `IndexError` passed over or
  /// its type check); without them, velocity 100 and the default duration.
  func noteFields(
    _ sequence: [DecodedToken], after index: Int, durationOffset: Int, useDuration: Bool, ticksPerBeat: Int
  ) throws(TokensError) -> (velocity: Int, duration: Int)? {
    if config.useVelocities && index + 1 >= sequence.count { return nil }
    if useDuration && index + durationOffset >= sequence.count { return nil }
    var velocity = 100
    if config.useVelocities {
      guard sequence[index + 1].type == "Velocity" else { return nil }
      guard let value = sequence[index + 1].integer else {
        throw TokensError(.decodingFails("the velocity \(sequence[index + 1].value)"))
      }
      velocity = value
    }
    var duration = Int(config.defaultNoteDuration * Double(ticksPerBeat))
    if useDuration {
      guard sequence[index + durationOffset].type == "Duration" else { return nil }
      duration = try ticks(
        of: sequence[index + durationOffset].value, ticksPerBeat: ticksPerBeat, rest: false)
    }
    return (velocity, duration)
  }

  /// A Pedal token: with durations, a pedal of the next token's Duration; else the pedal of
  /// its program (with programs) or of the current program is pressed if it is not.
  func decodePedal(
    _ token: DecodedToken, next: DecodedToken?, program: Int, tick: Int, ticksPerBeat: Int,
    active: inout [Int: Int],
    tracks: inout DecodedTracks, track: inout ScoreTrack
  ) throws(TokensError) {
    let pedalProgram = config.usePrograms ? (token.integer ?? program) : program
    if config.sustainPedalDuration, let next {
      guard next.type == "Duration" else { return }
      let duration = try ticks(of: next.value, ticksPerBeat: ticksPerBeat, rest: false)
      let pedal = ScorePedal(time: Int32(clamping: tick), duration: Int32(clamping: duration))
      if config.oneTokenStreamForPrograms {
        tracks.with(pedalProgram) { $0.pedals.append(pedal) }
      } else {
        track.pedals.append(pedal)
      }
    } else if active[pedalProgram] == nil {
      active[pedalProgram] = tick
    }
  }

  /// A PedalOff token: the pressed pedal of its program is released.
  func decodePedalOff(
    _ token: DecodedToken, program: Int, tick: Int, active: inout [Int: Int], tracks: inout DecodedTracks,
    track: inout ScoreTrack
  ) {
    let pedalProgram = config.usePrograms ? (token.integer ?? program) : program
    guard let start = active[pedalProgram] else { return }
    let pedal = ScorePedal(time: Int32(clamping: start), duration: Int32(clamping: tick - start))
    if config.oneTokenStreamForPrograms {
      tracks.with(pedalProgram) { $0.pedals.append(pedal) }
    } else {
      track.pedals.append(pedal)
    }
    active[pedalProgram] = nil
  }
}
