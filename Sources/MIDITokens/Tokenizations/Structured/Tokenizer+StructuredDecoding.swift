extension Tokenizer {
  /// Structured's `_tokens_to_score`: TimeShift moves time (`0.0.1` not), Pitch with its
  /// Velocity and Duration makes a note, Program sets the program; nothing else is decoded.
  /// Time runs on across sequences when all tracks are one stream.
  func decodeStructured(_ sequences: [[DecodedToken]]) throws(TokensError) -> Score {
    var score = Score(ticksPerQuarter: timeDivision)
    let durationOffset = config.useVelocities ? 2 : 1
    var tracks = DecodedTracks()
    var tick = 0
    var program = 0
    let ticksPerBeat = timeDivision
    for sequence in sequences {
      var track = ScoreTrack(program: 0, isDrum: false)
      if !config.oneTokenStreamForPrograms {
        tick = 0
        let (first, isDrum) = sequenceProgram(sequence)
        program = first
        track = ScoreTrack(program: first, isDrum: isDrum, name: GeneralMIDI.trackName(first))
      }
      var useDuration = config.noteDurationPrograms.contains(program)
      for (index, token) in sequence.enumerated() {
        switch token.type {
        case "TimeShift" where token.value != "0.0.1":
          tick += try ticks(of: token.value, ticksPerBeat: ticksPerBeat, rest: false)
        case "Pitch", "PitchDrum":
          guard
            let (velocity, duration) = try noteFields(
              sequence, after: index, durationOffset: durationOffset, useDuration: useDuration,
              ticksPerBeat: ticksPerBeat)
          else { continue }
          guard let pitch = token.integer else {
            throw TokensError(.decodingFails("the pitch \(token.value)"))
          }
          let note = try Self.note(time: tick, duration: duration, pitch: pitch, velocity: velocity)
          if config.oneTokenStreamForPrograms {
            tracks.with(program) { $0.notes.append(note) }
          } else {
            track.notes.append(note)
          }
        case "Program":
          guard let value = token.integer else {
            throw TokensError(.decodingFails("the program \(token.value)"))
          }
          program = value
          useDuration = config.noteDurationPrograms.contains(program)
        default:
          break
        }
      }
      if !config.oneTokenStreamForPrograms && !Self.isDecodedEmpty(track) { score.tracks.append(track) }
    }
    if config.oneTokenStreamForPrograms { score.tracks = tracks.all }
    return score
  }
}
