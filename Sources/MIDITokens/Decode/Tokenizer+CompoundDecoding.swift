extension Tokenizer {
  /// CPWord's and Octuple's decoders: each sequence's tokens are lists of tokens, one per
  /// field (``compoundFields``).
  func decodeMultiVocabulary(_ flat: [[String]]) throws(TokensError) -> Score {
    let width = vocabularies.count
    let sequences = flat.map { tokens in
      stride(from: 0, to: tokens.count, by: width).map { Array(tokens[$0..<min($0 + width, tokens.count)]) }
    }
    return tokenization == .cpWord ? try decodeCPWord(sequences) : try decodeOctuple(sequences)
  }

  /// The value half of a token (`token.split("_")[1]`).
  static func value(_ token: String) throws(TokensError) -> Substring {
    let parts = token.split(separator: "_", omittingEmptySubsequences: false)
    guard parts.count >= 2 else { throw TokensError(.decodingFails("the token \(token) has no \"_\"")) }
    return parts[1]
  }

  /// The type half of a token (`token.split("_")[0]`).
  static func type(_ token: String) -> Substring {
    token.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
  }

  static func integer(_ token: String) throws(TokensError) -> Int {
    guard let value = DecodedToken.pythonInt(try value(token)) else {
      throw TokensError(.decodingFails("the value of \(token)"))
    }
    return value
  }

  /// MidiTok's first-tempo handling of CPWord and Octuple: the mocked tempo removed; the
  /// default tempo at tick 0 unless the first tempo is the default (moved to tick 0).
  func finishCompoundTempos(_ tempos: inout [ScoreTempo]) {
    tempos.removeFirst()
    func rounded(_ tempo: ScoreTempo) -> Double { NumPy.pythonRoundTwoDecimals(tempo.qpm) }
    if tempos.isEmpty || (tempos[0].time != 0 && rounded(tempos[0]) != defaultTempo) {
      tempos.insert(ScoreTempo(time: 0, mspq: Self.mspq(qpm: defaultTempo)), at: 0)
    } else if rounded(tempos[0]) == defaultTempo {
      tempos[0].time = 0
    }
  }

  /// CPWord's `_tokens_to_score`, token for token.
  func decodeCPWord(_ sequences: [[[String]]]) throws(TokensError) -> Score {
    var score = Score(ticksPerQuarter: timeDivision)
    let durationField = compoundField("Duration")
    let programField = compoundField("Program")
    let restField = compoundField("Rest")
    let tempoField = compoundField("Tempo")
    let signatureField = compoundField("TimeSig")
    var tracks = DecodedTracks()
    // The mocked first tempo: time −1, tempo −1 (mspq −60,000,000).
    var tempos = [ScoreTempo(time: -1, mspq: -60_000_000)]
    var signatures: [ScoreTimeSignature] = []
    var tick = 0
    var tickAtLastChange = 0
    var tickAtCurrentBar = 0
    var currentBar = -1
    var barAtLastChange = 0
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
      var ticksPerBar = Self.ticksPerBar(signature, ticksPerQuarter: timeDivision)
      var ticksPerBeat = try self.ticksPerBeat(ofDenominator: signature.denominator)
      var ticksPerPosition = ticksPerBeat / config.maxPositionsPerBeat
      var track = ScoreTrack(program: 0, isDrum: false)
      if !config.oneTokenStreamForPrograms {
        tick = 0
        tickAtLastChange = 0
        tickAtCurrentBar = 0
        currentBar = -1
        barAtLastChange = 0
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
            currentBar += 1
            if currentBar > 0 { tick = tickAtCurrentBar + ticksPerBar }
            tickAtCurrentBar = tick
            if config.useTimeSignatures, let signatureField {
              let (numerator, denominator) = try Self.timeSignature(try Self.value(compound[signatureField]))
              if numerator != signature.numerator || denominator != signature.denominator {
                signature = ScoreTimeSignature(
                  time: Int32(clamping: tick), numerator: numerator, denominator: denominator)
                if sequenceIndex == 0 { signatures.append(signature) }
                tickAtLastChange = tickAtCurrentBar
                barAtLastChange = currentBar
                ticksPerBar = Self.ticksPerBar(signature, ticksPerQuarter: timeDivision)
                ticksPerBeat = try self.ticksPerBeat(ofDenominator: denominator)
                ticksPerPosition = ticksPerBeat / config.maxPositionsPerBeat
              }
            }
          } else if barOrPosition == "Position" {
            if currentBar == -1 { currentBar = 0 }
            tick = tickAtCurrentBar + (try Self.integer(compound[1])) * ticksPerPosition
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
            let realBar = barAtLastChange + Self.floorDivision(tick - tickAtLastChange, ticksPerBar).0
            if realBar > currentBar {
              if currentBar == -1 { currentBar = 0 }
              tickAtCurrentBar += (realBar - currentBar) * ticksPerBar
              currentBar = realBar
            }
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

  /// Octuple's `_tokens_to_score`, token for token.
  func decodeOctuple(_ sequences: [[[String]]]) throws(TokensError) -> Score {
    var score = Score(ticksPerQuarter: timeDivision)
    let velocityField = compoundField("Velocity")
    let durationField = compoundField("Duration")
    let programField = compoundField("Program")
    let tempoField = compoundField("Tempo")
    let signatureField = compoundField("TimeSig")
    var tracks = DecodedTracks()
    var tempos = [ScoreTempo(time: -1, mspq: -60_000_000)]
    var signatures: [ScoreTimeSignature] = []
    var barAtLastChange = 0
    var tickAtLastChange = 0
    var program = 0
    for (sequenceIndex, sequence) in sequences.enumerated() {
      if sequenceIndex == 0 && config.useTimeSignatures, let signatureField {
        guard let first = sequence.first else { throw TokensError(.decodingFails("an empty first sequence")) }
        let (numerator, denominator) = try Self.timeSignature(try Self.value(first[signatureField]))
        signatures.append(ScoreTimeSignature(time: 0, numerator: numerator, denominator: denominator))
      } else {
        signatures.append(ScoreTimeSignature(time: 0, numerator: 4, denominator: 4))
      }
      var signature = signatures[0]
      var ticksPerBar = Self.ticksPerBar(signature, ticksPerQuarter: timeDivision)
      var ticksPerBeat = try self.ticksPerBeat(ofDenominator: signature.denominator)
      var ticksPerPosition = ticksPerBeat / config.maxPositionsPerBeat
      var track = ScoreTrack(program: 0, isDrum: false)
      if !config.oneTokenStreamForPrograms {
        var isDrum = false
        if config.usePrograms, let programField, let first = sequence.first {
          program = try Self.integer(first[programField])
          if program == -1 {
            isDrum = true
            program = 0
          }
        }
        // An empty sequence after a drum sequence keeps its program −1, which symusic's
        // Track refuses.
        guard program >= 0 else { throw TokensError(.decodingFails("a track of program \(program)")) }
        track = ScoreTrack(program: program, isDrum: isDrum, name: GeneralMIDI.trackName(program))
      }
      for compound in sequence {
        var checked = 3
        if config.useVelocities { checked += 1 }
        if config.usePrograms { checked += 1 }
        if config.usePrograms, let programField { program = try Self.integer(compound[programField]) }
        if config.usingNoteDurationTokens { checked += 1 }
        var padded = false
        for token in compound.prefix(checked) where try Self.value(token) == "None" { padded = true }
        if padded { continue }
        let pitch = try Self.integer(compound[0])
        let velocity = config.useVelocities ? try Self.integer(compound[velocityField ?? 3]) : 100
        let position = try Self.integer(compound[1])
        let bar = try Self.integer(compound[2])
        let tick = tickAtLastChange + (bar - barAtLastChange) * ticksPerBar + position * ticksPerPosition
        if config.useTimeSignatures, let signatureField, try Self.value(compound[signatureField]) != "None" {
          let (numerator, denominator) = try Self.timeSignature(try Self.value(compound[signatureField]))
          if numerator != signature.numerator || denominator != signature.denominator {
            tickAtLastChange += (bar - barAtLastChange) * ticksPerBar
            signature = ScoreTimeSignature(
              time: Int32(clamping: tickAtLastChange), numerator: numerator, denominator: denominator)
            if sequenceIndex == 0 { signatures.append(signature) }
            barAtLastChange = bar
            ticksPerBar = Self.ticksPerBar(signature, ticksPerQuarter: timeDivision)
            ticksPerBeat = try self.ticksPerBeat(ofDenominator: denominator)
            ticksPerPosition = ticksPerBeat / config.maxPositionsPerBeat
          }
        }
        let duration: Int
        if config.usingNoteDurationTokens, let durationField {
          duration = try ticks(
            of: try Self.value(compound[durationField]), ticksPerBeat: ticksPerBeat, rest: false)
        } else {
          duration = Int(config.defaultNoteDuration * Double(ticksPerBeat))
        }
        let note = try Self.note(time: tick, duration: duration, pitch: pitch, velocity: velocity)
        if config.oneTokenStreamForPrograms {
          tracks.with(program) { $0.notes.append(note) }
        } else {
          track.notes.append(note)
        }
        if sequenceIndex == 0 && config.useTempos, let tempoField,
          try Self.value(compound[tempoField]) != "None"
        {
          guard let qpm = Double(String(try Self.value(compound[tempoField]))) else {
            throw TokensError(.decodingFails("the tempo \(compound[tempoField])"))
          }
          if qpm != NumPy.pythonRoundTwoDecimals(tempos[tempos.count - 1].qpm) {
            tempos.append(try Self.tempo(try Self.value(compound[tempoField]), at: tick))
          }
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
