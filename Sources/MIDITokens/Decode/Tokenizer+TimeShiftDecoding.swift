extension Tokenizer {
  /// TSD's `_tokens_to_score`, token for token: TimeShift and Rest (from the latest note end)
  /// move time in the ticks per beat of the current time signature; Program, Tempo, TimeSig,
  /// KeySig, Pedal, PedalOff, PitchBend, ControlChange and Chord tokens move the latest note
  /// end to their tick.
  func decodeTSD(_ sequences: [[DecodedToken]]) throws(TokensError) -> Score {
    var score = Score(ticksPerQuarter: timeDivision)
    let durationOffset = config.useVelocities ? 2 : 1
    var tracks = DecodedTracks()
    var signatures: [ScoreTimeSignature] = []
    var tempos: [ScoreTempo] = []
    var keys: [ScoreKeySignature] = []
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
        case "Program":
          try state.program(token, tokenizer: self)
        case "Tempo" where sequenceIndex == 0:
          tempos.append(try Self.tempo(token.value, at: state.tick))
        case "KeySig" where sequenceIndex == 0:
          let (key, tonality) = try Self.keySignature(token.value)
          keys.append(ScoreKeySignature(time: Int32(clamping: state.tick), key: key, tonality: tonality))
        case "TimeSig":
          let (numerator, denominator) = try Self.timeSignature(token.value)
          if sequenceIndex == 0 {
            signatures.append(
              ScoreTimeSignature(
                time: Int32(clamping: state.tick), numerator: numerator, denominator: denominator))
          }
          state.ticksPerBeat = try ticksPerBeat(ofDenominator: denominator)
        case "Pedal":
          try decodePedal(
            token, next: index + 1 < sequence.count ? sequence[index + 1] : nil,
            program: state.currentProgram,
            tick: state.tick, ticksPerBeat: state.ticksPerBeat, active: &state.activePedals, tracks: &tracks,
            track: &state.track)
        case "PedalOff":
          decodePedalOff(
            token, program: state.currentProgram, tick: state.tick, active: &state.activePedals,
            tracks: &tracks,
            track: &state.track)
        case "PitchBend":
          try state.pitchBend(token, tracks: &tracks)
        case "ControlChange":
          try state.control(token, tracks: &tracks)
        default:
          break
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
    score.tempos = tempos
    score.timeSignatures = signatures
    score.keySignatures = keys
    return score
  }

  /// MIDI-Like's `_tokens_to_score`, token for token: NoteOn (and its velocity, the next
  /// token's value whatever its type) queues a note per program and pitch, NoteOff ends the
  /// first queued; a note still queued at the end is dropped; the queues of a track's program
  /// are emptied only after a track that is kept.
  func decodeMIDILike(_ sequences: [[DecodedToken]]) throws(TokensError) -> Score {
    var score = Score(ticksPerQuarter: timeDivision)
    var tracks = DecodedTracks()
    var signatures: [ScoreTimeSignature] = []
    var tempos: [ScoreTempo] = []
    var keys: [ScoreKeySignature] = []
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
        case "Program":
          try state.program(token, tokenizer: self)
        case "Tempo" where sequenceIndex == 0:
          tempos.append(try Self.tempo(token.value, at: state.tick))
        case "KeySig" where sequenceIndex == 0:
          let (key, tonality) = try Self.keySignature(token.value)
          keys.append(ScoreKeySignature(time: Int32(clamping: state.tick), key: key, tonality: tonality))
        case "TimeSig":
          let (numerator, denominator) = try Self.timeSignature(token.value)
          state.ticksPerBeat = try ticksPerBeat(ofDenominator: denominator)
          if sequenceIndex == 0 {
            signatures.append(
              ScoreTimeSignature(
                time: Int32(clamping: state.tick), numerator: numerator, denominator: denominator))
          }
        case "Pedal":
          try decodePedal(
            token, next: index + 1 < sequence.count ? sequence[index + 1] : nil,
            program: state.currentProgram,
            tick: state.tick, ticksPerBeat: state.ticksPerBeat, active: &state.activePedals, tracks: &tracks,
            track: &state.track)
        case "PedalOff":
          decodePedalOff(
            token, program: state.currentProgram, tick: state.tick, active: &state.activePedals,
            tracks: &tracks,
            track: &state.track)
        case "PitchBend":
          try state.pitchBend(token, tracks: &tracks)
        case "ControlChange":
          try state.control(token, tracks: &tracks)
        default:
          break
        }
      }
      if !config.oneTokenStreamForPrograms && !Self.isDecodedEmpty(state.track) {
        score.tracks.append(state.track)
        active[state.track.program] = [:]
      }
    }
    if config.oneTokenStreamForPrograms { score.tracks = tracks.all }
    score.tempos = tempos
    score.timeSignatures = signatures
    score.keySignatures = keys
    return score
  }

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

