import SMF
import TestSupport
import Testing

/// A track or a file that ends inside an event: the events before it are kept, the incomplete
/// one is dropped, the track ends there, with one warning at the incomplete event.
@Suite("Tracks cut inside an event")
struct CutEventTests {
  /// Whether a warning is the one for an event cut short.
  static func isCut(_ kind: SMFWarning.Kind) -> Bool {
    if case .eventCutShort = kind { return true }
    return false
  }

  @Test(
    "the song cut at every byte inside its last three events: the notes that ended before the cut",
    arguments: DamagedSongs.cuts(insideLast: 3))
  func cut(_ fixture: DamagedSongs.Fixture) throws {
    let file = try checkDamaged(fixture, warning: Self.isCut)
    #expect(file.heardNotes == fixture.notes)
    // Every event before the cut, then End of Track at the last one's tick.
    let whole = try MIDIFile(bytes: DamagedSongs.song()).tracks[0].events
    let kept = file.tracks[0].events.dropLast()
    #expect(Array(kept) == Array(whole.prefix(kept.count)))
    #expect(file.tracks[0].events.last == TrackEvent(tick: kept.last?.tick ?? 0, .meta(.endOfTrack)))
  }

  @Test("the warning names the offset of the incomplete event, what was expected and the bytes dropped")
  func warning() throws {
    // The song cut after FF 2F: End of Track's length byte is missing.
    let bytes = Array(DamagedSongs.song().dropLast())
    let start = DamagedSongs.offset(ofEvent: 11)
    let warnings = try MIDIFile.read(bytes).warnings
    #expect(
      warnings == [
        SMFWarning(
          .eventCutShort(expected: "the length of a meta event", droppedBytes: 3, tracks: 1), offset: start,
          track: 0)
      ])
    #expect(
      warnings[0].description
        == "byte \(start), track 0: the data ends inside an event (expected the length of a meta event): "
        + "the track was ended after its last complete event (3 byte(s) dropped)")
    #expect(
      throws: SMFError(
        .eventCutShort(expected: "the length of a meta event", droppedBytes: 3, tracks: 1), offset: start,
        track: 0
      ).strict
    ) { try MIDIFile.read(bytes, options: .strict) }
  }

  /// A file whose one track holds `events`: its first event at byte 22.
  static func oneTrack(_ events: [UInt8]) -> [UInt8] { SMFBytes.file(format: 0, SMFBytes.track(events)) }

  @Test(
    "meta and SysEx events whose length runs past the end, a channel message without its last byte, a lone delta-time",
    arguments: [
      (
        // A text event of 0x0FFFFFFF bytes, 1 there.
        [0x00, 0x90, 0x3C, 0x64, 0x00, 0xFF, 0x01, 0xFF, 0xFF, 0xFF, 0x7F, 0x41],
        "the 268435455 byte(s) of meta event 0x01, 1 left", 8
      ),
      (
        [0x00, 0x90, 0x3C, 0x64, 0x00, 0xF0, 0xFF, 0xFF, 0xFF, 0x7F],
        "the 268435455 byte(s) of SysEx event, 0 left", 6
      ),
      ([0x00, 0x90, 0x3C, 0x64, 0x00, 0xF7, 0x05, 0xF8, 0xF8], "the 5 byte(s) of SysEx event, 2 left", 5),
      ([0x00, 0x90, 0x3C, 0x64, 0x00, 0x90, 0x3E], "the second data byte of a channel message", 3),
      ([0x00, 0x90, 0x3C, 0x64, 0x60], "an event after its delta-time", 1),
      ([0x00, 0x90, 0x3C, 0x64, 0x81], "a delta-time", 1),
    ] as [([UInt8], String, Int)])
  func incompleteEvents(_ events: [UInt8], expected: String, dropped: Int) throws {
    let bytes = Self.oneTrack(events)
    let result = try MIDIFile.read(bytes)
    #expect(
      result.warnings == [
        SMFWarning(.eventCutShort(expected: expected, droppedBytes: dropped, tracks: 1), offset: 26, track: 0)
      ])
    #expect(
      result.file.tracks[0].events == [TrackEvent(tick: 0, .on(0, 60, 100)), TrackEvent(tick: 0, endOfTrack)])
    #expect(throws: SMFError.self) { try MIDIFile.read(bytes, options: .strict) }
  }

  @Test("a track whose declared length ends inside an event, the next track right after: both kept")
  func trackCutByItsLength() throws {
    let first = SMFBytes.track([0x00, 0x90, 0x3C, 0x64, 0x60, 0x80, 0x3C])  // 14: note-off without velocity
    let second = SMFBytes.track([0x00, 0x90, 0x40, 0x64, 0x60, 0x80, 0x40, 0x40] + SMFBytes.endOfTrack)
    let bytes = SMFBytes.file(format: 1, first, second)
    let result = try MIDIFile.read(bytes)
    #expect(
      result.warnings == [
        SMFWarning(
          .eventCutShort(expected: "the second data byte of a channel message", droppedBytes: 3, tracks: 1),
          offset: 26, track: 0)
      ])
    #expect(result.file.tracks.count == 2)
    #expect(result.file.heardNotes == [DamagedSongs.Note(start: 0, end: 96, key: 64)])
    #expect(MIDIFile.diagnose(bytes).problems == result.warnings)
  }

  @Test("two tracks cut: one warning for the file, at the first, counting both")
  func twoTracksCut() throws {
    let first = SMFBytes.track([0x00, 0x90, 0x3C, 0x64, 0x60])
    let second = SMFBytes.track([0x00, 0x90, 0x40, 0x64, 0x60, 0x80])
    let result = try MIDIFile.read(SMFBytes.file(format: 1, first, second))
    #expect(
      result.warnings == [
        SMFWarning(
          .eventCutShort(expected: "an event after its delta-time", droppedBytes: 3, tracks: 2), offset: 26,
          track: 0)
      ])
    #expect(result.warnings[0].message.contains("each of 2 tracks"))
  }

  @Test("a header cut short is still an error: the rule needs a valid header")
  func headerCut() {
    let bytes = Array(DamagedSongs.song().prefix(12))
    #expect(throws: SMFError.self) { try MIDIFile.read(bytes) }
  }

  @Test(
    "wherever mido or symusic reads a cut file, midiroll reads it, with their notes", .tags(.judge), .tiered)
  func peersAgree() throws {
    guard Python.executable != nil else {
      Issue.record("no Python virtual environment: set MIDIROLL_PYTHON or run `make deps`")
      return
    }
    let fixtures = DamagedSongs.cuts(insideLast: 3)
    let readings = try PeerNotes.read(fixtures.map(\.bytes))
    for (fixture, reading) in zip(fixtures, readings) {
      let ours = try MIDIFile.read(fixture.bytes).file.heardNotes
      if let notes = reading.mido { #expect(ours == notes, "\(fixture.name): mido") }
      if let notes = reading.symusic { #expect(ours == notes, "\(fixture.name): symusic") }
    }
  }
}
