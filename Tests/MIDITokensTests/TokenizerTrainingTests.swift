import Foundation
import MIDITokens
import TestSupport
import Testing
import TokenizerModels

/// Training a tokenizer on the samples, no judge needed: the trained tokenizer loads back, has
/// the size asked, and its ids decode to the base ids of every song (training is lossless);
/// what MidiTok refuses is refused. MidiTok judges the models themselves (`test_train.py`).
@Suite("Tokenizer training")
struct TokenizerTrainingTests {
  /// A sample tokenizer file's bytes.
  static func tokenizerFile(_ name: String) throws -> [UInt8] {
    try RealFiles.bytes(RealFiles.packageRoot.appendingPathComponent("Samples/tokenizers/\(name).json").path)
  }

  /// The words of every sample song.
  static func words(_ training: TokenizerTraining) throws -> TrainingWords {
    var words = TrainingWords()
    for path in RealFiles.samples {
      try training.addWords(of: Score(midiBytes: RealFiles.bytes(path)), to: &words)
    }
    return words
  }

  @Test(
    "BPE and WordPiece per bar, per beat: the size asked, and ids that decode to the base ids",
    arguments: [
      (TrainingModel.bpe, "bar"), (.wordPiece, "bar"), (.bpe, "beat"), (.bpe, "no"),
    ])
  func lossless(model: TrainingModel, split: String) throws {
    var text = String(decoding: try Self.tokenizerFile("remi"), as: UTF8.self)
    text = text.replacingOccurrences(
      of: "\"encode_ids_split\": \"bar\"", with: "\"encode_ids_split\": \"\(split)\"")
    let training = try TokenizerTraining(baseFile: Array(text.utf8), model: model, vocabularySize: 400)
    let words = try Self.words(training)
    #expect(words.sequenceCount > 0)
    let trained = try training.train(words)
    #expect(trained.tokenizer.trainedModel?.vocabularySize == 400)
    #expect(trained.merges > 0)
    #expect(trained.tokenizer.config.encodeIDsSplit == split)
    let model = try #require(trained.tokenizer.trainedModel)
    for path in RealFiles.samples {
      let score = try Score(midiBytes: RealFiles.bytes(path))
      let base = try training.base.encode(score)
      let encoded = try trained.tokenizer.tokenize(score)
      #expect(encoded.sequences.count == base.sequences.count)
      for (ids, baseIDs) in zip(encoded.sequences, base.sequences) {
        #expect(ids.count <= baseIDs.count + 1, "\(path): trained ids are no longer than base ids")
        #expect(try model.decode(ids.map(Int.init)) == baseIDs.map(Int.init), "\(path)")
      }
    }
    // Training twice gives the same file.
    #expect(try training.train(words).fileBytes == trained.fileBytes)
  }

  @Test("what MidiTok refuses or skips is refused, with the reason")
  func refusals() throws {
    func reason(_ file: [UInt8], size: Int, options: TrainingOptions = TrainingOptions()) -> String? {
      do throws(TokensError) {
        _ = try TokenizerTraining(baseFile: file, model: .bpe, vocabularySize: size, options: options)
        return nil
      } catch {
        guard case .trainingRefused(let reason) = error.kind else { return "\(error)" }
        return reason
      }
    }
    let remi = try Self.tokenizerFile("remi")
    #expect(reason(remi, size: 357)?.contains("357 tokens") == true)
    #expect(reason(remi, size: 358) == nil)
    let cpword = reason(try Self.tokenizerFile("cpword"), size: 9_000)
    #expect(cpword?.contains("several vocabularies (CPWord)") == true)
    var options = TrainingOptions()
    options.shrinkingFactor = 0.5
    #expect(
      reason(remi, size: 1_000, options: options)?.contains("shrinking_factor is not an option of BPE")
        == true)
    #expect(
      reason(try Self.tokenizerFile("remi-unigram"), size: 1_000)?.contains("trained with Unigram") == true)
    #expect(TrainingModel(name: "wordpiece") == .wordPiece)
    #expect(TrainingModel(name: "bpe-dropout") == nil)
  }
}
