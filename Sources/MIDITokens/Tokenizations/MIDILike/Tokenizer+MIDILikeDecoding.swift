extension Tokenizer {
  /// MIDI-Like's `_tokens_to_score`, token for token: NoteOn (and its velocity, the next
  /// token's value whatever its type) queues a note per program and pitch, NoteOff ends the
  /// first queued; a note still queued at the end is dropped; the queues of a track's program
  /// are emptied only after a track that is kept.
  func decodeMIDILike(_ sequences: [[DecodedToken]]) throws(TokensError) -> Score {
    var score = Score(ticksPerQuarter: timeDivision)
    var tracks = DecodedTracks()
    var globals = DecodedGlobalEvents()
    var active: [Int: [Int: [(tick: Int, velocity: Int)]]] = [:]
    for program in config.programs { active[program] = [:] }
    for (sequenceIndex, sequence) in sequences.enumerated() {
      var state = DecodingState(tokenizer: self, sequence: sequence)
      tokens: for (index, token) in sequence.enumerated() {
        switch token.type {
        case "TimeShift":
          state.tick += try ticks(of: token.value, ticksPerBeat: state.ticksPerBeat, rest: false)
        case "Rest":
          state.tick += try ticks(of: token.value, ticksPerBeat: state.ticksPerBeat, rest: true)
        case "NoteOn", "DrumOn", "NoteOff", "DrumOff", "PitchIntervalTime", "PitchIntervalChord":
          let pitch: Int
          switch token.type {
          case "PitchIntervalTime", "PitchIntervalChord":
            guard let value = token.integer else {
              throw TokensError(.decodingFails("the interval \(token.value)"))
            }
            let table =
              token.type == "PitchIntervalTime" ? state.previousPitchOnset : state.previousPitchChord
            guard
              let previous = table[state.currentProgram]
                ?? (config.programs.contains(state.currentProgram) ? -128 : nil)
            else {
              throw TokensError(.decodingFails("a pitch interval of a program not in the configuration"))
            }
            pitch = previous + value
          default:
            guard let value = token.integer else {
              throw TokensError(.decodingFails("the pitch \(token.value)"))
            }
            pitch = value
          }
          guard config.pitchRange.contains(pitch) else { continue }
          let program = state.currentProgram
          let missing = TokensError(.decodingFails("a note of program \(program), not in the configuration"))
          if token.type != "NoteOff" && token.type != "DrumOff" {
            var velocity = 100
            if config.useVelocities {
              guard index + 1 < sequence.count else { break tokens }
              guard let value = sequence[index + 1].integer else { continue }
              velocity = value
            }
            if !state.useDuration {
              let note = try Self.note(
                time: state.tick, duration: Int(config.defaultNoteDuration * Double(state.ticksPerBeat)),
                pitch: pitch,
                velocity: velocity)
              state.add(to: &tracks) { $0.notes.append(note) }
            } else {
              guard active[program] != nil else { throw missing }
              active[program]![pitch, default: []].append((state.tick, velocity))
            }
            state.previousPitchChord[program] = pitch
            if token.type != "PitchIntervalChord" { state.previousPitchOnset[program] = pitch }
          } else if active[program] == nil {
            throw missing
          } else if let first = active[program]![pitch]?.first {
            active[program]![pitch]!.removeFirst()
            let note = try Self.note(
              time: first.tick, duration: state.tick - first.tick, pitch: pitch, velocity: first.velocity)
            state.add(to: &tracks) { $0.notes.append(note) }
          }
        default:
          try decodeGlobalOrControl(
            token, at: index, of: sequence, sequenceIndex: sequenceIndex, state: &state, globals: &globals,
            tracks: &tracks)
        }
      }
      if !config.oneTokenStreamForPrograms && !Self.isDecodedEmpty(state.track) {
        score.tracks.append(state.track)
        active[state.track.program] = [:]
      }
    }
    if config.oneTokenStreamForPrograms { score.tracks = tracks.all }
    globals.store(in: &score)
    return score
  }
}
