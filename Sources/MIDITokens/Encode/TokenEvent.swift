/// One of MidiTok's `Event`s while a song is tokenized: its type (with what MidiTok tells
/// apart in `desc`), its value, its tick, its program and, for a note's first token, the
/// tick where the note ends.
struct TokenEvent: Sendable {
  /// The token type, and the role MidiTok's `desc` gives some of them.
  enum Kind: UInt8, Sendable {
    case timeSignature, tempo, keySignature
    case pedal, pedalOff, pedalDuration
    case programForNote, programForNoteOff, programForPitchBend, programForControlChange, programForChord
    case programChange
    case pitchBend, controlChange, chord
    case pitch, pitchDrum, noteOn, drumOn, pitchIntervalTime, pitchIntervalChord
    case velocity, duration, noteOff, drumOff
    case bar, barEnd, position, rest, timeShift, structuredTimeShift

    /// The token type's name (`Pitch`).
    var typeName: String {
      switch self {
      case .timeSignature: return "TimeSig"
      case .tempo: return "Tempo"
      case .keySignature: return "KeySig"
      case .pedal: return "Pedal"
      case .pedalOff: return "PedalOff"
      case .pedalDuration, .duration: return "Duration"
      case .programForNote, .programForNoteOff, .programForPitchBend, .programForControlChange,
        .programForChord,
        .programChange:
        return "Program"
      case .pitchBend: return "PitchBend"
      case .controlChange: return "ControlChange"
      case .chord: return "Chord"
      case .pitch: return "Pitch"
      case .pitchDrum: return "PitchDrum"
      case .noteOn: return "NoteOn"
      case .drumOn: return "DrumOn"
      case .pitchIntervalTime: return "PitchIntervalTime"
      case .pitchIntervalChord: return "PitchIntervalChord"
      case .velocity: return "Velocity"
      case .noteOff: return "NoteOff"
      case .drumOff: return "DrumOff"
      case .bar, .barEnd: return "Bar"
      case .position: return "Position"
      case .rest: return "Rest"
      case .timeShift, .structuredTimeShift: return "TimeShift"
      }
    }

    /// Whether the token is a Program token.
    var isProgram: Bool {
      switch self {
      case .programForNote, .programForNoteOff, .programForPitchBend, .programForControlChange,
        .programForChord,
        .programChange:
        return true
      default: return false
      }
    }
  }

  /// The tick.
  var time: Int32
  /// The type.
  var kind: Kind
  /// The value, by type: a pitch, a velocity, a program, a pitch bend, an interval, a
  /// position, a bar index; `number << 8 | value` for a control change; `numerator << 16 |
  /// denominator` for a time signature; microseconds per quarter for a tempo; `(key + 8) << 8
  /// | tonality` for a key signature; the index of a chord token; ticks for a duration; the
  /// index of a value in `durations` or `rests` for a time shift or rest; ticks (−1 for
  /// `0.0.1`) for a Structured time shift. For a Duration or a Structured time shift,
  /// ``noteEnd`` holds the section's ticks per beat.
  var value: Int32
  /// The program of the track (−1: drums), 0 for global events.
  var program: Int16
  /// The tick a note ends at, for the note's first token (MidiTok's `desc`).
  var noteEnd: Int32 = 0
}
