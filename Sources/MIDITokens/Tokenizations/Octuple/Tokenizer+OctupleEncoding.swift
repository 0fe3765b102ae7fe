extension Tokenizer {
  /// Octuple's `_add_time_events`: one compound per note with its pitch, position, bar,
  /// velocity, duration, program, the current tempo and time signature.
  func octupleTokens(_ events: [TokenEvent], ticksPerQuarter: Int, into result: inout CompoundRows)
    throws(TokensError)
  {
    let fields = OctupleRules().fields(of: config)
    let durationValues = durationValuesByTicks
    func text(_ event: TokenEvent) -> String { Self.valueText(event, durationValues: durationValues) }
    let durationOffset = noteDurationOffset
    var currentBar = 0
    var barFromChange = 0
    var tickFromChange = 0
    var position = 0
    var previousTick = 0
    var signature = (numerator: 4, denominator: 4)
    var tempo = NumPy.pythonRepr(defaultTempo)
    var program = 0
    func units(_ signature: (numerator: Int, denominator: Int)) -> (bar: Int, position: Int) {
      let units = barUnits(signature, ticksPerQuarter: ticksPerQuarter)
      return (units.bar, units.position)
    }
    var (ticksPerBar, ticksPerPosition) = units(signature)
    for (index, event) in events.enumerated() {
      let time = Int(event.time)
      if time != previousTick {
        guard ticksPerBar > 0, ticksPerPosition > 0 else {
          throw TokensError(.notInVocabulary(token: "(a bar of 0 ticks)"))
        }
        currentBar = barFromChange + Self.floorDivision(time - tickFromChange, ticksPerBar).0
        let tickAtBar = tickFromChange + (currentBar - barFromChange) * ticksPerBar
        position = Self.floorDivision(time - tickAtBar, ticksPerPosition).0
        previousTick = time
      }
      switch event.kind {
      case .timeSignature:
        signature = (Int(event.value >> 16), Int(event.value & 0xFFFF))
        barFromChange = currentBar
        tickFromChange = previousTick
        (ticksPerBar, ticksPerPosition) = units(signature)
      case .tempo:
        tempo = text(event)
      case let kind where kind.isProgram:
        program = Int(event.value)
      case .pitch, .pitchDrum:
        guard index + durationOffset < events.count else { break }
        var tokens = Array(repeating: "", count: fields.count)
        tokens[0] = "\(event.kind.typeName)_\(event.value)"
        tokens[1] = "Position_\(position)"
        tokens[2] = "Bar_\(currentBar)"
        var field = 3
        if config.useVelocities {
          tokens[field] = "Velocity_" + text(events[index + 1])
          field += 1
        }
        if config.usingNoteDurationTokens {
          tokens[field] = "Duration_" + text(events[index + durationOffset])
          field += 1
        }
        if config.usePrograms {
          tokens[field] = "Program_\(program)"
          field += 1
        }
        if config.useTempos {
          tokens[field] = "Tempo_" + tempo
          field += 1
        }
        if config.useTimeSignatures {
          tokens[field] = "TimeSig_\(signature.numerator)/\(signature.denominator)"
        }
        result.append(CompoundToken(time: event.time, tokens: tokens))
      default:
        break
      }
    }
  }
}

extension Tokenizer {
  /// Octuple's song clipped at the first bar too many for its bar tokens, as MidiTok does with
  /// `score.clip` (bars up to the last onset, `get_bars_ticks(only_notes_onsets=True)`).
  func octupleClipped(_ score: Score) -> Score {
    var bars = config.maxBarEmbedding ?? 0
    let lastOnset = Self.lastOnsetTick(of: score)
    guard lastOnset > 0 else { return score }
    for section in Self.meterSections(of: score, through: lastOnset, beats: false) {
      if bars < section.count {
        return score.clipped(before: Int32(clamping: section.start + section.unit * bars))
      }
      bars -= section.count
    }
    return score
  }
}
