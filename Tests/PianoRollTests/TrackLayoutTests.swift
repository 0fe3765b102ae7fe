import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("Merging and splitting tracks")
struct TrackLayoutTests {
  /// Every event of a file but End of Track, as `tick: bytes`, sorted.
  private static func events(_ file: MIDIFile) -> [String] {
    eventMultiset(file.tracks.flatMap { $0.events.filter { !$0.event.isEndOfTrack } })
  }

  @Test("merge: format 0, one track, the same events at the same ticks", arguments: [1, 2, 3])
  func merge(seed: UInt64) throws {
    let generated = EditSong.generate(seed: seed)
    let original = try MIDIFile(bytes: generated.bytes)
    var song = try generated.song()
    let report = try song.regroupTracks(with: .merge)
    #expect(report.tracksBefore == 4 && report.tracksAfter == 1)
    let merged = try MIDIFile(bytes: song.serialized())
    #expect(merged.format == .singleTrack)
    #expect(merged.tracks.count == 1)
    #expect(Self.events(merged) == Self.events(original))
    #expect(merged.tracks[0].events.filter(\.event.isEndOfTrack).map(\.tick) == [generated.barStarts.last])
    // The notes are the same, all in track 0.
    let notes = generated.notes.map { note in
      var moved = note
      moved.track = 0
      return moved
    }.sorted()
    #expect(WrittenNote.of(try Song(bytes: song.serialized())) == notes)
  }

  @Test(
    "split by channel: a conductor track, then one track per channel, the same events regrouped",
    arguments: [1, 2])
  func splitByChannel(seed: UInt64) throws {
    // Merged first, so that the split has something to do.
    let generated = EditSong.generate(seed: seed)
    let original = try MIDIFile(bytes: generated.bytes)
    var song = try generated.song()
    try song.regroupTracks(with: .merge)
    try song.regroupTracks(with: .split(by: .channel))
    let split = try MIDIFile(bytes: song.serialized())
    #expect(split.format == .multipleTracks)
    #expect(split.tracks.count == 1 + EditSong.channels.count)
    #expect(Self.events(split) == Self.events(original))
    // The conductor holds every meta event; each other track one channel, in channel order.
    #expect(split.tracks[0].events.allSatisfy { $0.event.channelMessage == nil })
    for (index, channel) in EditSong.channels.enumerated() {
      let track = split.tracks[index + 1]
      #expect(
        track.events.allSatisfy { $0.event.metaEvent != nil || $0.event.channelMessage?.channel == channel })
      let expectedNotes = generated.notes.filter { $0.channel == channel }.count
      #expect(song.tracks[index + 1].notes.count == expectedNotes)
    }
  }

  @Test("split by program: each note in the track of the program in force on its channel; drums apart")
  func splitByProgram() throws {
    let generated = EditSong.generate(seed: 5)
    var song = try generated.song()
    try song.regroupTracks(with: .split(by: .program))
    // The program in force for each note, worked out from the generator's events.
    func program(channel: UInt8, tick: Int) -> Int {
      var program = 0
      var lastTick = -1
      for item in generated.events.joined() {
        if case .channel(let message) = item.event, message.kind == .programChange,
          message.channel == channel,
          item.tick <= tick, item.tick >= lastTick
        {
          program = Int(message.data1)
          lastTick = item.tick
        }
      }
      return program
    }
    var groups: [String: [WrittenNote]] = [:]
    for note in generated.notes {
      let key = note.channel == 9 ? "drums" : "program \(program(channel: note.channel, tick: note.tick))"
      groups[key, default: []].append(note)
    }
    // Each track after the conductor holds exactly one group's notes.
    let noteTracks = song.tracks.dropFirst().map { track in
      track.notes.map {
        WrittenNote(
          track: 0, channel: $0.channel, pitch: $0.pitch, velocity: $0.velocity, tick: $0.tick,
          end: $0.endTick)
      }.sorted()
    }.filter { !$0.isEmpty }
    let expected = groups.values.map { notes in
      notes.map {
        WrittenNote(
          track: 0, channel: $0.channel, pitch: $0.pitch, velocity: $0.velocity, tick: $0.tick, end: $0.end)
      }.sorted()
    }
    #expect(Set(noteTracks) == Set(expected))
    #expect(noteTracks.count == expected.count)
    #expect(song.tracks.last?.notes.allSatisfy { $0.channel == 9 } == true, "drums come last")
    let original = try MIDIFile(bytes: generated.bytes)
    #expect(Self.events(try MIDIFile(bytes: song.serialized())) == Self.events(original))
  }

  @Test("format 2 songs are refused")
  func independentTracks() {
    var song = Song(format: .independentTracks, tracks: [SongTrack(), SongTrack()])
    #expect(throws: EditError.independentTracks) { try song.regroupTracks(with: .merge) }
    #expect(throws: EditError.independentTracks) { try song.regroupTracks(with: .split(by: .channel)) }
  }
}
