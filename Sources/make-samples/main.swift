// Writes the small MIDI files in Samples/ that the project makes itself.
// Usage: make-samples OUTPUT_FOLDER   (`make samples` runs it on Samples/)
import Foundation
import SMF

let ticksPerQuarter = 480

/// Where an event goes among the events of its tick, in docs/DESIGN.md's order: meta, then SysEx
/// and channel messages other than notes, then note-offs, then note-ons.
func rank(_ event: MIDIEvent) -> Int {
  switch event {
  case .meta: 0
  case .sysEx: 1
  case .channel(let message): message.isNoteEnd ? 2 : message.isNoteStart ? 3 : 1
  }
}

/// Builds one track from (tick, event) pairs, sorted stably by tick and docs/DESIGN.md's order
/// within a tick, so that `.mid → JSON → .mid` gives the file back event for event.
func track(_ name: String, _ events: [(Int, MIDIEvent)]) -> Track {
  let named = [(0, MIDIEvent.meta(.text(.trackName, name)))] + events
  let sorted = named.enumerated().sorted {
    ($0.element.0, rank($0.element.1), $0.offset) < ($1.element.0, rank($1.element.1), $1.offset)
  }
  return Track(events: sorted.map { TrackEvent(tick: $0.element.0, $0.element.1) })
}

/// A note as a note-on and a note-off (velocity 64 on release).
func note(_ key: UInt8, at tick: Int, length: Int, velocity: UInt8 = 96, channel: UInt8 = 0)
  -> [(Int, MIDIEvent)]
{
  [
    (tick, .channel(.noteOn(channel: channel, key: key, velocity: velocity))),
    (tick + length, .channel(.noteOff(channel: channel, key: key, velocity: 64))),
  ]
}

let q = ticksPerQuarter
let e = q / 2
let s = q / 4

/// C major arpeggio in 4/4 at 120 BPM, format 0, with a G major key signature at the end.
func cMajorArpeggio() -> MIDIFile {
  var events: [(Int, MIDIEvent)] = [
    (0, .meta(.timeSignature(numerator: 4, denominator: 4))),
    (0, .meta(.tempo(microsecondsPerQuarter: 500_000))),
    (0, .meta(.keySignature(sharps: 0, isMinor: false))),
    (0, .channel(.programChange(channel: 0, program: 0))),
  ]
  let pattern: [UInt8] = [60, 64, 67, 72, 76, 72, 67, 64]
  for bar in 0..<4 {
    for (i, key) in pattern.enumerated() {
      events += note(key + (bar == 2 ? 5 : bar == 3 ? 7 : 0), at: bar * 4 * q + i * e, length: e)
    }
  }
  events += note(60, at: 16 * q, length: 4 * q, velocity: 80)
  events += note(64, at: 16 * q, length: 4 * q, velocity: 80)
  events += note(67, at: 16 * q, length: 4 * q, velocity: 80)
  return MIDIFile(
    format: .singleTrack, division: .ticksPerQuarter(q), tracks: [track("C major arpeggio", events)])
}

/// Two bars of 6/8 (a jig), then a change to 3/4 — in the middle of the third 6/8 bar.
func sixEightToThreeFour() -> MIDIFile {
  var events: [(Int, MIDIEvent)] = [
    (0, .meta(.timeSignature(numerator: 6, denominator: 8, clocksPerClick: 36))),
    (0, .meta(.tempo(microsecondsPerQuarter: 400_000))),
    (0, .meta(.keySignature(sharps: 2, isMinor: false))),
    (0, .channel(.programChange(channel: 0, program: 73))),
  ]
  let jig: [UInt8] = [62, 66, 69, 74, 69, 66, 64, 67, 71, 74, 71, 67]
  for (i, key) in jig.enumerated() { events += note(key, at: i * e, length: e - 20) }
  // Half a bar of 6/8 (three eighths), then 3/4 starts a new bar there.
  for (i, key) in [66, 64, 62].enumerated() { events += note(UInt8(key), at: 12 * e + i * e, length: e) }
  let change = 15 * e
  events.append((change, .meta(.timeSignature(numerator: 3, denominator: 4))))
  let waltz: [UInt8] = [62, 66, 69, 61, 64, 69, 62, 66, 74]
  for (i, key) in waltz.enumerated() { events += note(key, at: change + i * q, length: q) }
  return MIDIFile(division: .ticksPerQuarter(q), tracks: [track("Jig to waltz", events)])
}

