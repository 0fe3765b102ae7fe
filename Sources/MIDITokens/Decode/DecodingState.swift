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

/// The global events TSD's and MIDI-Like's decoders read from the first sequence.
struct DecodedGlobalEvents {
  var tempos: [ScoreTempo] = []
  var timeSignatures: [ScoreTimeSignature] = []
  var keySignatures: [ScoreKeySignature] = []

  /// Sets the song's global events to these.
  func store(in score: inout Score) {
    score.tempos = tempos
    score.timeSignatures = timeSignatures
    score.keySignatures = keySignatures
  }
}

extension Tokenizer {
  /// The tokens TSD's and MIDI-Like's decoders read alike: Program, Tempo, KeySig, TimeSig,
  /// Pedal, PedalOff, PitchBend and ControlChange (the global ones from the first sequence
  /// only); any other token is passed over.
  func decodeGlobalOrControl(
    _ token: DecodedToken, at index: Int, of sequence: [DecodedToken], sequenceIndex: Int,
    state: inout DecodingState, globals: inout DecodedGlobalEvents, tracks: inout DecodedTracks
  ) throws(TokensError) {
    switch token.type {
    case "Program":
      try state.program(token, tokenizer: self)
    case "Tempo" where sequenceIndex == 0:
      globals.tempos.append(try Self.tempo(token.value, at: state.tick))
    case "KeySig" where sequenceIndex == 0:
      let (key, tonality) = try Self.keySignature(token.value)
      globals.keySignatures.append(
        ScoreKeySignature(time: Int32(clamping: state.tick), key: key, tonality: tonality))
    case "TimeSig":
      let (numerator, denominator) = try Self.timeSignature(token.value)
      if sequenceIndex == 0 {
        globals.timeSignatures.append(
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
  }
}
