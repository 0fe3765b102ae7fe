import Foundation
import MIDITokens
import TestSupport
import Testing

/// Tokenizers MidiTok 3.1 trained and saved (BPE, Unigram and WordPiece on REMI split per bar in
/// `Samples/tokenizers`; WordPiece split per beat, BPE on TSD unsplit and Unigram on REMI with
/// programs in one stream in `Tests/Fixtures/tokenizers`): the trained ids of every real and
/// corpus file MidiTok reads are its own, and decoding MidiTok's trained ids gives MidiTok's own
/// decode.
@Suite(.tags(.judge), .tiered, .requires(.python)) struct TrainedTokenizationTests {
  static let root = RealFiles.packageRoot
  static let tokenizers: [(name: String, tokenization: String, folder: String)] = [
    ("remi-bpe", "REMI", "Samples/tokenizers"),
    ("remi-unigram", "REMI", "Samples/tokenizers"),
    ("remi-wordpiece", "REMI", "Samples/tokenizers"),
    ("remi-wordpiece-beat", "REMI", "Tests/Fixtures/tokenizers"),
    ("tsd-bpe-nosplit", "TSD", "Tests/Fixtures/tokenizers"),
    ("remi-programs-unigram", "REMI", "Tests/Fixtures/tokenizers"),
    ("mmm-tsd-bpe", "MMM", "Tests/Fixtures/tokenizers"),
    ("mmm-midilike-wordpiece-nosplit", "MMM", "Tests/Fixtures/tokenizers"),
  ]

  @Test(arguments: tokenizers.map(\.name))
  func idsAreMidiToks(name: String) throws {
    let entry = try #require(Self.tokenizers.first { $0.name == name })
    let file = Self.root.appendingPathComponent(entry.folder).appendingPathComponent("\(name).json").path
    try TokenizationMatrixTests.judge(
      [MidiTokJudge.Spec(name: name, tokenization: entry.tokenization, params: [:], file: file)],
      files: TokenFiles.all)
  }
}
