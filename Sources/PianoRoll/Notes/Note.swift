/// A note of a piano roll: a pitch sounding from a tick for a number of ticks.
///
/// Ticks are the truth; the note's position, length in bars and beats, and time in seconds
/// come from a ``Timeline`` (``position(in:)``, ``seconds(in:)``).
public struct Note: Hashable, Sendable {
  // 24 bytes (`MemoryLayout<Note>.stride`): a song of a million notes takes 24 MB. The public
  // properties below keep their types; the storage is narrower.
  @usableFromInline var storedTick: Int64
  @usableFromInline var storedDuration: Int64
  /// The track index in the low 30 bits, the ``NoteEnd`` in the top 2.
  @usableFromInline var trackAndEnd: UInt32
  /// The MIDI key, 0–127 (60 is middle C, `C4`); a value past 127 is written as 127
  /// (``writable``).
  public var pitch: UInt8
  /// The note-on velocity, 1–127; 0 is written as 1 and a value past 127 as 127 (``writable``).
  public var velocity: UInt8
  /// The note-off (release) velocity, 0–127; 0 when the note ended otherwise.
  public var offVelocity: UInt8
  /// The channel, 0–15; a value past 15 is written as 15 (``writable``).
  public var channel: UInt8

  /// The largest track index a note can hold (2^30 - 1; a file with more track chunks has
  /// more than 8 GB).
  public static let maximumTrack = (1 << 30) - 1

  /// The 0-based index of the track holding the note (kept in step by ``Song``), 0 to
  /// ``maximumTrack``.
  public var track: Int {
    @inlinable get { Int(trackAndEnd & 0x3FFF_FFFF) }
    set {
      precondition(newValue >= 0 && newValue <= Note.maximumTrack, "track index out of range")
      trackAndEnd = trackAndEnd & 0xC000_0000 | UInt32(newValue)
    }
  }
  /// The tick where the note starts.
  public var tick: Int {
    @inlinable get { Int(storedTick) }
    @inlinable set { storedTick = Int64(newValue) }
  }
  /// How many ticks the note lasts, 0 or more.
  public var durationTicks: Int {
    @inlinable get { Int(storedDuration) }
    @inlinable set { storedDuration = Int64(newValue) }
  }
  /// How the note ended in its file.
  public var end: NoteEnd {
    get { NoteEnd(rawValue: UInt8(trackAndEnd >> 30)) ?? .noteOff }
    set { trackAndEnd = trackAndEnd & 0x3FFF_FFFF | UInt32(newValue.rawValue) << 30 }
  }

  /// Creates a note.
  public init(
    pitch: UInt8, velocity: UInt8 = 100, offVelocity: UInt8 = 0, channel: UInt8 = 0, track: Int = 0,
    tick: Int, durationTicks: Int, end: NoteEnd = .noteOff
  ) {
    precondition(track >= 0 && track <= Note.maximumTrack, "track index out of range")
    self.storedTick = Int64(tick)
    self.storedDuration = Int64(durationTicks)
    self.trackAndEnd = UInt32(track) | UInt32(end.rawValue) << 30
    self.pitch = pitch
    self.velocity = velocity
    self.offVelocity = offVelocity
    self.channel = channel
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
