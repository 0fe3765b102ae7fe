import Foundation
import FuzzLaws
import MIDITokens
import PianoRoll
import PianoRollJSON
import SMF
import Testing

/// Every input fuzzing (or the mutation corpus) found, with the result it must give, and every
/// law holding for it. The files are in Tests/Fixtures/fuzz-regressions (see its README).
@Suite("fuzz regressions")
struct FuzzRegressionTests {
  /// A Standard MIDI File that broke a law once.
  struct SMFFixture: Sendable, CustomTestStringConvertible {
    /// The file's name in Tests/Fixtures/fuzz-regressions/smf.
    var name: String
    /// The warnings it must read with (in order), or `nil` when it must be refused.
    var warnings: [SMFWarning.Kind]?
    /// The error it must be refused with.
    var error: SMFError?
    /// What else must hold of the file read.
    var check: @Sendable (MIDIFile) -> Bool = { _ in true }

    var testDescription: String { name }
  }

  static let smf: [SMFFixture] = [
    SMFFixture(
      name: "end-of-track-with-data.mid", warnings: [],
      check: { $0.tracks[0].events.last == TrackEvent(tick: 96, .meta(MetaEvent(type: 0x2F, data: [0x30]))) }),
    SMFFixture(
      name: "2000-tracks-declaring-0-bytes.mid",
      warnings: Array(repeating: .trackLengthTooShort(declared: 0, actual: 4), count: 2000),
      check: { $0.tracks.count == 2000 && SMFLaws.footprint(of: $0) < 2000 * 512 }),
    // Its piano-roll JSON names the second header as an unknown chunk, which was refused.
    SMFFixture(
      name: "second-header-chunk.mid", warnings: [.unknownChunk(.header)],
      check: { $0.unknownChunks.map(\.type) == [.header] }),
    // Its piano-roll JSON has a tick past the largest delta-time, which was refused.
    SMFFixture(
      name: "tick-past-2-28.mid", warnings: [],
      check: { $0.tracks[0].endTick == 0x0FFF_FFFF + 128 }),
    // Its piano-roll JSON gave the key as 33 sharps, which was refused; now it is raw bytes.
    SMFFixture(
      name: "key-signature-33-sharps.mid", warnings: [],
      check: { $0.tracks[0].events[0].event.metaEvent?.data == [0x21, 0x00] }),
    // Skipping a system real-time byte (F8) joined two delta-times into 522,114,648 ticks, which
    // the rewrite could only write as a 5-byte delta-time: refused, naming the skipped byte.
    SMFFixture(
      name: "skipped-clock-joins-deltas-past-2-28.mid",
      error: SMFError(.skippedTimeTooLong(ticks: 522_114_648), offset: 125, track: 2)),
  ]

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fuzz-regressions")

  static func bytes(_ path: String) throws -> [UInt8] {
    let url = folder.appendingPathComponent(path)
    return [UInt8](try Data(contentsOf: url))
  }

  @Test("every SMF fixture gives its result and keeps every law", arguments: smf)
  func smfFixture(_ fixture: SMFFixture) throws {
    let bytes = try Self.bytes("smf/" + fixture.name)
    if let error = fixture.error {
      #expect(throws: error) { try MIDIFile.read(bytes) }
    } else {
      let result = try MIDIFile.read(bytes)
      #expect(result.warnings.map(\.kind) == fixture.warnings)
      #expect(fixture.check(result.file))
    }
    #expect(SMFLaws.check(bytes) == nil)
    guard case .success(let result) = SMFLaws.read(bytes) else { return }
    #expect(SongLaws.check(result.file) == nil)
  }

