import Foundation
import MIDIRollFiles
import MIDIRollKit
import PianoRoll
import TestSupport
import Testing

/// The one pipeline through the format seam: a song written as piano-roll JSON and read back
/// as `.mid` keeps every note, and an input of no readable kind is refused as bad input.
@Suite struct SongPipelineTests {
  private func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// (pitch, tick, duration) of every note, in the song's order.
  private func shape(_ song: Song) -> [[Int]] {
    song.allNotes.map { [Int($0.pitch), $0.tick, $0.durationTicks] }
  }

  @Test func midiToJSONToMIDIKeepsEveryNote() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var random = SplitMix64(seed: 34)
    let notes = (0..<40).map { step in
      Note(
        pitch: UInt8(random.int(in: 21...108)), tick: step * 120 + random.int(in: 0...60),
        durationTicks: random.int(in: 1...480))
    }
    let song = Song(tracks: [SongTrack(notes: notes)])
    try FileIO.write(song.serialized(), to: folder + "/in.mid")

    let toJSON = try SongPipeline(outputKind: .json)
      .run(inputPath: folder + "/in.mid", to: .path(folder + "/song.json", inputs: [], force: false))
    #expect(toJSON.notes == notes.count)
    let toMIDI = try SongPipeline(outputKind: .mid)
      .run(inputPath: folder + "/song.json", to: .path(folder + "/out.mid", inputs: [], force: false))
    #expect(toMIDI.notes == notes.count)
    #expect(try toMIDI.bytesOut == FileIO.read(folder + "/out.mid").count)

    let back = try SongInput(path: folder + "/out.mid", kind: nil, options: DecodingOptions()).song()
    let original = try SongInput(path: folder + "/in.mid", kind: nil, options: DecodingOptions()).song()
    #expect(shape(back) == shape(original))
  }

  @Test func anInputOfNoReadableKindIsBadInput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileIO.write(Array("not a song".utf8), to: folder + "/notes.txt")
    do {
      _ = try SongPipeline(outputKind: .json)
        .run(inputPath: folder + "/notes.txt", to: .path(folder + "/out.json", inputs: [], force: false))
      Issue.record("a text file was read as a song")
    } catch {
      #expect(error.kind == .usage || error.kind == .badInput, "\(error)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/out.json"))
  }
}
