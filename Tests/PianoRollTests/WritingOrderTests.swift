import PianoRoll
import SMF
import TestSupport
import Testing

/// A track read from a file is written in the order it was read (``WritingOrder``), which must
/// be exactly what the merge of its events, note-ons and note-offs gives (docs/DESIGN.md,
/// "Writing order"); an edit that moves anything in time makes the track forget it.
@Suite("Writing order")
struct WritingOrderTests {
  /// The song with every track's recorded order forgotten: written by the merge.
  static func merged(_ song: Song) -> Song {
    var song = song
    for index in song.tracks.indices { song.tracks[index].writingOrder = nil }
    return song
  }

  @Test(
    "every real file, read and transposed, writes the bytes the merge writes", .tags(.corpus), .tiered)
  func realFiles() throws {
    try #require(!RealFiles.debianFiles.isEmpty, "no Debian MIDI files: run `make deps`")
    var tracks = 0
    var recorded = 0
    var kept = 0
    for path in TickOrderTests.paths {
      guard let song = try? Song(bytes: try RealFiles.bytes(path)) else { continue }
      tracks += song.tracks.count
      recorded += song.tracks.count { $0.writingOrder != nil }
      #expect(song.serialized() == Self.merged(song).serialized(), "\(path)")
      for semitones in [2, -30] {
        var moved = song
        try moved.transpose(with: Transposition(semitones: semitones, outOfRange: .clamp))
        kept += moved.tracks.count { $0.writingOrder != nil }
        #expect(moved.serialized() == Self.merged(moved).serialized(), "\(path) transposed by \(semitones)")
      }
    }
    #expect(recorded > tracks * 9 / 10, "most tracks of real files keep the order they were read in")
    #expect(kept > 0)
  }

  typealias F = Fixtures

  /// A file of two tracks read back: notes, a controller, a tempo.
  static func readSong() throws -> Song {
    let file = MIDIFile(tracks: [
      Track(events: [F.meta(0, .tempo(microsecondsPerQuarter: 500_000)), F.end(0)]),
      Track(events: [F.on(0, 60), F.cc(0, 7, 100), F.on(96, 64), F.off(96, 60), F.off(192, 64), F.end(192)]),
    ])
    return try Song(bytes: file.serialized())
  }

  @Test("a change of a note, an event or the tick orders forgets the order; equality ignores it")
  func changesForget() throws {
    let song = try Self.readSong()
    #expect(song.tracks[1].writingOrder != nil)
    var moved = song
    moved.tracks[1].notes[0].tick += 1
    #expect(moved.tracks[1].writingOrder == nil)
    var events = song
    events.tracks[1].events.append(F.meta(0, .text(.text, "hello")))
    #expect(events.tracks[1].writingOrder == nil)
    var orders = song
    orders.tracks[1].tickOrders = song.tracks[1].tickOrders  // the same, set again
    #expect(orders.tracks[1].writingOrder == nil)
    #expect(orders == song, "the recorded order is not part of the track's value")
    #expect(Self.merged(song) == song)
  }

  @Test("a transposition keeps the order unless it drops a note")
  func transpositionKeeps() throws {
    var song = try Self.readSong()
    try song.transpose(with: Transposition(semitones: 5))
    #expect(song.tracks[1].writingOrder != nil)
    try song.transpose(with: Transposition(semitones: 60, outOfRange: .drop))
    #expect(song.tracks[1].writingOrder == nil)
    #expect(song.tracks[0].writingOrder != nil, "a track without notes dropped none")
  }

  @Test("a change of velocities keeps the order, and writes what the merge writes")
  func velocitiesKeep() throws {
    var song = try Self.readSong()
    song.changeVelocities(with: .scale(percent: 50))
    #expect(song.tracks[1].writingOrder != nil)
    #expect(song.serialized() == Self.merged(song).serialized())
    #expect(try Song(bytes: song.serialized()).tracks[1].notes.map(\.velocity) == [50, 50])
  }

  @Test("events made out of tick order, or notes sounding past the last End of Track, record none")
  func notRecorded() throws {
    let unsorted = MIDIFile(tracks: [
      Track(events: [F.on(96, 60), F.on(0, 62), F.off(192, 60), F.off(192, 62), F.end(192)])
    ])
    let song = Song(file: unsorted)
    #expect(song.tracks[0].writingOrder == nil)
    #expect(try Song(bytes: song.serialized()).tracks[0].notes.map(\.tick) == [0, 96])

    let unended = MIDIFile(tracks: [Track(events: [F.on(0, 60), F.cc(96, 7, 100)])])
    let sounding = Song(file: unended)
    #expect(sounding.tracks[0].writingOrder == nil)
    #expect(sounding.serialized() == Self.merged(sounding).serialized())
  }
}
