import SMF
import TestSupport
import Testing

/// `MIDIFile.rewrite` (track by track) writes exactly what reading the whole file and
/// serializing it writes, with the same warnings; `readTracks` and `summarize` see the same
/// file as `read`.
@Suite("Track-by-track reading and writing")
struct RewriteTests {
  static let paths: [String] =
    RealFiles.debianFiles + RealFiles.samples
    + RealFiles.corpusFiles.map { RealFiles.corpusDirectory.appendingPathComponent($0).path }

  @Test("rewrite gives the bytes and warnings of read + serialized for every real file")
  func rewriteMatchesSerialized() throws {
    try #require(!RealFiles.debianFiles.isEmpty, "no Debian MIDI files: run `make deps`")
    var compared = 0
    for path in Self.paths {
      let bytes = try RealFiles.bytes(path)
      guard let result = try? MIDIFile.read(bytes) else {
        #expect(throws: SMFError.self) { try MIDIFile.rewrite(bytes) }
        continue
      }
      let rewritten = try MIDIFile.rewrite(bytes)
      #expect(rewritten.bytes == result.file.serialized(), "\(path)")
      #expect(rewritten.warnings == result.warnings, "\(path)")
      compared += 1
    }
    #expect(compared > 0)
  }

  @Test("readTracks hands over the tracks read returns; summarize counts what they hold")
  func readTracksAndSummary() throws {
    for path in Self.paths.prefix(60) {
      let bytes = try RealFiles.bytes(path)
      guard let result = try? MIDIFile.read(bytes) else { continue }
      var tracks: [Track] = []
      let outline = try MIDIFile.readTracks(bytes) { index, track in
        #expect(index == tracks.count)
        tracks.append(track)
      }
      #expect(tracks == result.file.tracks, "\(path)")
      #expect(outline.unknownChunks == result.file.unknownChunks)
      #expect(outline.warnings == result.warnings)
      let summary = try MIDIFile.summarize(bytes)
      #expect(summary == MIDIFileSummary(file: result.file, warnings: result.warnings), "\(path)")
      #expect(summary.tracks.map(\.eventCount) == result.file.tracks.map(\.events.count))
      #expect(summary.tracks.map(\.endTick) == result.file.tracks.map(\.endTick))
      #expect(summary.tracks.map(\.name) == result.file.tracks.map(\.name))
    }
  }

  @Test("a track's events cost 16 bytes each, whatever their kind")
  func compactRecords() throws {
    var events: TrackEvents = [
      TrackEvent(tick: 0, .meta(.text(.trackName, "Piano"))),
      TrackEvent(tick: 0, .channel(.noteOn(channel: 1, key: 60, velocity: 90))),
      TrackEvent(tick: 10, .sysEx(SysExEvent(.start, data: [0x7E, 0x7F, 0x09, 0x01, 0xF7]))),
      TrackEvent(tick: 480, .meta(.endOfTrack)),
    ]
    #expect(events[0].event.metaEvent?.text == "Piano")
    #expect(events[2].event == .sysEx(SysExEvent(.start, data: [0x7E, 0x7F, 0x09, 0x01, 0xF7])))
    events[0] = TrackEvent(tick: 0, .meta(.text(.trackName, "Organ")))
    events.remove(at: 2)
    #expect(Array(events.map(\.tick)) == [0, 0, 480])
    #expect(events[0].event.metaEvent?.text == "Organ")
    #expect(events.compacted() == events)
    #expect(events.hashValue == events.compacted().hashValue)
    let bytes = MIDIFile(tracks: [Track(events: events)]).serialized()
    #expect(try MIDIFile(bytes: bytes).tracks[0].events == events)
  }
}
