/// A MIDI file as symusic 0.6 reads it (`symusic.Score(path)`): what MidiTok 3.1 tokenizes.
///
/// Times are ticks of ``ticksPerQuarter``. The tracks are symusic's (one per track chunk,
/// channel and program, see ``Score/init(midiBytes:)``); the global lists are sorted by time
/// as symusic sorts them.
public struct Score: Hashable, Sendable {
  /// Ticks per quarter note.
  public var ticksPerQuarter: Int
  /// The tracks, in symusic's order.
  public var tracks: [ScoreTrack]
  /// Time signatures, sorted by time.
  public var timeSignatures: [ScoreTimeSignature]
  /// Tempo changes, sorted by time.
  public var tempos: [ScoreTempo]
  /// Key signatures, sorted by time.
  public var keySignatures: [ScoreKeySignature]
  /// The times of the markers, sorted (their texts play no part in tokens).
  public var markerTimes: [Int32]

  /// Creates a score.
  public init(
    ticksPerQuarter: Int, tracks: [ScoreTrack] = [], timeSignatures: [ScoreTimeSignature] = [],
    tempos: [ScoreTempo] = [], keySignatures: [ScoreKeySignature] = [], markerTimes: [Int32] = []
  ) {
    self.ticksPerQuarter = ticksPerQuarter
    self.tracks = tracks
    self.timeSignatures = timeSignatures
    self.tempos = tempos
    self.keySignatures = keySignatures
    self.markerTimes = markerTimes
  }

  /// symusic's `Score.end()`: the latest note or pedal end, or time of any other event (an
  /// empty track counts as 0), 0 for a score with nothing at all.
  public var end: Int {
    if tracks.isEmpty && timeSignatures.isEmpty && tempos.isEmpty && keySignatures.isEmpty
      && markerTimes.isEmpty
    {
      return 0
    }
    var end = Int.min
    for track in tracks { end = max(end, track.end) }
    for time in timeSignatures.lazy.map(\.time) { end = max(end, Int(time)) }
    for time in tempos.lazy.map(\.time) { end = max(end, Int(time)) }
    for time in keySignatures.lazy.map(\.time) { end = max(end, Int(time)) }
    for time in markerTimes { end = max(end, Int(time)) }
    return end
  }
}

/// One track as symusic holds it: a program, a drum flag and its events.
public struct ScoreTrack: Hashable, Sendable {
  /// The MIDI program, 0–127.
  public var program: Int
  /// Whether the track is a drum track (channel 10).
  public var isDrum: Bool
  /// The notes, in symusic's order (note-on order when read).
  public var notes: [ScoreNote]
  /// Control changes.
  public var controls: [ScoreControl]
  /// Pitch bends.
  public var pitchBends: [ScorePitchBend]
  /// Sustain pedals (CC64 on to off).
  public var pedals: [ScorePedal]
  /// The times of the lyrics (their texts play no part in tokens).
  public var lyricTimes: [Int32]
  /// The name a decoded track gets (MidiTok's: the General MIDI instrument, or `Drums`);
  /// empty for a track read from a file (names play no part in tokens).
  public var name: String

  /// Creates a track.
  public init(
    program: Int, isDrum: Bool, notes: [ScoreNote] = [], controls: [ScoreControl] = [],
    pitchBends: [ScorePitchBend] = [], pedals: [ScorePedal] = [], lyricTimes: [Int32] = [], name: String = ""
  ) {
    self.name = name
    self.program = program
    self.isDrum = isDrum
    self.notes = notes
    self.controls = controls
    self.pitchBends = pitchBends
    self.pedals = pedals
    self.lyricTimes = lyricTimes
  }

  /// MidiTok's program of the track: −1 for drums.
  public var tokenProgram: Int { isDrum ? -1 : program }

  /// symusic's `Track.empty()`: no notes, controls, pitch bends, pedals or lyrics.
  public var isEmpty: Bool {
    notes.isEmpty && controls.isEmpty && pitchBends.isEmpty && pedals.isEmpty && lyricTimes.isEmpty
  }

  /// symusic's `Track.end()`: the latest note or pedal end, or control, bend or lyric time.
  public var end: Int {
    var end = Int.min
    for note in notes { end = max(end, Int(note.time) + Int(note.duration)) }
    for control in controls { end = max(end, Int(control.time)) }
    for bend in pitchBends { end = max(end, Int(bend.time)) }
    for pedal in pedals { end = max(end, Int(pedal.time) + Int(pedal.duration)) }
    for time in lyricTimes { end = max(end, Int(time)) }
    return isEmpty ? 0 : end
  }
}

/// A note: 12 bytes.
public struct ScoreNote: Hashable, Sendable {
  /// The onset tick.
  public var time: Int32
  /// The length in ticks.
  public var duration: Int32
  /// The MIDI key.
  public var pitch: UInt8
  /// The note-on velocity.
  public var velocity: UInt8

  /// Creates a note.
  public init(time: Int32, duration: Int32, pitch: UInt8, velocity: UInt8) {
    self.time = time
    self.duration = duration
    self.pitch = pitch
    self.velocity = velocity
  }

  /// The tick where the note ends.
  public var end: Int32 { time &+ duration }
}

/// A control change.
public struct ScoreControl: Hashable, Sendable {
  /// The tick.
  public var time: Int32
  /// The controller number.
  public var number: UInt8
  /// The value.
  public var value: UInt8
}

/// A pitch bend, −8192…8191.
public struct ScorePitchBend: Hashable, Sendable {
  /// The tick.
  public var time: Int32
  /// The bend.
  public var value: Int32
}

/// A sustain pedal held from a tick for a number of ticks.
public struct ScorePedal: Hashable, Sendable {
  /// The tick where it is pressed.
  public var time: Int32
  /// How long it is held.
  public var duration: Int32

  /// The tick where it is released.
  public var end: Int32 { time &+ duration }
}

/// A time signature.
public struct ScoreTimeSignature: Hashable, Sendable {
  /// The tick.
  public var time: Int32
  /// Beats per bar.
  public var numerator: Int
  /// The beat's note value (4: a quarter).
  public var denominator: Int
}

/// A tempo change, in microseconds per quarter note.
public struct ScoreTempo: Hashable, Sendable {
  /// The tick.
  public var time: Int32
  /// Microseconds per quarter note.
  public var mspq: Int32

  /// Quarter notes per minute, as symusic computes them (`60000000 / mspq`).
  public var qpm: Double { 60_000_000 / Double(mspq) }
}

/// A key signature: sharps (positive) or flats (negative), and 0 for major or 1 for minor.
public struct ScoreKeySignature: Hashable, Sendable {
  /// The tick.
  public var time: Int32
  /// Sharps (1…7) or flats (−1…−7).
  public var key: Int
  /// 0 major, 1 minor.
  public var tonality: Int
}

extension Score {
  /// The programs and drum flags of the tracks (`get_score_programs`).
  public var programs: [(program: Int, isDrum: Bool)] { tracks.map { ($0.program, $0.isDrum) } }
}
