extension Tokenizer {
  /// Decodes ids as MidiTok 3.1's `decode` does: ids to tokens, the tokenization's
  /// `_tokens_to_score`, then the sustain pedals written as CC64 127 and 0, and a tempo (the
  /// default) and a 4/4 time signature at tick 0 when none is there.
  /// - Throws: ``TokensError`` where MidiTok raises on these tokens.
  public func decode(_ ids: TokenIDList) throws(TokensError) -> Score {
    var sequences: [[String]] = []
    for sequence in ids.sequences {
      var tokens: [String] = []
      tokens.reserveCapacity(sequence.count)
      for (index, id) in sequence.enumerated() {
        // −1: no id in this field of a MuMIDI token shorter than the vocabularies.
        tokens.append(id < 0 ? "" : vocabularies[index % vocabularies.count].tokens[id])
      }
      sequences.append(tokens)
    }
    var score = try rules.decode(sequences, by: self)
    if config.useSustainPedals {
      for index in score.tracks.indices {
        var track = score.tracks[index]
        for pedal in track.pedals {
          track.controls.append(ScoreControl(time: pedal.time, number: 64, value: 127))
          track.controls.append(ScoreControl(time: pedal.end, number: 64, value: 0))
        }
        if !track.pedals.isEmpty {
          track.controls = track.controls.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
          }
          .map(\.element)
        }
        score.tracks[index] = track
      }
    }
    if score.tempos.first?.time != 0 {
      score.tempos.insert(ScoreTempo(time: 0, mspq: Self.mspq(qpm: defaultTempo)), at: 0)
    }
    if score.timeSignatures.first?.time != 0 {
      score.timeSignatures.insert(ScoreTimeSignature(time: 0, numerator: 4, denominator: 4), at: 0)
    }
    return score
  }

  /// Each sequence's tokens split into type and value.
  static func split(sequences: [[String]]) throws(TokensError) -> [[DecodedToken]] {
    var split: [[DecodedToken]] = []
    for tokens in sequences { split.append(try Self.split(tokens)) }
    return split
  }

  /// A sequence's tokens split into type and value.
  static func split(_ tokens: [String]) throws(TokensError) -> [DecodedToken] {
    var result: [DecodedToken] = []
    result.reserveCapacity(tokens.count)
    for token in tokens { result.append(try DecodedToken(token)) }
    return result
  }

  /// symusic's `Tempo(time, qpm)`: `round(60000000 / qpm)` microseconds per quarter.
  static func mspq(qpm: Double) -> Int32 {
    Int32(clamping: Int((60_000_000 / qpm).rounded(.toNearestOrAwayFromZero)))
  }

  /// A Duration, TimeShift or Rest value's ticks at a number of ticks per beat
  /// (`_tpb_tokens_to_ticks`, `_tpb_rests_to_ticks`): only values of the vocabulary.
  func ticks(of value: Substring, ticksPerBeat: Int, rest: Bool) throws(TokensError) -> Int {
    let values = rest ? rests : durations
    guard ticksPerBeatOfDenominator.contains(where: { $0.ticksPerBeat == ticksPerBeat }),
      let found = values.first(where: { $0.description == value })
    else {
      throw TokensError(
        .decodingFails("no \(rest ? "rest" : "duration") \(value) at \(ticksPerBeat) ticks per beat"))
    }
    return found.ticks(ticksPerBeat: ticksPerBeat)
  }

  /// The ticks per beat of a denominator of the vocabulary (`_tpb_per_ts[den]`).
  func ticksPerBeat(ofDenominator denominator: Int) throws(TokensError) -> Int {
    guard let found = ticksPerBeatOfDenominator.first(where: { $0.denominator == denominator }) else {
      throw TokensError(.decodingFails("no time signature denominator \(denominator) in the vocabulary"))
    }
    return found.ticksPerBeat
  }

  /// The ticks of a bar, a beat and a position in a decoded time signature (REMI's, CPWord's
  /// and Octuple's decoders).
  func decodingUnits(_ signature: ScoreTimeSignature) throws(TokensError) -> (
    bar: Int, beat: Int, position: Int
  ) {
    let beat = try ticksPerBeat(ofDenominator: signature.denominator)
    return (
      Self.ticksPerBar(signature, ticksPerQuarter: timeDivision), beat, beat / config.maxPositionsPerBeat
    )
  }

  /// A `TimeSig_n/d` value.
  static func timeSignature(_ value: Substring) throws(TokensError) -> (numerator: Int, denominator: Int) {
    let parts = value.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let numerator = DecodedToken.pythonInt(parts[0]),
      let denominator = DecodedToken.pythonInt(parts[1])
    else { throw TokensError(.decodingFails("the time signature \(value)")) }
    return (numerator, denominator)
  }

  /// A `KeySig_k:t` value.
  static func keySignature(_ value: Substring) throws(TokensError) -> (key: Int, tonality: Int) {
    let parts = value.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let key = DecodedToken.pythonInt(parts[0]),
      let tonality = DecodedToken.pythonInt(parts[1])
    else { throw TokensError(.decodingFails("the key signature \(value)")) }
    return (key, tonality)
  }

  /// A `ControlChange_n-v` value.
  static func control(_ value: Substring) throws(TokensError) -> ScoreControl {
    let parts = value.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let number = DecodedToken.pythonInt(parts[0]),
      let level = DecodedToken.pythonInt(parts[1]),
      (0...127).contains(number), (0...127).contains(level)
    else { throw TokensError(.decodingFails("the control change \(value)")) }
    return ScoreControl(time: 0, number: UInt8(number), value: UInt8(level))
  }

  /// A `Tempo_x` value as a tempo change.
  static func tempo(_ value: Substring, at time: Int) throws(TokensError) -> ScoreTempo {
    guard let qpm = Double(String(value.trimmingPythonWhitespace)), qpm > 0 else {
      throw TokensError(.decodingFails("the tempo \(value)"))
    }
    return ScoreTempo(time: Int32(clamping: time), mspq: mspq(qpm: qpm))
  }

  /// A note as symusic stores it; MidiTok's quirks can give a velocity no MIDI file holds.
  static func note(time: Int, duration: Int, pitch: Int, velocity: Int) throws(TokensError) -> ScoreNote {
    guard (0...127).contains(velocity), (0...127).contains(pitch) else {
      throw TokensError(
        .decodingFails("a note of pitch \(pitch) and velocity \(velocity), which no MIDI file holds"))
    }
    return ScoreNote(
      time: Int32(clamping: time), duration: Int32(clamping: duration), pitch: UInt8(pitch),
      velocity: UInt8(velocity))
  }

  /// MidiTok's tracks of a decoded song: one per program in order of appearance (one
  /// stream), or the sequence's track.
  struct DecodedTracks {
    var order: [Int] = []
    var tracks: [Int: ScoreTrack] = [:]

    /// `check_inst`: the track of a program, made with its General MIDI name.
    mutating func with(_ program: Int, _ body: (inout ScoreTrack) -> Void) {
      if tracks[program] == nil {
        order.append(program)
        tracks[program] = ScoreTrack(
          program: program == -1 ? 0 : program, isDrum: program == -1, name: GeneralMIDI.trackName(program))
      }
      body(&tracks[program]!)
    }

    var all: [ScoreTrack] { order.map { tracks[$0]! } }
  }

  /// The program and drum flag of a sequence's track (not one stream): the first Program
  /// token's, or piano.
  func sequenceProgram(_ tokens: [DecodedToken]) -> (program: Int, isDrum: Bool) {
    guard config.usePrograms else { return (0, false) }
    for token in tokens where token.type.hasPrefix("Program") {
      guard let program = token.integer else { return (0, false) }
      return program == -1 ? (0, true) : (program, false)
    }
    return (0, false)
  }

  /// `is_track_empty` of the decoders: no notes, controls or pitch bends.
  static func isDecodedEmpty(_ track: ScoreTrack) -> Bool {
    track.notes.isEmpty && track.controls.isEmpty && track.pitchBends.isEmpty
  }
}
