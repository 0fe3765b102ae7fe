extension Tokenizer {
  /// CPWord's `_tokens_to_score`, token for token.
  func decodeCPWord(_ sequences: [[[String]]]) throws(TokensError) -> Score {
    var score = Score(ticksPerQuarter: timeDivision)
    let fields = CPWordRules().fields(of: config)
    let durationField = fields.firstIndex(of: "Duration")
    let programField = fields.firstIndex(of: "Program")
    let restField = fields.firstIndex(of: "Rest")
    let tempoField = fields.firstIndex(of: "Tempo")
    let signatureField = fields.firstIndex(of: "TimeSig")
    var tracks = DecodedTracks()
    // The mocked first tempo: time −1, tempo −1 (mspq −60,000,000).
    var tempos = [ScoreTempo(time: -1, mspq: -60_000_000)]
    var signatures: [ScoreTimeSignature] = []
    var tick = 0
    var clock = BarClock()
    var program = 0
    var previousNoteEnd = 0
    for (sequenceIndex, sequence) in sequences.enumerated() {
      if sequenceIndex == 0 {
        if config.useTimeSignatures, let signatureField {
          for compound in sequence {
            guard try Self.value(compound[0]) == "Metric" else { break }
            if Self.type(compound[1]) == "Bar" {
              let (numerator, denominator) = try Self.timeSignature(try Self.value(compound[signatureField]))
              signatures.append(ScoreTimeSignature(time: 0, numerator: numerator, denominator: denominator))
              break
            }
          }
        }
        if signatures.isEmpty { signatures.append(ScoreTimeSignature(time: 0, numerator: 4, denominator: 4)) }
      }
      var signature = signatures[0]
      var (ticksPerBar, ticksPerBeat, ticksPerPosition) = try decodingUnits(signature)
      var track = ScoreTrack(program: 0, isDrum: false)
      if !config.oneTokenStreamForPrograms {
        tick = 0
        clock = BarClock()
        previousNoteEnd = 0
        var isDrum = false
        if config.usePrograms, let programField {
          for compound in sequence where try Self.value(compound[0]) == "Note" {
            program = try Self.integer(compound[programField])
            if program == -1 {
              isDrum = true
              program = 0
            }
            break
          }
        }
        track = ScoreTrack(program: program, isDrum: isDrum, name: GeneralMIDI.trackName(program))
      }
      for compound in sequence {
        let family = try Self.value(compound[0])
        if family == "Note" {
          var padEnd = 3
          if config.useVelocities { padEnd += 1 }
          if config.usingNoteDurationTokens { padEnd += 1 }
          if config.usePrograms { padEnd += 1 }
          var padded = false
          for token in compound[2..<min(padEnd, compound.count)] where try Self.value(token) == "None" {
            padded = true
          }
          if padded { continue }
          let pitch = try Self.integer(compound[2])
          let velocity = config.useVelocities ? try Self.integer(compound[3]) : 100
          let duration: Int
          if config.usingNoteDurationTokens, let durationField {
            duration = try ticks(
              of: try Self.value(compound[durationField]), ticksPerBeat: ticksPerBeat, rest: false)
          } else {
            duration = Int(config.defaultNoteDuration * Double(ticksPerBeat))
          }
          let note = try Self.note(time: tick, duration: duration, pitch: pitch, velocity: velocity)
          if config.oneTokenStreamForPrograms && config.usePrograms, let programField {
            program = try Self.integer(compound[programField])
            tracks.with(program) { $0.notes.append(note) }
          } else {
            track.notes.append(note)
          }
          previousNoteEnd = max(previousNoteEnd, tick + duration)
        } else if family == "Metric" {
          let barOrPosition = Self.type(compound[1])
          if barOrPosition == "Bar" {
            tick = clock.nextBar(from: tick, ticksPerBar: ticksPerBar)
            if config.useTimeSignatures, let signatureField {
              let (numerator, denominator) = try Self.timeSignature(try Self.value(compound[signatureField]))
              if numerator != signature.numerator || denominator != signature.denominator {
                signature = ScoreTimeSignature(
                  time: Int32(clamping: tick), numerator: numerator, denominator: denominator)
                if sequenceIndex == 0 { signatures.append(signature) }
                clock.startSectionAtCurrentBar()
                (ticksPerBar, ticksPerBeat, ticksPerPosition) = try decodingUnits(signature)
              }
            }
          } else if barOrPosition == "Position" {
            if clock.currentBar == -1 { clock.currentBar = 0 }
            tick = clock.tickAtCurrentBar + (try Self.integer(compound[1])) * ticksPerPosition
            if config.useTempos && sequenceIndex == 0, let tempoField {
              let tempo = try Self.tempo(try Self.value(compound[tempoField]), at: tick)
              guard let qpm = Double(String(try Self.value(compound[tempoField]))) else {
                throw TokensError(.decodingFails("the tempo \(compound[tempoField])"))
              }
              let last = tempos[tempos.count - 1]
              if qpm != NumPy.pythonRoundTwoDecimals(last.qpm) && Int32(clamping: tick) != last.time {
                tempos.append(tempo)
              }
            }
          } else if config.useRests, let restField, try Self.value(compound[restField]) != "None" {
            tick = max(previousNoteEnd, tick)
            tick += try ticks(of: try Self.value(compound[restField]), ticksPerBeat: ticksPerBeat, rest: true)
            guard ticksPerBar > 0 else { throw TokensError(.decodingFails("a bar of 0 ticks")) }
            clock.moveToRealBar(of: tick, ticksPerBar: ticksPerBar)
          }
          previousNoteEnd = max(previousNoteEnd, tick)
        }
      }
      if !config.oneTokenStreamForPrograms && !Self.isDecodedEmpty(track) { score.tracks.append(track) }
    }
    finishCompoundTempos(&tempos)
    if config.oneTokenStreamForPrograms { score.tracks = tracks.all }
    score.tempos = tempos
    score.timeSignatures = signatures
    return score
  }
}
