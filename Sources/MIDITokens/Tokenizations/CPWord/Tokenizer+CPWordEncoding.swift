extension Tokenizer {
  /// CPWord's `_add_time_events`: Bar compounds (with the time signature), Position compounds
  /// (with the tempo, and a chord), Rest compounds, and Note compounds (pitch, velocity,
  /// duration, program); Program events give their program to the notes after them.
  func cpWordTokens(_ events: [TokenEvent], ticksPerQuarter: Int, into result: inout CompoundRows)
    throws(TokensError)
  {
    let fields = CPWordRules().fields(of: config)
    let durationValues = durationValuesByTicks
    func text(_ event: TokenEvent) -> String { Self.valueText(event, durationValues: durationValues) }
    func compound(_ time: Int, family: String = "Metric") -> CompoundToken {
      let tokens = ["Family_" + family] + Array(repeating: "Ignore_None", count: fields.count - 1)
      return CompoundToken(time: Int32(truncatingIfNeeded: time), tokens: tokens)
    }
    let velocityField = fields.firstIndex(of: "Velocity")
    let durationField = fields.firstIndex(of: "Duration")
    let programField = fields.firstIndex(of: "Program")
    let chordField = fields.firstIndex(of: "Chord")
    let chords = chordField == nil ? [] : chordTokens
    let restField = fields.firstIndex(of: "Rest")
    let tempoField = fields.firstIndex(of: "Tempo")
    let signatureField = fields.firstIndex(of: "TimeSig")
    let durationOffset = noteDurationOffset
    var clock = BarClock()
    var previousTick = -1
    var previousNoteEnd = 0
    var signature = (numerator: 4, denominator: 4)
    var tempo = NumPy.pythonRepr(defaultTempo)
    var program: Int?
    var (ticksPerBar, ticksPerBeat, ticksPerPosition) = barUnits(signature, ticksPerQuarter: ticksPerQuarter)
    if config.useTimeSignatures, let first = events.first(where: { $0.kind == .timeSignature }) {
      signature = (Int(first.value >> 16), Int(first.value & 0xFFFF))
      (ticksPerBar, ticksPerBeat, ticksPerPosition) = barUnits(signature, ticksPerQuarter: ticksPerQuarter)
    }
    if config.useTempos {
      for event in events {
        if event.kind == .tempo {
          tempo = text(event)
          break
        }
        if [.pitch, .pitchDrum, .velocity, .duration, .pitchBend, .pedal].contains(event.kind) { break }
      }
    }
    guard ticksPerBar > 0, ticksPerPosition > 0 else {
      throw TokensError(.notInVocabulary(token: "(a bar of 0 ticks)"))
    }
    for (index, event) in events.enumerated() {
      let time = Int(event.time)
      if event.kind == .tempo {
        tempo = text(event)
      } else if event.kind.isProgram {
        program = Int(event.value)
        continue
      }
      if time != previousTick {
        if config.useRests, time - previousNoteEnd >= (try minimumRest(ticksPerBeat: ticksPerBeat)) {
          previousTick = previousNoteEnd
          for (value, ticks) in try timeValues(
            for: time - previousTick, ticksPerBeat: ticksPerBeat, rest: true)
          {
            var rest = compound(previousTick)
            if let restField { rest.tokens[restField] = "Rest_\(rests[value])" }
            result.append(rest)
            previousTick += ticks
          }
          clock.moveToRealBar(of: previousTick, ticksPerBar: ticksPerBar)
        }
        let newBars =
          clock.bar(of: time, ticksPerBar: ticksPerBar) - clock.currentBar
        if newBars >= 1 {
          var signatureText: String? =
            config.useTimeSignatures ? "\(signature.numerator)/\(signature.denominator)" : nil
          for step in 0..<newBars {
            if step == newBars - 1 && event.kind == .timeSignature {
              signatureText = "\(event.value >> 16)/\(event.value & 0xFFFF)"
            }
            var bar = compound((clock.currentBar + step + 1) * ticksPerBar)
            bar.tokens[1] = "Bar_None"
            if let signatureText, let signatureField {
              bar.tokens[signatureField] = "TimeSig_" + signatureText
            }
            result.append(bar)
          }
          clock.currentBar += newBars
          clock.tickAtCurrentBar =
            clock.tickAtLastChange + (clock.currentBar - clock.barAtLastChange) * ticksPerBar
        }
        if event.kind != .timeSignature {
          var position = compound(time)
          position.tokens[1] =
            "Position_\(Self.floorDivision(time - clock.tickAtCurrentBar, ticksPerPosition).0)"
          if event.kind == .chord, let chordField { position.tokens[chordField] = chords[Int(event.value)] }
          if config.useTempos, let tempoField { position.tokens[tempoField] = "Tempo_" + tempo }
          result.append(position)
        }
        previousTick = time
      }
      if event.kind == .timeSignature {
        signature = (Int(event.value >> 16), Int(event.value & 0xFFFF))
        clock.startSection(at: time, ticksPerBar: ticksPerBar)
        (ticksPerBar, ticksPerBeat, ticksPerPosition) = barUnits(signature, ticksPerQuarter: ticksPerQuarter)
        guard ticksPerBar > 0, ticksPerPosition > 0 else {
          throw TokensError(.notInVocabulary(token: "(a bar of 0 ticks)"))
        }
        previousTick -= 1
      }
      if (event.kind == .pitch || event.kind == .pitchDrum) && index + durationOffset < events.count {
        var note = compound(time, family: "Note")
        note.tokens[2] = "\(event.kind.typeName)_\(event.value)"
        if let velocityField { note.tokens[velocityField] = "Velocity_" + text(events[index + 1]) }
        if config.usingNoteDurationTokens, let durationField {
          let duration = text(events[index + durationOffset])
          if !duration.isEmpty { note.tokens[durationField] = "Duration_" + duration }
        }
        if let program, let programField { note.tokens[programField] = "Program_\(program)" }
        result.append(note)
        previousNoteEnd = max(previousNoteEnd, Int(event.noteEnd))
      } else if event.kind.isProgram || event.kind == .tempo || event.kind == .timeSignature
        || event.kind == .chord
      {
        previousNoteEnd = max(previousNoteEnd, time)
      }
    }
  }
}
