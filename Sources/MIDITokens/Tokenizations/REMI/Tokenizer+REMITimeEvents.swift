extension Tokenizer {
  /// REMI's `_add_time_events`: Bar (and TimeSig after it) at each new bar, Position when
  /// the tick changes, Rest tokens over silences (crossing bars without Bar tokens).
  /// `firstTimeSignature` is the first TimeSig event, if any; `notes` makes the tokens of
  /// the notes among the items.
  func remiTimeEvents(
    _ items: some Sequence<TrackItem>, notes: inout NoteTokens, firstTimeSignature: TokenEvent?,
    ticksPerQuarter: Int, into result: inout TokenOutput
  ) throws(TokensError) {
    var currentBar = -1
    var barAtLastChange = 0
    var previousTick = -1
    var previousNoteEnd = 0
    var tickAtLastChange = 0
    var tickAtCurrentBar = 0
    var signature = (numerator: 4, denominator: 4)
    if config.useTimeSignatures, let first = firstTimeSignature {
      signature = (Int(first.value >> 16), Int(first.value & 0xFFFF))
    }
    func units(_ signature: (numerator: Int, denominator: Int)) -> (bar: Int, beat: Int, position: Int) {
      let beat = Self.ticksPerBeat(denominator: signature.denominator, ticksPerQuarter: ticksPerQuarter)
      return (beat * signature.numerator, beat, beat / config.maxPositionsPerBeat)
    }
    var (ticksPerBar, ticksPerBeat, ticksPerPosition) = units(signature)

    func addBars(until time: Int, kind: TokenEvent.Kind) throws(TokensError) {
      guard ticksPerBar > 0 else { throw TokensError(.notInVocabulary(token: "(a bar of 0 ticks)")) }
      let count = barAtLastChange + Self.floorDivision(time - tickAtLastChange, ticksPerBar).0 - currentBar
      guard count > 0 else { return }
      for step in 0..<count {
        currentBar += 1
        tickAtCurrentBar = tickAtLastChange + (currentBar - barAtLastChange) * ticksPerBar
        if config.useBarEndTokens && currentBar > 0 {
          try result.emit(
            TokenEvent(
              time: Int32(truncatingIfNeeded: tickAtCurrentBar - 1), kind: .barEnd, value: 0, program: 0))
        }
        let barValue = config.maxBarEmbedding != nil ? Int32(currentBar + step) : -1
        try result.emit(
          TokenEvent(
            time: Int32(truncatingIfNeeded: tickAtCurrentBar), kind: .bar, value: barValue, program: 0))
        if config.useTimeSignatures && !(kind == .timeSignature && step + 1 == count) {
          try result.emit(
            TokenEvent(
              time: Int32(truncatingIfNeeded: tickAtCurrentBar), kind: .timeSignature,
              value: Int32(signature.numerator << 16 | signature.denominator), program: 0))
        }
      }
    }

    var lastKind: TokenEvent.Kind?
    for item in items {
      let time: Int
      let kind: TokenEvent.Kind
      switch item {
      case .event(let event): (time, kind) = (Int(event.time), event.kind)
      case .note(let note): (time, kind) = (Int(note.time), .pitch)
      }
      lastKind = kind
      if time != previousTick {
        if config.useRests, time - previousNoteEnd >= (try minimumRest(ticksPerBeat: ticksPerBeat)) {
          previousTick = max(previousNoteEnd, previousTick)
          for (index, ticks) in try timeValues(
            for: time - previousTick, ticksPerBeat: ticksPerBeat, rest: true)
          {
            try result.emit(
              TokenEvent(
                time: Int32(truncatingIfNeeded: previousTick), kind: .rest, value: Int32(index), program: 0))
            previousTick += ticks
          }
          let realBar = barAtLastChange + Self.floorDivision(previousTick - tickAtLastChange, ticksPerBar).0
          if realBar > currentBar {
            if currentBar == -1 { currentBar = 0 }
            tickAtCurrentBar += (realBar - currentBar) * ticksPerBar
            currentBar = realBar
          }
        }
        // `addBars` adds bars from the first tick of the bar after the current one.
        if ticksPerBar <= 0 || time >= tickAtLastChange + (currentBar - barAtLastChange + 1) * ticksPerBar {
          try addBars(until: time, kind: kind)
        }
        if kind != .timeSignature {
          guard ticksPerPosition > 0 else {
            throw TokensError(.notInVocabulary(token: "(a position of 0 ticks)"))
          }
          let position = Self.floorDivision(time - tickAtCurrentBar, ticksPerPosition).0
          try result.emit(
            TokenEvent(
              time: Int32(truncatingIfNeeded: time), kind: .position,
              value: Int32(truncatingIfNeeded: position),
              program: 0))
        }
        previousTick = time
      }
      switch item {
      case .event(let event):
        if event.kind == .timeSignature {
          barAtLastChange += Self.floorDivision(time - tickAtLastChange, ticksPerBar).0
          tickAtLastChange = time
          signature = (Int(event.value >> 16), Int(event.value & 0xFFFF))
          (ticksPerBar, ticksPerBeat, ticksPerPosition) = units(signature)
          previousTick -= 1
        }
        try result.emit(event)
        previousNoteEnd = max(previousNoteEnd, noteEndUpdate(event))
      case .note(let note):
        try result.emit(note: note, tokens: &notes)
        // The note's first token says its end (a Program token its onset, before it).
        previousNoteEnd = max(previousNoteEnd, Int(note.end))
      }
    }
    if config.addTrailingBars && previousNoteEnd > previousTick, let lastKind {
      try addBars(until: previousNoteEnd, kind: lastKind)
    }
  }
}
