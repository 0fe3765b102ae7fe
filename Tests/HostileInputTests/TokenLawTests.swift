import FuzzLaws
import MIDITokens
import TestSupport
import Testing

/// The laws of MidiTok tokens (``TokenLaws``) on deterministic hostile inputs: random id lists
/// for every tokenizer and nesting (decoding never crashes; a decoded song is a MIDI file that
/// reads without warnings), the same with the samples' trained tokenizers, and the mutation
/// corpus read and tokenized.
@Suite("token laws")
struct TokenLawTests {
  @Test("decoding 20,000 random id lists keeps every law", .tags(.slow), .tiered)
  func randomIDLists() {
    var random = SplitMix64(seed: 0x70C3_5EED)
    var broken: [String] = []
    for index in 0..<20_000 {
      let count = 2 + Int(random.next() % 400)
      var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      bytes[0] = UInt8(index % 256)
      // Mostly ids inside the vocabulary: the high byte of each id small.
      for position in stride(from: 3, to: bytes.count, by: 2) where random.next() % 8 != 0 {
        bytes[position] &= 0x01
      }
      if let violation = TokenLaws.checkDecode(bytes) { broken.append("input \(index): \(violation)") }
    }
    #expect(broken.isEmpty, "\(broken.prefix(5))")
  }

  @Test("decoding 6,000 random id lists with trained tokenizers keeps every law", .tags(.slow), .tiered)
  func randomTrainedIDLists() throws {
    let folder = RealFiles.packageRoot.appendingPathComponent("Samples/tokenizers")
    let tokenizers = try ["remi-bpe", "remi-unigram", "remi-wordpiece"].map { name in
      let path = folder.appendingPathComponent("\(name).json").path
      return try Tokenizer(file: TokenizerFile(bytes: RealFiles.bytes(path)))
    }
    var random = SplitMix64(seed: 0x7EA1_4ED5)
    var broken: [String] = []
    for index in 0..<6_000 {
      let count = 2 + Int(random.next() % 400)
      var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      bytes[0] = UInt8(index % 256)
      // Ids below 1,024, a third of lists all below 256 (base ids, read as such).
      let limit: UInt8 = index % 3 == 0 ? 0x00 : 0x03
      for position in stride(from: 3, to: bytes.count, by: 2) { bytes[position] &= limit }
      if let violation = TokenLaws.checkDecode(bytes, tokenizers: tokenizers) {
        broken.append("input \(index): \(violation)")
      }
    }
    #expect(broken.isEmpty, "\(broken.prefix(5))")
  }

  @Test(
    "reading and tokenizing the mutation corpus keeps every law", .tags(.corpus), .tiered,
    arguments: MutationCorpus.Family.allCases)
  func mutationCorpus(_ family: MutationCorpus.Family) {
    var broken: [String] = []
    for input in MutationCorpus.inputs(family) {
      if let violation = TokenLaws.checkEncode(input.bytes) { broken.append("\(input.name): \(violation)") }
    }
    #expect(broken.isEmpty, "\(broken.prefix(5))")
  }

  @Test(
    "augmenting and chunking the samples and four of Debian's files with 12 tails each keeps every law",
    .tags(.slow), .tiered)
  func chunkLaws() throws {
    var random = SplitMix64(seed: 0xC4_0C5)
    var broken: [String] = []
    var chunked = 0
    for path in RealFiles.samples + RealFiles.debianFiles.prefix(4) {
      let score = try Score(midiBytes: RealFiles.bytes(path))
      for index in 0..<12 {
        let tail = (0..<4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let outcome = TokenLaws.checkChunks(of: score, tail: tail)
        if let violation = outcome.violation { broken.append("\(path) #\(index): \(violation)") }
        chunked += outcome.chunks > 0 ? 1 : 0
      }
    }
    #expect(broken.isEmpty, "\(broken.prefix(5))")
    #expect(chunked > 30, "only \(chunked) cases made chunks")
  }
}
