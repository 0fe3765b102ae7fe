import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

/// `PianoRollJSON.encode(midiFile:…)` — a `.mid` paired and written one track at a time — gives
/// exactly the bytes of encoding the whole song, in both profiles.
@Suite("Piano-roll JSON straight from a .mid, a track at a time")
struct JSONFromMIDIFileTests {
  static let paths =
    RealFiles.debianFiles + RealFiles.samples
    + RealFiles.corpusFiles.map {
      RealFiles.corpusDirectory.appendingPathComponent($0).path
    }

  /// The streamed document, in buffers of the writer's size.
  static func streamed(_ bytes: [UInt8], profile: PianoRollJSON.Profile) throws -> [UInt8] {
    var output: [UInt8] = []
    try PianoRollJSON.encode(
      midiFile: bytes, summary: try MIDIFile.summarize(bytes), profile: profile
    ) { output.append(contentsOf: $0) }
    return output
  }

  @Test(
    "every real, sample and corpus file the reader reads", .tags(.corpus), .tiered,
    arguments: [PianoRollJSON.Profile.full, .compact])
  func sameBytesAsTheWholeSong(profile: PianoRollJSON.Profile) throws {
    var compared = 0
    for path in Self.paths {
      let bytes = try RealFiles.bytes(path)
      guard let song = try? Song(bytes: bytes) else { continue }
      let whole = PianoRollJSON.encode(song, profile: profile)
      let streamed = try Self.streamed(bytes, profile: profile)
      #expect(streamed == whole, "\(path): \(streamed.count) bytes streamed, \(whole.count) from the song")
      compared += 1
    }
    #expect(compared >= 41, "only \(compared) files compared")
  }

  @Test("a file with tracks but a tempo in a later track places the earlier tracks' notes by it")
  func timelineFromLaterTrack() throws {
    var song = Song(format: .multipleTracks, division: .ticksPerQuarter(96))
    song.tracks = [
      SongTrack(
        notes: [Note(pitch: 60, tick: 96, durationTicks: 96)],
        events: [
          TrackEvent(tick: 192, .meta(.endOfTrack))
        ]),
      SongTrack(events: [
        TrackEvent(tick: 0, .meta(.tempo(microsecondsPerQuarter: 250_000))),
        TrackEvent(tick: 0, .meta(.timeSignature(numerator: 3, denominator: 8))),
        TrackEvent(tick: 0, .meta(.endOfTrack)),
      ]),
    ]
    let bytes = song.serialized()
    let streamed = try Self.streamed(bytes, profile: .full)
    #expect(streamed == PianoRollJSON.encode(try Song(bytes: bytes)))
    #expect(String(decoding: streamed, as: UTF8.self).contains("\"seconds\": 0.25"))
  }

}
