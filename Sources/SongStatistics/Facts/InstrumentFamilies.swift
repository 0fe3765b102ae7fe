import PianoRoll
import SMF

/// The notes of a song per General MIDI instrument family (the 16 groups of 8 programs: Piano,
/// Chromatic Percussion, …, Sound Effects) and on the drum channel (channel 10), each note under
/// the program in force on its channel at its onset (program changes of every track, in tick
/// order, the last at or before the onset; 0 before any).
public struct InstrumentFamilies: Sendable, Equatable {
  /// The General MIDI families, in program order (programs 8·i … 8·i + 7).
  public static let names = [
    "Piano", "Chromatic Percussion", "Organ", "Guitar", "Bass", "Strings", "Ensemble", "Brass", "Reed",
    "Pipe",
    "Synth Lead", "Synth Pad", "Synth Effects", "Ethnic", "Percussive", "Sound Effects",
  ]
  /// The name under which drum-channel notes are counted.
  public static let drums = "Drums"

  /// Notes per family, in the order of ``names``.
  public var notesPerFamily: [Int]
  /// Notes on channel 10.
  public var drumNotes: Int

  /// The families of a song's notes.
  public init(_ song: Song) {
    // Every program change, per channel, in tick order (tracks in order at one tick).
    var collector = ProgramChanges(capacity: 0)
    for track in song.tracks { track.events.send(to: &collector) }
    var changes = collector.changes
    for channel in 0..<16 { changes[channel].sort { $0.tick < $1.tick } }
    notesPerFamily = [Int](repeating: 0, count: 16)
    drumNotes = 0
    for track in song.tracks {
      for note in track.notes {
        let channel = Int(note.channel)
        if channel == 9 {
          drumNotes += 1
          continue
        }
        let list = changes[channel]
        // The last change at or before the onset.
        var low = 0
        var high = list.count
        while low < high {
          let middle = (low + high) / 2
          if list[middle].tick <= note.tick { low = middle + 1 } else { high = middle }
        }
        let program = low == 0 ? 0 : Int(list[low - 1].program)
        notesPerFamily[program / 8] += 1
      }
    }
  }

  /// The families with notes, in order, then the drums when there are drum notes.
  public var counted: [(name: String, notes: Int)] {
    var result = zip(Self.names, notesPerFamily).filter { $0.1 > 0 }.map { (name: $0.0, notes: $0.1) }
    if drumNotes > 0 { result.append((Self.drums, drumNotes)) }
    return result
  }
}

/// The program changes of tracks, per channel, as the stored events are handed over (no event
/// value made).
private struct ProgramChanges: TrackEventSink {
  var changes = [[(tick: Int, program: UInt8)]](repeating: [], count: 16)
  var lastTick = 0

  init(capacity: Int) {}

  mutating func appendChannel(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    if status & 0xF0 == 0xC0 { changes[Int(status & 0x0F)].append((tick, data1)) }
  }

  mutating func appendData(tick: Int, status: UInt8, type: UInt8, _ data: ArraySlice<UInt8>) {}
}
