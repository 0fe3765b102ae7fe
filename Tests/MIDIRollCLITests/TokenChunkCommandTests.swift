import Foundation
import TestSupport
import Testing

/// `midiroll tokenize --max-seq-len`: chunks no longer than asked, BOS and EOS where asked, one
/// `chunks` entry per sequence; the chunk and augmentation options refused in the command
/// line's words. (Each chunk's ids are judged against MidiTok's encode of its clip by the Python
/// package's tests: `python/tests/test_tokenizer.py`, through the same Swift code.)
@Suite("midiroll tokenize --max-seq-len")
struct TokenChunkCommandTests {
  static let tokenizers = samplesFolder.appendingPathComponent("tokenizers")

  /// The tokens JSON of `tokenize` with `words`.
  static func chunks(_ song: String, tokenizer: String, _ words: [String]) throws -> [String: Any] {
    let run = try runMIDIRoll(
      ["tokenize", song, "-", "--tokenizer", tokens(tokenizer)] + words)
    try #require(run.status == 0, "\(run.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
  }

  static func tokens(_ name: String) -> String { tokenizers.appendingPathComponent("\(name).json").path }

  @Test(
    "no chunk is longer than --max-seq-len; BOS begins and EOS ends each track's chunks",
    arguments: ["remi", "remi-plus"], [24, 64, 256])
  func chunksFit(tokenizer: String, length: Int) throws {
    // (Real songs' chords in one stream with programs need more than 64 tokens an onset.)
    let songs = try sampleFiles().map(\.path) + (length >= 256 ? RealFiles.debianFiles.prefix(3) : [])
    for song in songs {
      let json = try Self.chunks(
        song, tokenizer: tokenizer, ["--max-seq-len", "\(length)", "--bos", "--eos"])
      let ids = try #require(json["ids"] as? [[Int]])
      let chunks = try #require(json["chunks"] as? [[String: Any]])
      #expect(ids.count == chunks.count && !ids.isEmpty, "\(song)")
      var tracks: [String: [Int]] = [:]
      for (index, chunk) in chunks.enumerated() {
        #expect(ids[index].count <= length, "\(song) chunk \(index): \(ids[index].count) tokens")
        let start = try #require(chunk["start_tick"] as? Int)
        let end = try #require(chunk["end_tick"] as? Int)
        #expect(start < end)
        tracks["\(chunk["track"] ?? "none")", default: []].append(index)
      }
      for indices in tracks.values {
        #expect(ids[indices.first!].first == 1, "\(song): BOS_None (1) begins a track's first chunk")
        #expect(ids[indices.last!].last == 2, "\(song): EOS_None (2) ends a track's last chunk")
      }
    }
  }

  @Test(
    "chunk and augmentation options are refused before any work, in the command line's words",
    arguments: [
      (["--bos"], "give --max-seq-len too"), (["--max-seq-len", "0"], "at least 1"),
      (["--max-seq-len", "64", "--overlap-bars=-1"], "0 or more"),
      (["--duration-offset", "x"], "expected a number"),
      (["--offset-velocity-range", "1...300", "--velocity-offset", "3"], "from 0 to 127"),
      (["--pitch-offset", "200"], "-127 to 127"),
    ])
  func refusals(words: [String], message: String) throws {
    let song = try sampleFiles()[0].path
    let run = try runMIDIRoll(["tokenize", song, "-", "--tokenizer", Self.tokens("remi")] + words)
    #expect(run.status == 2, "\(words): \(run.status)")
    #expect(run.stderr.contains(message), "\(words): \(run.stderr)")
  }

  @Test("a length no onset fits in, and a pitch offset past 0-127, are errors of the song (exit 1)")
  func songRefusals() throws {
    let song = try sampleFiles()[0].path
    let short = try runMIDIRoll([
      "tokenize", song, "-", "--tokenizer", Self.tokens("remi"), "--max-seq-len", "2",
    ])
    #expect(short.status == 1 && short.stderr.contains("is too short"), "\(short.stderr)")
    let high = try runMIDIRoll([
      "tokenize", song, "-", "--tokenizer", Self.tokens("remi"), "--pitch-offset", "120",
    ])
    #expect(high.status == 1 && high.stderr.contains("past 0-127"), "\(high.stderr)")
  }
}