/// What TSD's and MIDI-Like's decoders keep while they read one sequence.
struct DecodingState {
  let oneStream: Bool
  let programs: PythonIntSet
  let durationPrograms: PythonIntSet
  let pitchRange: ClosedRange<Int>
  var tick = 0
  var currentProgram = 0
  var previousNoteEnd = 0
  var previousPitchOnset: [Int: Int] = [:]
  var previousPitchChord: [Int: Int] = [:]
  var activePedals: [Int: Int] = [:]
  var ticksPerBeat: Int
  var track: ScoreTrack
  var useDuration: Bool
  let programChanges: Bool

  init(tokenizer: Tokenizer, sequence: [DecodedToken]) {
    oneStream = tokenizer.config.oneTokenStreamForPrograms
    programs = tokenizer.config.programs
    durationPrograms = tokenizer.config.noteDurationPrograms
    pitchRange = tokenizer.config.pitchRange
    programChanges = tokenizer.config.programChanges
    ticksPerBeat = tokenizer.timeDivision
    track = ScoreTrack(program: 0, isDrum: false)
    if !oneStream {
      let (first, isDrum) = tokenizer.sequenceProgram(sequence)
      currentProgram = first
      track = ScoreTrack(program: first, isDrum: isDrum, name: GeneralMIDI.trackName(first))
    }
    useDuration = durationPrograms.contains(currentProgram)
  }

  /// Adds to the track of the current program (one stream) or the sequence's.
  mutating func add(to tracks: inout Tokenizer.DecodedTracks, _ body: (inout ScoreTrack) -> Void) {
    if oneStream { tracks.with(currentProgram, body) } else { body(&track) }
  }

  /// The pitch of a Pitch, PitchDrum or interval token, or `nil` outside the pitch range;
  /// the previous pitches are updated.
  mutating func pitch(of token: DecodedToken, tokenizer: Tokenizer) throws(TokensError) -> Int? {
    guard let value = token.integer else { throw TokensError(.decodingFails("the pitch \(token.value)")) }
    var pitch = value
    if token.type == "PitchIntervalTime" || token.type == "PitchIntervalChord" {
      let table = token.type == "PitchIntervalTime" ? previousPitchOnset : previousPitchChord
      guard let previous = table[currentProgram] ?? (programs.contains(currentProgram) ? -128 : nil) else {
        throw TokensError(.decodingFails("a pitch interval of a program not in the configuration"))
      }
      pitch = previous + value
    }
    guard pitchRange.contains(pitch) else { return nil }
    if token.type != "PitchIntervalChord" { previousPitchOnset[currentProgram] = pitch }
    previousPitchChord[currentProgram] = pitch
    return pitch
  }

  /// A Program token: the current program, and the track's with program changes.
  mutating func program(_ token: DecodedToken, tokenizer: Tokenizer) throws(TokensError) {
    guard let value = token.integer else { throw TokensError(.decodingFails("the program \(token.value)")) }
    currentProgram = value
    useDuration = durationPrograms.contains(value)
    if !oneStream && programChanges {
      if value != -1 {
        track.program = value
      } else {
        track.program = 0
        track.isDrum = true
      }
    }
  }

  /// A PitchBend token.
  mutating func pitchBend(_ token: DecodedToken, tracks: inout Tokenizer.DecodedTracks) throws(TokensError) {
    guard let value = token.integer else {
      throw TokensError(.decodingFails("the pitch bend \(token.value)"))
    }
    let bend = ScorePitchBend(time: Int32(clamping: tick), value: Int32(clamping: value))
    add(to: &tracks) { $0.pitchBends.append(bend) }
  }

  /// A ControlChange token.
  mutating func control(_ token: DecodedToken, tracks: inout Tokenizer.DecodedTracks) throws(TokensError) {
    var control = try Tokenizer.control(token.value)
    control.time = Int32(clamping: tick)
    add(to: &tracks) { $0.controls.append(control) }
  }
}
