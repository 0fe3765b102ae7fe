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
    // The same events, names apart: each player's name went with its notes.
    let original = try MIDIFile(bytes: generated.bytes)
    let split = try MIDIFile(bytes: song.serialized())
    let isName = { (item: TrackEvent) in item.event.metaEvent?.kind == .trackName }
    #expect(
      eventMultiset(split.tracks.flatMap { $0.events.filter { !$0.event.isEndOfTrack && !isName($0) } })
        == eventMultiset(
          original.tracks.flatMap { $0.events.filter { !$0.event.isEndOfTrack && !isName($0) } }))
    #expect(split.tracks[0].events.filter(isName).compactMap(\.event.metaEvent?.text) == ["Conductor"])
    for track in split.tracks.dropFirst() {
      // Player k plays channel EditSong.channels[k - 1].
      let channels = Set(track.events.compactMap { $0.event.channelMessage?.channel })
      let players = EditSong.channels.indices.filter { channels.contains(EditSong.channels[$0]) }
      #expect(track.name == players.map { "Player \($0 + 1)" }.joined(separator: " / "))
      #expect(track.events.filter(isName).count == 1)
    }
  }

  /// A conductor named "Song", four players (two on program 0) and a lyrics track.
  private static func band() -> Song {
    func player(_ name: String, channel: UInt8, program: UInt8, pitch: UInt8) -> Track {
      Track(events: [
        TrackEvent(tick: 0, .meta(.text(.trackName, name))),
        TrackEvent(tick: 0, .channel(ChannelMessage(.programChange, channel: channel, program))),
        TrackEvent(tick: 0, .channel(ChannelMessage(.noteOn, channel: channel, pitch, 90))),
        TrackEvent(tick: 480, .channel(ChannelMessage(.noteOff, channel: channel, pitch, 0))),
        TrackEvent(tick: 480, .meta(.endOfTrack)),
      ])
    }
    let file = MIDIFile(
      format: .multipleTracks, division: .ticksPerQuarter(480),
      tracks: [
        Track(events: [
          TrackEvent(tick: 0, .meta(.text(.trackName, "Song"))), TrackEvent(tick: 0, .meta(.endOfTrack)),
        ]),
        player("Melody", channel: 0, program: 5, pitch: 72),
        player("Bass", channel: 1, program: 33, pitch: 36),
        player("Piano L", channel: 2, program: 0, pitch: 48),
        player("Piano R", channel: 3, program: 0, pitch: 60),
        Track(events: [
          TrackEvent(tick: 0, .meta(.text(.trackName, "Lyrics"))),
          TrackEvent(tick: 0, .meta(.text(.lyric, "la"))),
          TrackEvent(tick: 0, .meta(.endOfTrack)),
        ]),
      ])
    return Song(file: file)
  }

  @Test("split keeps track names on their tracks: by program, by channel")
  func splitKeepsNames() throws {
    var byProgram = Self.band()
    try byProgram.regroupTracks(with: .split(by: .program))
    #expect(byProgram.tracks.map(\.name) == ["Song", "Piano L / Piano R", "Melody", "Bass"])
    let conductor = byProgram.tracks[0].events.compactMap { $0.event.metaEvent?.text }
    #expect(conductor == ["Song", "Lyrics", "la"], "a track with no notes keeps its name in the conductor")
    var byChannel = Self.band()
    try byChannel.regroupTracks(with: .split(by: .channel))
    #expect(byChannel.tracks.map(\.name) == ["Song", "Melody", "Bass", "Piano L", "Piano R"])
  }

  @Test("format 2 songs are refused")
  func independentTracks() {
    var song = Song(format: .independentTracks, tracks: [SongTrack(), SongTrack()])
    #expect(throws: EditError.independentTracks) { try song.regroupTracks(with: .merge) }
    #expect(throws: EditError.independentTracks) { try song.regroupTracks(with: .split(by: .channel)) }
  }
}
