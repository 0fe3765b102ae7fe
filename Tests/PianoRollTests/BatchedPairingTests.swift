import PianoRoll
import SMF
import TestSupport
import Testing

/// The reader hands channel messages to the pairing in batches (`RawChannelEvent`), cut at
/// every meta or SysEx event and every `RawChannelEvent.batchSize` messages, and `Song(file:)`
/// cuts them elsewhere: the notes, the events and the order within a tick must not depend on
/// where the cuts fall.
@Suite("Pairing in batches")
struct BatchedPairingTests {
  /// Pairing written plainly, one event at a time, with a dictionary of queues: the rules of
  /// docs/DESIGN.md, "Pairing", as an independent oracle.
  static func reference(_ events: [TrackEvent], track: Int) -> (notes: [Note], events: [TrackEvent]) {
    var notes: [Note] = []
    var others: [TrackEvent] = []
    var sounding: [Int: [Int]] = [:]
    var lastTick = 0
    for item in events {
      lastTick = max(lastTick, item.tick)
      guard case .channel(let message) = item.event, message.kind == .noteOn || message.kind == .noteOff
      else {
        others.append(item)
        continue
      }
      let key = Int(message.channel) << 7 | Int(message.data1)
      if message.kind == .noteOn && message.data2 > 0 {
        sounding[key, default: []].append(notes.count)
        notes.append(
          Note(
            pitch: message.data1, velocity: message.data2, channel: message.channel, track: track,
            tick: item.tick,
            durationTicks: 0, end: .endOfTrack))
      } else if let index = sounding[key]?.first {
        sounding[key]?.removeFirst()
        notes[index].durationTicks = item.tick - notes[index].tick
        notes[index].offVelocity = message.data2
        notes[index].end = message.kind == .noteOff ? .noteOff : .noteOnWithVelocityZero
      } else {
        others.append(item)
      }
    }
    for index in sounding.values.joined() { notes[index].durationTicks = lastTick - notes[index].tick }
    return (notes, others)
  }

  /// A track that makes the cuts matter: few keys on three channels (overlapping notes of one
  /// key), note-offs with no note sounding, note-ons of velocity 0, controllers, programs and
  /// pitch bends, meta and SysEx events between them, ticks of more than a batch of events,
  /// and each tick's events shuffled, so that many ticks keep an order of their own.
  static func crowdedTrack(seed: UInt64) -> [TrackEvent] {
    var random = SplitMix64(seed: seed)
    var events: [TrackEvent] = []
    var tick = 0
    for _ in 0..<random.int(in: 20...40) {
      tick += random.pick([0, 1, 120, 480])
      let count = random.chance(0.2) ? random.int(in: 257...700) : random.int(in: 1...40)
      var group: [MIDIEvent] = []
      for _ in 0..<count {
        let channel = UInt8(random.int(in: 0...2))
        let key = UInt8(random.int(in: 60...63))
        switch random.int(in: 0...99) {
        case 0..<40:
          group.append(
            .channel(.noteOn(channel: channel, key: key, velocity: UInt8(random.int(in: 1...127)))))
        case 40..<62:
          group.append(
            .channel(.noteOff(channel: channel, key: key, velocity: UInt8(random.int(in: 0...127)))))
        case 62..<75: group.append(.channel(.noteOn(channel: channel, key: key, velocity: 0)))
        case 75..<83:
          group.append(
            .channel(.controlChange(channel: channel, controller: 7, value: UInt8(random.int(in: 0...127)))))
        case 83..<87:
          group.append(.channel(.programChange(channel: channel, program: UInt8(random.int(in: 0...127)))))
        case 87..<91:
          group.append(.channel(.pitchBend(channel: channel, value: random.int(in: -8192...8191))))
        case 91..<96: group.append(.meta(.text(.text, "m\(random.int(in: 0...99))")))
        default: group.append(.sysEx(SysExEvent(.start, data: [0x7E, UInt8(random.int(in: 0...127)), 0xF7])))
        }
      }
      group.shuffle(using: &random)
      events += group.map { TrackEvent(tick: tick, $0) }
    }
    events.append(TrackEvent(tick: tick + random.pick([0, 240]), .meta(.endOfTrack)))
    return events
  }

  @Test(
    "crowded random tracks: the reader's batches and Song(file:)'s give the reference pairing and the file's bytes",
    arguments: 0..<24)
  func crowded(seed: UInt64) throws {
    let conductor: [TrackEvent] = [
      TrackEvent(tick: 0, .meta(.tempo(microsecondsPerQuarter: 400_000))),
      TrackEvent(tick: 0, .meta(.endOfTrack)),
    ]
    let tracks = [conductor, Self.crowdedTrack(seed: seed), Self.crowdedTrack(seed: seed &+ 1000)]
    let bytes = MIDIFile(tracks: tracks.map { Track(events: $0) }).serialized()
    let read = try MIDIFile.read(bytes)
    #expect(read.warnings.isEmpty)

    let streamed = try Song(bytes: bytes)
    #expect(streamed == Song(file: read.file))
    for (index, track) in read.file.tracks.enumerated() {
      let expected = Self.reference(Array(track.events), track: index)
      #expect(streamed.tracks[index].notes == expected.notes, "track \(index)")
      #expect(Array(streamed.tracks[index].events) == expected.events, "track \(index)")
    }
    #expect(streamed.tracks.contains { !$0.tickOrders.isEmpty }, "shuffled ticks keep an order of their own")
    #expect(streamed.serialized() == (try MIDIFile.rewrite(bytes)).bytes)
  }

  @Test(
    "every real file: Song(bytes:) equals Song(file:) and writes the bytes .mid → .mid writes",
    .tags(.corpus), .tiered)
  func realFiles() throws {
    try #require(!RealFiles.debianFiles.isEmpty, "no Debian MIDI files: run `make deps`")
    var checked = 0
    for path in TickOrderTests.paths {
      let bytes = try RealFiles.bytes(path)
      guard let result = try? MIDIFile.read(bytes), result.warnings.isEmpty else { continue }
      checked += 1
      let streamed = try Song(bytes: bytes)
      #expect(streamed == Song(file: result.file), "\(path)")
      #expect(streamed.serialized() == result.file.serialized(), "\(path)")
    }
    #expect(checked >= RealFiles.debianFiles.count / 2)
  }
}
