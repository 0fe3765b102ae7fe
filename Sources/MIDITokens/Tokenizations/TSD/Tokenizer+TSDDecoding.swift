extension Tokenizer {
  /// TSD's `_tokens_to_score`, token for token: TimeShift and Rest (from the latest note end)
  /// move time in the ticks per beat of the current time signature; Program, Tempo, TimeSig,
  /// KeySig, Pedal, PedalOff, PitchBend, ControlChange and Chord tokens move the latest note
  /// end to their tick.
  func decodeTSD(_ sequences: [[DecodedToken]]) throws(TokensError) -> Score {
    var score = Score(ticksPerQuarter: timeDivision)
    let durationOffset = config.useVelocities ? 2 : 1
    var tracks = DecodedTracks()
    var globals = DecodedGlobalEvents()
    for (sequenceIndex, sequence) in sequences.enumerated() {
      var state = DecodingState(tokenizer: self, sequence: sequence)
      for (index, token) in sequence.enumerated() {
        switch token.type {
        case "TimeShift":
          state.tick += try ticks(of: token.value, ticksPerBeat: state.ticksPerBeat, rest: false)
        case "Rest":
          state.tick = max(state.previousNoteEnd, state.tick)
          state.tick += try ticks(of: token.value, ticksPerBeat: state.ticksPerBeat, rest: true)
        case "Pitch", "PitchDrum", "PitchIntervalTime", "PitchIntervalChord":
          guard let pitch = try state.pitch(of: token, tokenizer: self) else { continue }
          guard
            let (velocity, duration) = try noteFields(
              sequence, after: index, durationOffset: durationOffset, useDuration: state.useDuration,
              ticksPerBeat: state.ticksPerBeat)
          else { continue }
          let note = try Self.note(time: state.tick, duration: duration, pitch: pitch, velocity: velocity)
          state.add(to: &tracks) { $0.notes.append(note) }
          state.previousNoteEnd = max(state.previousNoteEnd, state.tick + duration)
        default:
          try decodeGlobalOrControl(
            token, at: index, of: sequence, sequenceIndex: sequenceIndex, state: &state, globals: &globals,
            tracks: &tracks)
        }
        if [
          "Program", "Tempo", "TimeSig", "KeySig", "Pedal", "PedalOff", "PitchBend", "ControlChange", "Chord",
        ]
        .contains(token.type) {
          state.previousNoteEnd = max(state.previousNoteEnd, state.tick)
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
}
