extension Tokenizer {
  /// REMI's `_add_time_events`: Bar (and TimeSig after it) at each new bar, Position when
  /// the tick changes, Rest tokens over silences (crossing bars without Bar tokens).
  /// `firstTimeSignature` is the first TimeSig event, if any; `notes` makes the tokens of
  /// the notes among the items.
  func remiTimeEvents(
    _ items: some Sequence<TrackItem>, notes: inout NoteTokens, firstTimeSignature: TokenEvent?,
    ticksPerQuarter: Int, into result: inout TokenOutput
  ) throws(TokensError) {
    var clock = BarClock()
    var previousTick = -1
    var previousNoteEnd = 0
    var signature = (numerator: 4, denominator: 4)
    if config.useTimeSignatures, let first = firstTimeSignature {
      signature = (Int(first.value >> 16), Int(first.value & 0xFFFF))
    }
    var (ticksPerBar, ticksPerBeat, ticksPerPosition) = barUnits(signature, ticksPerQuarter: ticksPerQuarter)

    func addBars(until time: Int, kind: TokenEvent.Kind) throws(TokensError) {
      guard ticksPerBar > 0 else { throw TokensError(.notInVocabulary(token: "(a bar of 0 ticks)")) }
      let count = clock.bar(of: time, ticksPerBar: ticksPerBar) - clock.currentBar
      guard count > 0 else { return }
      for step in 0..<count {
        clock.currentBar += 1
        clock.tickAtCurrentBar =
          clock.tickAtLastChange + (clock.currentBar - clock.barAtLastChange) * ticksPerBar
        if config.useBarEndTokens && clock.currentBar > 0 {
          try result.emit(
            TokenEvent(
              time: Int32(truncatingIfNeeded: clock.tickAtCurrentBar - 1), kind: .barEnd, value: 0, program: 0
            ))
        }
        let barValue = config.maxBarEmbedding != nil ? Int32(clock.currentBar + step) : -1
        try result.emit(
          TokenEvent(
            time: Int32(truncatingIfNeeded: clock.tickAtCurrentBar), kind: .bar, value: barValue, program: 0))
        if config.useTimeSignatures && !(kind == .timeSignature && step + 1 == count) {
          try result.emit(
            TokenEvent(
              time: Int32(truncatingIfNeeded: clock.tickAtCurrentBar), kind: .timeSignature,
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
          previousTick = try emitTimeTokens(
            .rest, from: max(previousNoteEnd, previousTick), to: time, ticksPerBeat: ticksPerBeat,
            into: &result)
          clock.moveToRealBar(of: previousTick, ticksPerBar: ticksPerBar)
        }
        // `addBars` adds bars from the first tick of the bar after the current one.
        if ticksPerBar <= 0
          || time >= clock.tickAtLastChange + (clock.currentBar - clock.barAtLastChange + 1) * ticksPerBar
        {
          try addBars(until: time, kind: kind)
        }
        if kind != .timeSignature {
          guard ticksPerPosition > 0 else {
            throw TokensError(.notInVocabulary(token: "(a position of 0 ticks)"))
          }
          let position = Self.floorDivision(time - clock.tickAtCurrentBar, ticksPerPosition).0
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
          clock.startSection(at: time, ticksPerBar: ticksPerBar)
          signature = (Int(event.value >> 16), Int(event.value & 0xFFFF))
          (ticksPerBar, ticksPerBeat, ticksPerPosition) = barUnits(
            signature, ticksPerQuarter: ticksPerQuarter)
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