/// Format 1: a conductor track with a tempo change, a melody and a bass.
func twoTracksTempoChange() -> MIDIFile {
  let conductor = track(
    "Conductor",
    [
      (0, .meta(.timeSignature(numerator: 4, denominator: 4))),
      (0, .meta(.tempo(microsecondsPerQuarter: 500_000))),
      (8 * q, .meta(.tempo(microsecondsPerQuarter: 750_000))),
      (8 * q, .meta(.text(.marker, "Slower"))),
    ])
  var melody: [(Int, MIDIEvent)] = [(0, .channel(.programChange(channel: 0, program: 40)))]
  let tune: [UInt8] = [76, 74, 72, 74, 76, 76, 76, 74, 74, 74, 76, 79, 79, 76, 74, 72]
  for (i, key) in tune.enumerated() { melody += note(key, at: i * q, length: q - 30, channel: 0) }
  var bass: [(Int, MIDIEvent)] = [(0, .channel(.programChange(channel: 1, program: 32)))]
  for (i, key) in [48, 43, 45, 41].enumerated() {
    bass += note(UInt8(key), at: i * 4 * q, length: 4 * q, velocity: 80, channel: 1)
  }
  bass.append((12 * q, .channel(.controlChange(channel: 1, controller: 7, value: 90))))
  bass.append((14 * q, .channel(.pitchBend(channel: 1, value: 8192 + 1024))))
  bass.append((15 * q, .channel(.pitchBend(channel: 1, value: 8192))))
  return MIDIFile(
    division: .ticksPerQuarter(q),
    tracks: [conductor, track("Melody", melody), track("Bass", bass)])
}

/// Two bars of a rock beat on channel 10 (MIDI channel 9): kick, snare, closed hi-hat.
func drumPattern() -> MIDIFile {
  var events: [(Int, MIDIEvent)] = [
    (0, .meta(.timeSignature(numerator: 4, denominator: 4))),
    (0, .meta(.tempo(microsecondsPerQuarter: 461_538))),
  ]
  for bar in 0..<2 {
    let start = bar * 4 * q
    for step in 0..<8 {
      events += note(42, at: start + step * e, length: s, velocity: step % 2 == 0 ? 90 : 60, channel: 9)
    }
    for beat in [0, 2] { events += note(36, at: start + beat * q, length: s, velocity: 110, channel: 9) }
    events += note(36, at: start + 2 * q + e, length: s, velocity: 90, channel: 9)
    for beat in [1, 3] { events += note(38, at: start + beat * q, length: s, velocity: 105, channel: 9) }
  }
  return MIDIFile(division: .ticksPerQuarter(q), tracks: [track("Drums", events)])
}

/// SysEx: a GM System On message, a message split into F0 and F7 packets, and a few notes.
func withSysEx() -> MIDIFile {
  var events: [(Int, MIDIEvent)] = [
    (0, .sysEx(SysExEvent(.start, data: [0x7E, 0x7F, 0x09, 0x01, 0xF7]))),
    // A Roland GS reverb message sent in two packets.
    (10, .sysEx(SysExEvent(.start, data: [0x41, 0x10, 0x42, 0x12]))),
    (20, .sysEx(SysExEvent(.continuation, data: [0x40, 0x01, 0x30, 0x04, 0x0B, 0xF7]))),
    (30, .channel(.controlChange(channel: 0, controller: 91, value: 70))),
    (30, .meta(MetaEvent(type: 0x7F, data: [0x00, 0x00, 0x41, 0x01]))),
  ]
  for (i, key) in [60, 62, 64, 65, 67].enumerated() { events += note(UInt8(key), at: q + i * q, length: q) }
  return MIDIFile(division: .ticksPerQuarter(q), tracks: [track("SysEx", events)])
}

/// A melody played loosely: starts and ends off the 1/16 grid, some notes outside C major.
func looseMelody() -> MIDIFile {
  var events: [(Int, MIDIEvent)] = [
    (0, .meta(.timeSignature(numerator: 4, denominator: 4))),
    (0, .meta(.tempo(microsecondsPerQuarter: 545_454))),
    (0, .meta(.keySignature(sharps: 0, isMinor: false))),
  ]
  // (sixteenth step, length in sixteenths, key, timing error in ticks)
  let played: [(Int, Int, UInt8, Int)] = [
    (0, 2, 60, 7), (2, 2, 62, -11), (4, 2, 63, 18), (6, 2, 65, -4), (8, 4, 67, 23),
    (12, 2, 68, -19), (14, 2, 70, 9), (16, 4, 72, -25), (20, 2, 71, 14), (22, 2, 69, -8),
    (24, 2, 66, 21), (26, 2, 64, -16), (28, 4, 61, 5), (32, 8, 60, 12),
  ]
  for (step, length, key, error) in played {
    let start = max(0, step * s + error)
    events += note(key, at: start, length: length * s - 25 + error / 2, velocity: UInt8(70 + step % 5 * 9))
  }
  return MIDIFile(division: .ticksPerQuarter(q), tracks: [track("Loose melody", events)])
}

let folder = CommandLine.arguments.dropFirst().first ?? "Samples"
let samples: [(String, MIDIFile)] = [
  ("c-major-arpeggio.mid", cMajorArpeggio()),
  ("jig-to-waltz-6-8-3-4.mid", sixEightToThreeFour()),
  ("two-tracks-tempo-change.mid", twoTracksTempoChange()),
  ("drum-pattern.mid", drumPattern()),
  ("sysex.mid", withSysEx()),
  ("loose-melody.mid", looseMelody()),
]
for (name, file) in samples {
  let path = folder + "/" + name
  guard FileManager.default.createFile(atPath: path, contents: Data(file.serialized())) else {
    fatalError("cannot write \(path)")
  }
  print("wrote \(path)")
}
