extension Tokenizer {
  /// PerTok's `_tokens_to_score`, token for token, at `ticks_per_quarter`: Bar moves to the
  /// next bar of the current length, TimeShift adds its ticks, Position sets the tick in the
  /// bar; a note reads its MicroTiming, Velocity and Duration at fixed offsets after its Pitch
  /// (the MicroTiming one only when it is a MicroTiming, the others wherever they are), and is
  /// skipped when one of them is not of its type or lies past the end.
  func decodePerTok(_ sequences: [[DecodedToken]]) throws(TokensError) -> Score {
    let tables = PerTokTables(tokenizer: self)
    let ticksPerQuarter = tables.ticksPerQuarter
    var score = Score(ticksPerQuarter: ticksPerQuarter)
    let microtimingOffset = tables.useMicrotiming ? 1 : 0
    let velocityOffset = config.useVelocities ? microtimingOffset + 1 : microtimingOffset
    let durationOffset = velocityOffset + 1
    var tracks = DecodedTracks()
    var globals = DecodedGlobalEvents()
    for (sequenceIndex, sequence) in sequences.enumerated() {
      var state = DecodingState(tokenizer: self, sequence: sequence)
      state.ticksPerBeat = ticksPerQuarter
      // Python's numbers: a TimeSig token makes the bar length a float, and the tick a float at
      // the next Bar; symusic's Tempo and PitchBend then refuse it.
      var tick = 0.0
      var tickIsFloat = false
      var currentBar = 0
      var barTick = 0.0
      var barTickIsFloat = false
      var ticksPerBar = Double(ticksPerQuarter * 4)
      var ticksPerBarIsFloat = false
      for (index, token) in sequence.enumerated() {
        state.tick = Int(tick)
        switch token.type {
        case "Bar":
          currentBar += 1
          tick += ticksPerBar * Double(currentBar) - tick
          tickIsFloat = tickIsFloat || ticksPerBarIsFloat
          barTick = tick
          barTickIsFloat = tickIsFloat
        case "TimeShift":
          tick += Double(try Self.perTokTicks(token.value))
        case "Position":
          guard let value = token.integer else {
            throw TokensError(.decodingFails("the position \(token.value)"))
          }
          tick = barTick + Double(value)
          tickIsFloat = barTickIsFloat
        case "Pitch", "PitchDrum", "PitchIntervalTime", "PitchIntervalChord":
          guard let pitch = try state.pitch(of: token, tokenizer: self) else { continue }
          var microtiming = 0
          var fieldsMatch = true
          if tables.useMicrotiming {
            guard index + microtimingOffset < sequence.count else { continue }
            let next = sequence[index + microtimingOffset]
            if next.type.contains("MicroTiming") || next.value.contains("MicroTiming") {
              guard next.type == "MicroTiming" else { fieldsMatch = false; continue }
              guard let value = next.integer else {
                throw TokensError(.decodingFails("the microtiming \(next.value)"))
              }
              microtiming = value
            }
          }
          var velocity = 100
          if config.useVelocities {
            guard index + velocityOffset < sequence.count else { continue }
            let field = sequence[index + velocityOffset]
            fieldsMatch = fieldsMatch && field.type == "Velocity"
            if fieldsMatch {
              guard let value = field.integer else {
                throw TokensError(.decodingFails("the velocity \(field.value)"))
              }
              velocity = value
            }
          }
          var duration = Int(config.defaultNoteDuration * Double(ticksPerQuarter))
          if state.useDuration {
            guard index + durationOffset < sequence.count else { continue }
            let field = sequence[index + durationOffset]
            fieldsMatch = fieldsMatch && field.type == "Duration"
            if fieldsMatch { duration = try Self.perTokTicks(field.value) }
          }
          guard fieldsMatch else { continue }
          let time = Int((Double(microtiming) + tick).rounded(.towardZero))
          let note = try Self.note(time: time, duration: duration, pitch: pitch, velocity: velocity)
          state.add(to: &tracks) { $0.notes.append(note) }
        case "Program":
          try state.program(token, tokenizer: self)
        case "Tempo" where sequenceIndex == 0:
          guard !tickIsFloat else {
            throw TokensError(.decodingFails("a Tempo at a float tick (symusic's Tempo takes an int)"))
          }
          globals.tempos.append(try Self.tempo(token.value, at: Int(tick)))
        case "KeySig" where sequenceIndex == 0:
          let (key, tonality) = try Self.keySignature(token.value)
          globals.keySignatures.append(
            ScoreKeySignature(time: Int32(clamping: Int(tick)), key: key, tonality: tonality))
        case "TimeSig":
          let (numerator, denominator) = try Self.timeSignature(token.value)
          ticksPerBar = Double(denominator) / 4 * Double(numerator) * Double(ticksPerQuarter)
          ticksPerBarIsFloat = true
          if sequenceIndex == 0 {
            globals.timeSignatures.append(
              ScoreTimeSignature(
                time: Int32(clamping: Int(tick)), numerator: numerator, denominator: denominator))
          }
        case "Pedal":
          try decodePedal(
            token, next: index + 1 < sequence.count ? sequence[index + 1] : nil,
            program: state.currentProgram, tick: Int(tick), ticksPerBeat: ticksPerQuarter,
            active: &state.activePedals, tracks: &tracks, track: &state.track)
        case "PedalOff":
          let program = config.usePrograms ? (token.integer ?? state.currentProgram) : state.currentProgram
          if state.activePedals[program] != nil {
            // `int(active_pedals[pedal_prog]).int(...)`: an AttributeError.
            throw TokensError(.decodingFails("a PedalOff after a Pedal (MidiTok's AttributeError)"))
          }
        case "PitchBend":
          guard !tickIsFloat else {
            throw TokensError(
              .decodingFails("a PitchBend at a float tick (symusic's PitchBend takes an int)"))
          }
          try state.pitchBend(token, tracks: &tracks)
        case "ControlChange":
          var control = try Self.control(token.value)
          var microtiming = 0
          if tables.useMicrotiming && index + microtimingOffset < sequence.count {
            let next = sequence[index + microtimingOffset]
            if next.type.contains("MicroTiming") || next.value.contains("MicroTiming") {
              guard next.type == "MicroTiming", let value = next.integer else {
                throw TokensError(.decodingFails("the microtiming of \(next.type)_\(next.value)"))
              }
              microtiming = value
            }
          }
          control.time = Int32(clamping: Int((tick + Double(microtiming)).rounded(.towardZero)))
          state.add(to: &tracks) { $0.controls.append(control) }
        default:
          break
        }
      }
      if !config.oneTokenStreamForPrograms && !Self.isDecodedEmpty(state.track) {
        score.tracks.append(state.track)
      }
    }
    if config.oneTokenStreamForPrograms { score.tracks = tracks.all }
    globals.store(in: &score)
    return score
  }

  /// `_convert_durations_to_ticks`: `beats.ticks.tpq` is `beats × tpq + ticks`.
  static func perTokTicks(_ value: Substring) throws(TokensError) -> Int {
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let beats = DecodedToken.pythonInt(parts[0]),
      let ticks = DecodedToken.pythonInt(parts[1]), let perQuarter = DecodedToken.pythonInt(parts[2])
    else { throw TokensError(.decodingFails("the time value \(value)")) }
    return beats * perQuarter + ticks
  }
}
