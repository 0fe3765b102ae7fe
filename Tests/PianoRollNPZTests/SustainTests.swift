import Foundation
import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

/// `--sustain extend`: the sustain pedal (CC64) lengthens released notes.
@Suite("Sustain pedal", .tags(.judge), .tiered, .requires(.python))
struct SustainTests {
  static func cc64(_ channel: UInt8, _ value: UInt8) -> [UInt8] { [0xB0 | channel, 64, value] }
  static func on(_ channel: UInt8, _ pitch: UInt8) -> [UInt8] { [0x90 | channel, pitch, 100] }
  static func off(_ channel: UInt8, _ pitch: UInt8) -> [UInt8] { [0x80 | channel, pitch, 0] }

  /// The durations of a song's notes per track, as (pitch, channel, tick, duration), after
  /// extending.
  static func extended(_ bytes: [UInt8]) throws -> [[[Int]]] {
    var song = try Song(bytes: bytes)
    song.extendSustain()
    return song.tracks.map { $0.notes.map { [Int($0.pitch), Int($0.channel), $0.tick, $0.durationTicks] } }
  }

  @Test("pedal across repeated notes: each sounds until its pitch starts again or the pedal lifts")
  func repeatedNotes() throws {
    let bytes = SMFBytes.file(
      division: 96,
      [
        track([
          (0, Self.cc64(0, 127)), (0, Self.on(0, 64)), (0, Self.on(0, 60)), (24, Self.off(0, 64)),
          (24, Self.off(0, 60)),  // 60 released at 48, pedal down
          (48, Self.on(0, 60)), (24, Self.off(0, 60)),  // 60 again at 96-120
          (72, Self.on(0, 60)), (8, Self.off(0, 60)),  // and at 192-200
          (87, Self.cc64(0, 63)),  // 287: 63 is below 64, the pedal lifts
          (1, Self.cc64(0, 0)),  // 288, still up
          (12, Self.on(0, 67)), (20, Self.off(0, 67)),  // 300-320, pedal up: unchanged
        ])
      ])
    #expect(
      try Self.extended(bytes) == [
        [[64, 0, 0, 287], [60, 0, 0, 96], [60, 0, 96, 96], [60, 0, 192, 95], [67, 0, 300, 20]]
      ])
  }

  @Test("the pedal of another channel changes nothing; a channel's pedal in another track counts")
  func otherChannel() throws {
    let bytes = SMFBytes.file(
      division: 96,
      [
        track([(0, Self.cc64(1, 100)), (400, Self.cc64(1, 10))]),
        track([
          (0, Self.on(0, 60)), (0, Self.on(1, 62)), (50, Self.off(0, 60)), (0, Self.off(1, 62)),
        ]),
      ])
    #expect(try Self.extended(bytes) == [[], [[60, 0, 0, 50], [62, 1, 0, 400]]])
  }

  @Test("a pedal still down at the end holds the note to the song's end; pressed after a release, nothing")
  func downAtEnd() throws {
    let bytes = SMFBytes.file(
      division: 96,
      [
        track([
          (0, Self.on(0, 48)), (10, Self.off(0, 48)),  // released at 10, before the pedal
          (10, Self.cc64(0, 64)), (0, Self.on(0, 60)), (10, Self.off(0, 60)),  // 20-30, held
          (470, [0xFF, 0x01, 0x01, 0x2E]),  // a text event at 500: the song ends there
        ])
      ])
    #expect(try Self.extended(bytes) == [[[48, 0, 0, 10], [60, 0, 20, 480]]])
  }

  @Test("through the command line: --sustain extend on convert lengthens notes; without it nothing changes")
  func commandLine() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("pedal.mid")
    try Data(
      SMFBytes.file(
        division: 96,
        [track([(0, Self.cc64(0, 127)), (0, Self.on(0, 60)), (24, Self.off(0, 60)), (72, Self.cc64(0, 0))])])
    ).write(to: input)
    for (extra, duration) in [([String](), 24), (["--sustain", "extend"], 96)] {
      let json = folder.appendingPathComponent("out.json").path
      let run = try runMIDIRoll(["convert", input.path, json, "--force"] + extra)
      #expect(run.status == 0, "\(run.stderr)")
      let song = try PianoRollJSON.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: json))))
      #expect(song.tracks[0].notes.map(\.durationTicks) == [duration], "\(extra)")
      try FileManager.default.removeItem(atPath: json)
      // The .npz matrix too: 24 steps per quarter, so the note covers 6 or 24 steps.
      let npz = folder.appendingPathComponent("out.npz").path
      let matrix = try runMIDIRoll(["convert", input.path, npz] + extra)
      #expect(matrix.status == 0, "\(matrix.stderr)")
      let check = try Python.run(
        script:
          "import sys, pypianoroll; print(int((pypianoroll.load(sys.argv[1]).tracks[0].pianoroll[:, 60] > 0).sum()))",
        [npz])
      #expect(check.output == "\(duration / 4)\n", "\(extra)")
      try FileManager.default.removeItem(atPath: npz)
    }
  }
}
