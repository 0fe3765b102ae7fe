import PianoRoll
import SMF
import TestSupport

/// A note as the generator wrote it: the truth the edit tests compare against.
struct WrittenNote: Hashable, Comparable, CustomStringConvertible {
  var track: Int
  var channel: UInt8
  var pitch: UInt8
  var velocity: UInt8
  var tick: Int
  var end: Int

  static func < (a: WrittenNote, b: WrittenNote) -> Bool {
    (a.track, a.tick, a.channel, a.pitch, a.end, a.velocity) < (
      b.track, b.tick, b.channel, b.pitch, b.end, b.velocity
    )
  }

  var description: String { "t\(track) ch\(channel) \(pitch)@\(tick)..<\(end) v\(velocity)" }

  /// The notes of a song, in the same form.
  static func of(_ song: Song) -> [WrittenNote] {
    song.allNotes.map {
      WrittenNote(
        track: $0.track, channel: $0.channel, pitch: $0.pitch, velocity: $0.velocity, tick: $0.tick,
        end: $0.endTick)
    }.sorted()
  }
}

/// A random multi-track song written as a Standard MIDI File, with everything the generator
/// put in it: bar starts, meters, tempos, keys, programs, controllers, pitch bends and notes.
///
/// Track 0 is a conductor (meters at bar starts, tempos and keys anywhere, markers); tracks 1–3
/// play channels 0, 1 and 9 (drums), with program changes, volume, sustain pedal, pitch bend.
/// Notes of one pitch and channel never overlap, so pairing is unambiguous.
struct EditSong {
  /// Ticks per quarter note.
  var ticksPerQuarter: Int
  /// The tick where each bar starts (and one past the last bar: the song's end).
  var barStarts: [Int]
  /// Every non-note event per track, End of Track left out, in file order.
  var events: [[TrackEvent]]
  /// Every note.
  var notes: [WrittenNote]
  /// The file.
  var bytes: [UInt8]

  /// The channel each player track uses.
  static let channels: [UInt8] = [0, 1, 9]

  /// Generates a song from a seed.
  static func generate(seed: UInt64, ticksPerQuarter: Int = 480, bars: Int = 16, highNotes: Bool = false)
    -> EditSong
  {
    var random = SplitMix64(seed: seed)
    let meters = [(4, 4), (3, 4), (6, 8), (7, 8), (5, 4), (2, 2)]
    var conductor: [TrackEvent] = [TrackEvent(tick: 0, .meta(.text(.trackName, "Conductor")))]
    var barStarts = [0]
    var meter = meters[0]
    for bar in 0..<bars {
      if bar == 0 || random.chance(0.3) {
        meter = random.pick(meters)
        conductor.append(
          TrackEvent(tick: barStarts[bar], .meta(.timeSignature(numerator: meter.0, denominator: meter.1))))
      }
      barStarts.append(barStarts[bar] + meter.0 * ticksPerQuarter * 4 / meter.1)
    }
    let end = barStarts[bars]
    func randomTick() -> Int { random.int(in: 0...(end - 1)) }
    conductor.append(TrackEvent(tick: 0, .meta(.tempo(microsecondsPerQuarter: 500_000))))
    conductor.append(TrackEvent(tick: 0, .meta(.keySignature(sharps: 0, isMinor: false))))
    for _ in 0..<6 {
      conductor.append(
        TrackEvent(
          tick: randomTick(), .meta(.tempo(microsecondsPerQuarter: random.int(in: 300_000...900_000)))))
    }
    for _ in 0..<3 {
      conductor.append(
        TrackEvent(
          tick: randomTick(),
          .meta(.keySignature(sharps: random.int(in: -7...7), isMinor: random.chance(0.5)))))
    }
    conductor.append(TrackEvent(tick: randomTick(), .meta(.text(.marker, "Verse"))))
    var events = [conductor.sortedByTick()]
    var notes: [WrittenNote] = []
    for (player, channel) in channels.enumerated() {
      let track = player + 1
      var list: [TrackEvent] = [
        TrackEvent(tick: 0, .meta(.text(.trackName, "Player \(track)"))),
        TrackEvent(
          tick: 0, .channel(.programChange(channel: channel, program: UInt8(random.int(in: 0...20))))),
      ]
      for _ in 0..<4 {
        list.append(
          TrackEvent(
            tick: randomTick(),
            .channel(.programChange(channel: channel, program: UInt8(random.int(in: 0...127))))))
        list.append(
          TrackEvent(
            tick: randomTick(),
            .channel(.controlChange(channel: channel, controller: 7, value: UInt8(random.int(in: 0...127))))))
        list.append(
          TrackEvent(
            tick: randomTick(),
            .channel(.controlChange(channel: channel, controller: 64, value: random.chance(0.5) ? 127 : 0))))
        list.append(
          TrackEvent(
            tick: randomTick(), .channel(.pitchBend(channel: channel, value: random.int(in: 0...16383)))))
      }
      for _ in 0..<(bars * 6) {
        let pitch = UInt8(highNotes ? random.int(in: 100...127) : random.int(in: 24...100))
        let tick = randomTick()
        let length = random.int(in: 1...(ticksPerQuarter * 3))
        let noteEnd = min(end, tick + length)
        if notes.contains(where: {
          $0.track == track && $0.pitch == pitch && $0.tick < noteEnd && $0.end > tick
        }) {
          continue
        }
        notes.append(
          WrittenNote(
            track: track, channel: channel, pitch: pitch, velocity: UInt8(random.int(in: 1...127)),
            tick: tick,
            end: noteEnd))
      }
      events.append(list.sortedByTick())
    }
    notes.sort()
    var tracks: [Track] = []
    for (index, list) in events.enumerated() {
      var all = list
      for note in notes where note.track == index {
        all.append(
          TrackEvent(
            tick: note.tick,
            .channel(.noteOn(channel: note.channel, key: note.pitch, velocity: note.velocity))))
        all.append(TrackEvent(tick: note.end, .channel(.noteOff(channel: note.channel, key: note.pitch))))
      }
      // Note-offs before note-ons within a tick, so that a note ending where another of its
      // pitch starts pairs as written.
      let ranked = all.enumerated().sorted {
        ($0.element.tick, Self.rank($0.element.event), $0.offset) < (
          $1.element.tick, Self.rank($1.element.event), $1.offset
        )
      }.map(\.element)
      tracks.append(Track(events: ranked + [TrackEvent(tick: end, .meta(.endOfTrack))]))
    }
    let file = MIDIFile(format: .multipleTracks, division: .ticksPerQuarter(ticksPerQuarter), tracks: tracks)
    return EditSong(
      ticksPerQuarter: ticksPerQuarter, barStarts: barStarts, events: events, notes: notes,
      bytes: file.serialized())
  }

  /// 0 for note-offs, 1 for everything else: note-offs first within a tick.
  private static func rank(_ event: MIDIEvent) -> Int {
    if case .channel(let message) = event, message.kind == .noteOff { return 0 }
    return 1
  }

  /// The song read back from its bytes.
  func song() throws -> Song { try Song(bytes: bytes) }
}

extension [TrackEvent] {
  /// The events in tick order, keeping the order within a tick.
  func sortedByTick() -> [TrackEvent] {
    enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(\.element)
  }
}

/// Each event of a list as `tick: bytes`, sorted: a multiset to compare.
func eventMultiset(_ events: [TrackEvent]) -> [String] {
  events.map { "\($0.tick): " + $0.event.bytes.map { String($0, radix: 16) }.joined(separator: " ") }.sorted()
}
