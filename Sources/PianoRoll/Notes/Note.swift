/// A note of a piano roll: a pitch sounding from a tick for a number of ticks.
///
/// Ticks are the truth; the note's position, length in bars and beats, and time in seconds
/// come from a ``Timeline`` (``position(in:)``, ``seconds(in:)``).
public struct Note: Hashable, Sendable {
  /// The MIDI key, 0–127 (60 is middle C, `C4`).
  public var pitch: UInt8
  /// The note-on velocity, 1–127.
  public var velocity: UInt8
  /// The note-off (release) velocity, 0–127; 0 when the note ended otherwise.
  public var offVelocity: UInt8
  /// The channel, 0–15.
  public var channel: UInt8
  /// The 0-based index of the track holding the note (kept in step by ``Song``).
  public var track: Int
  /// The tick where the note starts.
  public var tick: Int
  /// How many ticks the note lasts, 0 or more.
  public var durationTicks: Int
  /// How the note ended in its file.
  public var end: NoteEnd

  /// Creates a note.
  public init(
    pitch: UInt8, velocity: UInt8 = 100, offVelocity: UInt8 = 0, channel: UInt8 = 0, track: Int = 0,
    tick: Int, durationTicks: Int, end: NoteEnd = .noteOff
  ) {
    self.pitch = pitch
    self.velocity = velocity
    self.offVelocity = offVelocity
    self.channel = channel
    self.track = track
    self.tick = tick
    self.durationTicks = durationTicks
    self.end = end
  }

  /// The tick where the note stops sounding: `tick + durationTicks`.
  public var endTick: Int { tick + durationTicks }

  /// The pitch's name with sharps and octave, `C4` for 60 (`C-1` for 0, `G9` for 127).
  public var name: String { Note.name(ofPitch: Int(pitch)) }

  /// The name of a MIDI pitch, e.g. `C4` for 60 and `F#3` for 54.
  public static func name(ofPitch pitch: Int) -> String {
    let (octave, pitchClass) = pitch.flooredDivision(by: 12)
    return pitchClassNames[pitchClass] + String(octave - 1)
  }

  /// The names of the twelve pitch classes, with sharps, from C.
  public static let pitchClassNames = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]

  /// Where the note starts in bars and beats.
  public func position(in timeline: Timeline) -> Position {
    timeline.timeSignatures.position(atTick: tick)
  }

  /// How long the note lasts in bars and beats (see ``TimeSignatureMap/duration(from:to:)``).
  public func duration(in timeline: Timeline) -> Position {
    timeline.timeSignatures.duration(ofTicks: durationTicks, from: tick)
  }

  /// When the note starts, in seconds.
  public func seconds(in timeline: Timeline) -> Double {
    timeline.tempos.seconds(atTick: tick)
  }

  /// How long the note lasts, in seconds.
  public func durationSeconds(in timeline: Timeline) -> Double {
    timeline.tempos.seconds(fromTick: tick, toTick: endTick)
  }
}