  @Test("every fixture in the folder has a test case")
  func everyFileListed() throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: Self.folder.appendingPathComponent("smf").path)
    #expect(Set(files) == Set(Self.smf.map(\.name)))
    let json = try FileManager.default.contentsOfDirectory(
      atPath: Self.folder.appendingPathComponent("json").path)
    #expect(Set(json) == ["key-signature-as-hex.json", "json-offvelocity-on-velocity0-end.json"])
    let tokens = try FileManager.default.contentsOfDirectory(
      atPath: Self.folder.appendingPathComponent("tokens").path)
    #expect(Set(tokens) == ["note-two-million-bars-away.mid"])
  }

  // Six notes, the last 760,954,243 ticks (7.9 million beats) in: CPWord's tokens (a list of
  // strings each) outgrew the fuzzer's 1 GiB. Every tokenizer now refuses the song in one line,
  // but Octuple and MuMIDI, which clip it at their 60th and 40th bar first, as MidiTok does
  // (MidiTok 3.1 warns and gives no tokens: no note starts before the clip); PerTok refuses it
  // at its own resolution.
  @Test(
    "note-two-million-bars-away.mid: a song of 7.9 million beats is refused, keeping every law; Octuple and MuMIDI clip it"
  )
  func tokensFixture() throws {
    let bytes = try Self.bytes("tokens/note-two-million-bars-away.mid")
    #expect(TokenLaws.checkEncode(bytes) == nil)
    let score = try Score(midiBytes: bytes)
    for tokenizer in TokenLaws.tokenizers {
      if tokenizer.tokenization == .octuple || tokenizer.tokenization == .muMIDI {
        #expect(try tokenizer.encode(score).tokenCount == 0)
      } else if tokenizer.tokenization == .perTok {
        // PerTok keeps its own resolution: at 320 ticks a quarter the last note is past 2^31 - 1
        // (symusic's resample refuses it), at the file's 96 the span is counted in those ticks.
        #expect(throws: TokensError.self) { try tokenizer.encode(score) }
      } else {
        // MidiTok's 8 ticks a beat: the last note ends at tick 63,412,854, in beat 7,926,607.
        #expect(throws: TokensError(.songTooLong(beats: 7_926_607, sequences: 1))) {
          try tokenizer.encode(score)
        }
      }
    }
  }

  @Test(
    "a song of 2^20 beats tokenizes; a tick more and it is refused; 2^22 beats summed over the tracks, likewise"
  )
  func tokensSpanLimit() throws {
    // REMI's default tokenizer (a sequence per track) counts 8 ticks a beat, as these scores
    // do: each note's end is its track's last tick, and the beats are counted up to the tick
    // after the song's end.
    let tokenizer = try #require(TokenLaws.tokenizers.first)
    func score(tracks: Int, endingAt end: Int32) -> Score {
      let track = ScoreTrack(
        program: 0, isDrum: false, notes: [ScoreNote(time: end - 4, duration: 4, pitch: 60, velocity: 64)])
      return Score(ticksPerQuarter: 8, tracks: Array(repeating: track, count: tracks))
    }
    let beats = Tokenizer.maximumBeats
    let last = Int32(beats * 8 - 1)
    #expect(try tokenizer.encode(score(tracks: 1, endingAt: last)).tokenCount > beats / 4)
    #expect(throws: TokensError(.songTooLong(beats: beats + 1, sequences: 1))) {
      try tokenizer.encode(score(tracks: 1, endingAt: last + 1))
    }
    let tracks = Tokenizer.maximumBeatsAcrossSequences / (beats / 2)
    let half = Int32(beats / 2 * 8 - 1)
    #expect(try tokenizer.encode(score(tracks: tracks, endingAt: half)).sequences.count == tracks)
    #expect(throws: TokensError(.songTooLong(beats: beats / 2, sequences: tracks + 1))) {
      try tokenizer.encode(score(tracks: tracks + 1, endingAt: half))
    }
  }

  @Test("key-signature-as-hex.json: 33 sharps decode, and its JSON keeps them as raw bytes")
  func jsonFixture() throws {
    let bytes = try Self.bytes("json/key-signature-as-hex.json")
    #expect(JSONLaws.check(bytes) == nil)
    let song = try PianoRollJSON.decode(bytes)
    #expect(song.tracks[0].events[0].event.metaEvent?.data == [0x21, 0x00])
    let json = String(decoding: PianoRollJSON.encode(song), as: UTF8.self)
    #expect(json.contains(#"{"tick": 0, "type": "keySignature", "hex": "21 00"}"#))
    #expect(!json.contains(#""sharps": 33"#))
  }

  @Test(
    "json-offvelocity-on-velocity0-end.json: an offVelocity on a note ended by a note-on of velocity 0 reads as 0 from both profiles"
  )
  func offVelocityFixture() throws {
    let bytes = try Self.bytes("json/json-offvelocity-on-velocity0-end.json")
    #expect(JSONLaws.check(bytes) == nil)
    let song = try PianoRollJSON.decode(bytes)
    let ended = song.tracks[0].notes.filter { $0.end == .noteOnWithVelocityZero }
    #expect(!ended.isEmpty)
    #expect(ended.allSatisfy { $0.offVelocity == 0 })
    #expect(try PianoRollJSON.decode(PianoRollJSON.encode(song, profile: .compact)) == song)
  }
}
