import TestSupport
import Testing
import TokenizerModels

/// Laws with no judge needed: decoding never crashes, and BPE and Unigram give back the base ids.
@Suite("Laws of trained models")
struct ModelLawTests {
  @Test(
    "decoding any list of ids gives base ids or a typed error, never a crash",
    arguments: SavedTokenizers.names)
  func decodeAnything(name: String) throws {
    let model = try SavedTokenizers.model(name)
    var generator = SplitMix64(seed: fnv1a(name))
    let extremes = [
      Int.min, Int.min + 1, -1, 0, model.vocabularySize - 1, model.vocabularySize, Int(UInt32.max), Int.max,
    ]
    for _ in 0..<2_000 {
      let ids = (0..<generator.int(in: 0...30)).map { _ in
        generator.chance(0.1) ? generator.pick(extremes) : generator.int(in: -5...(model.vocabularySize + 5))
      }
      do {
        let base = try model.decode(ids)
        #expect(base.allSatisfy { (0..<model.baseVocabularySize).contains($0) })
        #expect(ids.allSatisfy { model.contains(id: $0) })
      } catch {
        guard case .id(let index) = error.location else {
          Issue.record("\(error) does not name the id")
          continue
        }
        #expect(!model.contains(id: ids[index]))
      }
    }
  }

  @Test(
    "encoding any chunks gives trained ids or a typed error, never a crash", arguments: SavedTokenizers.names)
  func encodeAnything(name: String) throws {
    let model = try SavedTokenizers.model(name)
    var generator = SplitMix64(seed: fnv1a(name) ^ 1)
    for _ in 0..<500 {
      let chunks = (0..<generator.int(in: 0...5)).map { _ in
        (0..<generator.int(in: 0...30)).map { _ in generator.int(in: -3...(model.baseVocabularySize + 3)) }
      }
      do {
        let ids = try model.encode(chunks: chunks)
        #expect(ids.allSatisfy { model.contains(id: $0) })
      } catch {
        guard case .baseID(let chunk, let index) = error.location else {
          Issue.record("\(error) does not name the base id")
          continue
        }
        #expect(!(0..<model.baseVocabularySize).contains(chunks[chunk][index]))
      }
    }
  }

  @Test(
    "chunks encoded one at a time, past the cache's budget, are each encoded as on their own",
    arguments: ["remi-bpe", "remi-unigram"])
  func chunkEncoderPastTheCache(name: String) throws {
    let model = try SavedTokenizers.model(name)
    var generator = SplitMix64(seed: fnv1a(name) ^ 2)
    // More distinct chunks than the cache keeps (2^15), each coming back now and then, so that
    // ids come from the cache before and after it starts again empty.
    let distinct = (0..<40_000).map { _ in
      (0..<generator.int(in: 1...6)).map { _ in generator.int(in: 0...(model.baseVocabularySize - 1)) }
    }
    var encoder = TrainedChunkEncoder(model: model)
    var fresh: [[Int]: [Int]] = [:]
    for step in 0..<60_000 {
      let chunk = step < distinct.count ? distinct[step] : generator.pick(distinct)
      let ids = try encoder.encode(chunk).map(Int.init)
      if fresh[chunk] == nil { fresh[chunk] = try model.encode(chunks: [chunk]) }
      guard ids == fresh[chunk] else {
        Issue.record("\(name): chunk \(step) \(chunk) gave \(ids), on its own \(fresh[chunk]!)")
        return
      }
    }
  }

  @Test(
    "BPE and Unigram: decoding the trained ids gives the base ids back",
    arguments: ["remi-bpe", "remi-unigram", "tsd-bpe-nosplit", "remi-programs-unigram"])
  func roundTrip(name: String) throws {
    let model = try SavedTokenizers.model(name)
    // MidiTok's special tokens are outside this law: they are added tokens, and a Unigram model's
    // "!!!" (its pad twin, `PAD_None-unigram`) decodes as three pads.
    let vocabBase = try #require(try SavedTokenizers.object(name)["_vocab_base"] as? [String: Int])
    let specials = Set(
      vocabBase.filter { token, _ in
        ["PAD_None", "BOS_None", "EOS_None", "MASK_None"].contains(token) || token.hasSuffix("-unigram")
      }.values)
    #expect(specials.count == (name.contains("unigram") ? 8 : 4))
    var random = RandomChunks(model: model, seed: fnv1a(name) ^ 2)
    for _ in 0..<500 {
      let chunks = random.sequence().map { $0.filter { !specials.contains($0) } }
      let encoded = try model.encode(chunks: chunks)
      #expect(try model.decode(encoded) == Array(chunks.joined()), "\(chunks) → \(encoded)")
    }
  }
}
