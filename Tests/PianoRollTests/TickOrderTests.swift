import PianoRoll
import SMF
import TestSupport
import Testing

/// Order within a tick survives a song: `.mid → Song → .mid` gives the bytes `.mid → .mid`
/// gives, for every file read without warnings (docs/DESIGN.md, "Order within a tick").
@Suite("Order within a tick")
struct TickOrderTests {
  typealias F = Fixtures

  /// Every real file the tests know: Debian's, the samples, the corpus.
  static let paths: [String] =
    RealFiles.debianFiles + RealFiles.samples
    + RealFiles.corpusFiles.map { RealFiles.corpusDirectory.appendingPathComponent($0).path }

  @Test(
    "Song(bytes:).serialized() equals MIDIFile(bytes:).serialized() for every real file read without warnings",
    .tags(.corpus), .tiered)
  func realFilesByteIdentical() throws {
    try #require(!RealFiles.debianFiles.isEmpty, "no Debian MIDI files: run `make deps`")
    var identical = 0
    var checked = 0
    for path in Self.paths {
      let bytes = try RealFiles.bytes(path)
      guard let result = try? MIDIFile.read(bytes), result.warnings.isEmpty else { continue }
      checked += 1
      let direct = result.file.serialized()
      let throughSong = Song(file: result.file).serialized()
      if direct == throughSong {
        identical += 1
      } else {
        Issue.record("\(path): .mid → Song → .mid differs from .mid → .mid")
      }
    }
    #expect(checked >= RealFiles.debianFiles.count / 2)
    #expect(identical == checked)
  }

  @Test("a note-off after a note-on of the same pitch at one tick keeps its place")
  func onThenOff() throws {
    // At tick 480: the note-on of the second note comes before the note-off of the first.
    let events = [F.on(0, 60), F.on(480, 60, 90), F.off(480, 60), F.off(960, 60), F.end(960)]
    let file = MIDIFile(tracks: [Track(events: events)])
    let song = Song(file: file)
    #expect(song.tracks[0].tickOrders.count == 1)
    #expect(song.tracks[0].tickOrders.first?.tick == 480)
    #expect(song.midiFile() == file)
  }

  @Test("a file in canonical order records no tick order")
  func canonicalNeedsNone() {
    let events = [F.on(0, 60), F.off(480, 60), F.on(480, 62), F.off(960, 62), F.end(960)]
    let song = Song(file: MIDIFile(tracks: [Track(events: events)]))
    #expect(song.tracks[0].tickOrders.isEmpty)
  }

  @Test("after an edit that moves the items of a tick, the canonical order applies")
  func editFallsBackToCanonical() {
    let events = [F.on(0, 60), F.on(480, 60, 90), F.off(480, 60), F.off(960, 60), F.end(960)]
    var song = Song(file: MIDIFile(tracks: [Track(events: events)]))
    song.tracks[0].notes[1].tick = 500
    song.tracks[0].notes[1].durationTicks = 460
    let written = song.midiFile().tracks[0].events
    #expect(written.map(\.tick) == [0, 480, 500, 960, 960])
  }
}
