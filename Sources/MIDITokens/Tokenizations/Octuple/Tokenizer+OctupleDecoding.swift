extension Tokenizer {
  /// Octuple's `_tokens_to_score`, token for token.
  func decodeOctuple(_ sequences: [[[String]]]) throws(TokensError) -> Score {
    var score = Score(ticksPerQuarter: timeDivision)
    let fields = OctupleRules().fields(of: config)
    let velocityField = fields.firstIndex(of: "Velocity")
    let durationField = fields.firstIndex(of: "Duration")
    let programField = fields.firstIndex(of: "Program")
    let tempoField = fields.firstIndex(of: "Tempo")
    let signatureField = fields.firstIndex(of: "TimeSig")
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
      var (ticksPerBar, ticksPerBeat, ticksPerPosition) = try decodingUnits(signature)
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
            (ticksPerBar, ticksPerBeat, ticksPerPosition) = try decodingUnits(signature)
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
