import JSON
import TokenizerModels

/// MidiTok 3.1's `tokenizer.train(vocab_size, model, files_paths=…)`, split in two so that
/// songs can be read by many jobs: ``addWords(of:to:)`` is `TokTrainingIterator.load_file`
/// after reading (preprocessing, tokenizing, splitting per bar or beat, ids as characters,
/// Metaspace), ``train(_:progress:)`` is the rest: the trainer MidiTok sets up (special tokens,
/// initial alphabet, model options), its training, and the trained tokenizer's file.
///
/// ```swift
/// let training = try TokenizerTraining(baseFile: bytes, model: .bpe, vocabularySize: 2_000)
/// var words = TrainingWords()
/// try training.addWords(of: score, to: &words)
/// let trained = try training.train(words)
/// try trained.fileBytes.write(to: "remi-bpe.json")  // miditok.REMI(params=…) loads it
/// ```
public struct TokenizerTraining: Sendable {
  /// The model learnt.
  public let model: TrainingModel
  /// `vocab_size`.
  public let vocabularySize: Int
  /// The trainer options.
  public let options: TrainingOptions
  /// The base tokenizer the songs are tokenized with (a trained base file's base vocabulary).
  public let base: Tokenizer
  /// The base file's members, kept for the trained file.
  private let document: JSONObject

  /// MidiTok's `CHR_ID_START`: base id `i` is the character `chr(i + 33)`.
  static let firstCharacter = 33
  /// MidiTok's suffix of the base tokens standing for special tokens in a Unigram model.
  static let unigramSuffix = "-unigram"

  /// Sets up a training from MidiTok's saved tokenizer file.
  /// - Throws: ``TokensError``: a file that is not a tokenizer file; ``TokensError/Kind/trainingRefused(_:)``
  ///   for a tokenizer with several vocabularies (MidiTok does not train one), a base already
  ///   trained with Unigram, `vocabularySize` not above the base vocabulary's size (MidiTok
  ///   skips the training), or an option `model`'s trainer does not take.
  public init(
    baseFile bytes: [UInt8], model: TrainingModel, vocabularySize: Int,
    options: TrainingOptions = TrainingOptions()
  ) throws(TokensError) {
    let value = try JSONValue.document(bytes)
    var file = try TokenizerFile(json: value)
    guard case .object(let document) = value else {
      throw TokensError(.trainingRefused("not a tokenizer file"))
    }
    guard !file.tokenization.isMultiVocabulary else {
      throw TokensError(
        .trainingRefused(
          "MidiTok trains no tokenizer with several vocabularies (\(file.tokenization.rawValue)): "
            + "its tokens are tuples, not one sequence of ids"))
    }
    if let trained = file.trained,
      trained.vocabBase.contains(where: { $0.token.hasSuffix(Self.unigramSuffix) })
    {
      throw TokensError(
        .trainingRefused(
          "the base tokenizer was trained with Unigram (its vocabulary has the \"\(Self.unigramSuffix)\" "
            + "tokens MidiTok adds); train from the untrained tokenizer"))
    }
    file.trained = nil
    base = try Tokenizer(file: file)
    let baseSize = base.vocabularies[0].count
    guard vocabularySize > baseSize else {
      throw TokensError(
        .trainingRefused(
          "the vocabulary size \(vocabularySize) is not above the base vocabulary's \(baseSize) tokens "
            + "(MidiTok skips such a training)"))
    }
    let allowed = TrainingOptions.names(for: model)
    if let refused = options.setNames.first(where: { !allowed.contains($0) }) {
      throw TokensError(
        .trainingRefused(
          "\(refused) is not an option of \(model.rawValue) training (it takes "
            + allowed.joined(separator: ", ") + ")"))
    }
    self.model = model
    self.vocabularySize = vocabularySize
    self.options = options
    self.document = document
  }

  /// Adds the words of one song, as `TokTrainingIterator.load_file` makes them from a song
  /// symusic has read: MidiTok's preprocessing and tokenization (base ids), then the chunks.
  /// - Throws: ``TokensError`` where MidiTok itself fails on the song.
  public func addWords(of score: consuming Score, to words: inout TrainingWords) throws(TokensError) {
    let collector = TrainingWordCollector(split: base.config.encodeIDsSplit)
    swap(&words, &collector.words)
    defer { swap(&words, &collector.words) }
    _ = try base.encode(consume score, to: collector)
    collector.finishSong()
  }

  /// What became of a file given to ``addWords(ofMIDIFile:to:)``.
  public enum FileOutcome: Sendable, Equatable {
    /// Its words were added.
    case added
    /// symusic does not read it (nor midiroll, or midiroll only): MidiTok's training skips it.
    case unreadable(String)
    /// MidiTok fails to tokenize it (its training would raise there): left out.
    case refused(String)
  }

  /// Adds the words of a MIDI file's bytes as MidiTok's `TokTrainingIterator` reads the file:
  /// a file symusic refuses is skipped, as `load_file` skips it, even where midiroll reads it.
  public func addWords(ofMIDIFile bytes: [UInt8], to words: inout TrainingWords) -> FileOutcome {
    let reading: ScoreReading
    do throws(TokensError) {
      reading = try Score.reading(midiBytes: bytes)
    } catch {
      return .unreadable(error.description)
    }
    if let refusal = reading.symusicRefusal { return .unreadable(refusal.description) }
    do throws(TokensError) {
      try addWords(of: reading.score, to: &words)
      return .added
    } catch {
      return .refused(error.description)
    }
  }

  /// Whether the ids are split per bar or beat (MidiTok's Metaspace pre-tokenizer is used).
  private var splitsIDs: Bool { base.config.encodeIDsSplit == "bar" || base.config.encodeIDsSplit == "beat" }

  /// Trains on the words of every song and makes the trained tokenizer's file, as MidiTok's
  /// `train` then `save` make it. `progress` is called with the merges done (BPE, WordPiece).
  /// - Throws: ``TokensError``: the trainer's own failure (Unigram), or a trained file this
  ///   module cannot load back.
  public func train(_ words: TrainingWords, progress: ((Int) -> Void)? = nil) throws(TokensError)
    -> TrainedTokenizer
  {
    let tokens = base.vocabularies[0].tokens
    let character = { (id: Int) -> [UInt32] in [UInt32(id + Self.firstCharacter)] }
    let specialIDs = base.config.specialTokens.compactMap { base.vocabularies[0].id($0) }
    let alphabet = tokens.indices.filter { !tokens[$0].hasSuffix(Self.unigramSuffix) }.map {
      UInt32($0 + Self.firstCharacter)
    }
    var vocabBase = tokens.enumerated().map { (token: $0.element, id: $0.offset) }
    var bytes = tokens.indices.map { (byte: Self.text(character($0)), token: tokens[$0]) }
    var specialTokens = base.config.specialTokens
    let modelText: [UInt8]
    let merges: Int
    switch model {
    case .bpe, .wordPiece:
      var trainer = BPETrainer(vocabularySize: vocabularySize)
      trainer.specialTokens = specialIDs.map(character)
      trainer.initialAlphabet = alphabet
      trainer.minimumFrequency = options.minFrequency ?? 0
      trainer.alphabetLimit = options.limitAlphabet
      if model == .bpe {
        trainer.maximumTokenLength = options.maxTokenLength
        // MidiTok gives the model "" for both when it splits; `tokenizers`' BPE has none.
        trainer.continuingSubwordPrefix = splitsIDs ? [] : nil
        trainer.endOfWordSuffix = splitsIDs ? [] : nil
      } else {
        // WordPiece's own prefix is "##"; MidiTok sets "" when it splits.
        trainer.continuingSubwordPrefix = splitsIDs ? [] : [0x23, 0x23]
      }
      let trained = trainer.train(words: words.sorted, progress: progress)
      merges = trained.merges.count
      let writer = TrainedTokenizerJSON(specialTokens: trainer.specialTokens, metaspace: splitsIDs)
      if model == .bpe {
        modelText = writer.bpe(trained)
      } else {
        let pad = base.vocabularies[0].id("PAD_None") ?? 0
        let perWord = options.maxInputCharsPerWord ?? (base.config.encodeIDsSplit == "beat" ? 100 : 400)
        modelText = writer.wordPiece(trained, unknownToken: character(pad), maxInputCharsPerWord: perWord)
      }
    case .unigram:
      // A special token cannot be one base character in Unigram: MidiTok adds base tokens
      // "PAD_None-unigram" … whose characters are "!" + the special's + "!".
      var specials: [[UInt32]] = []
      for id in specialIDs {
        let characters = [UInt32(Self.firstCharacter)] + character(id) + [UInt32(Self.firstCharacter)]
        let token = tokens[id] + Self.unigramSuffix
        if !tokens.contains(token) {
          bytes.append((Self.text(characters), token))
          vocabBase.append((token, vocabBase.count))
          if !specialTokens.contains(token) { specialTokens.append(token) }
        }
        specials.append(characters)
      }
      var trainer = UnigramTrainer(vocabularySize: vocabularySize)
      trainer.specialTokens = specials
      trainer.initialAlphabet = alphabet
      if let value = options.shrinkingFactor { trainer.shrinkingFactor = value }
      if let value = options.maxPieceLength { trainer.maxPieceLength = value }
      if let value = options.subIterations { trainer.subIterations = value }
      let trained: (pieces: [(piece: [UInt32], score: Double)], unknownID: Int?)
      do {
        trained = try trainer.train(words: words.sorted)
      } catch {
        throw TokensError(.trainingRefused("the Unigram trainer fails: \(error.description)"))
      }
      merges = 0
      modelText = TrainedTokenizerJSON(specialTokens: specials, metaspace: splitsIDs).unigram(
        pieces: trained.pieces, unknownID: trained.unknownID)
    }
    let fileBytes = savedFile(
      modelText: modelText, vocabBase: vocabBase, bytes: bytes, specialTokens: specialTokens)
    let tokenizer = try Tokenizer(file: TokenizerFile(bytes: fileBytes))
    return TrainedTokenizer(fileBytes: fileBytes, tokenizer: tokenizer, merges: merges)
  }

  /// The file `save` writes: the base file's members (the config's special tokens with Unigram's
  /// additions), then `_vocab_base`, `_model` and `_vocab_base_byte_to_token`.
  private func savedFile(
    modelText: [UInt8], vocabBase: [(token: String, id: Int)], bytes: [(byte: String, token: String)],
    specialTokens: [String]
  ) -> [UInt8] {
    JSONWriter.bytes(initialCapacity: modelText.count * 2 + 4096) { writer in
      writer.beginObject()
      for member in document.members where !Self.trainedMembers.contains(member.name) {
        writer.name(member.name)
        if member.name == "config", case .object(var config) = member.value {
          if let index = config.members.firstIndex(where: { $0.name == "special_tokens" }) {
            config.members[index].value = .array(specialTokens.map(JSONValue.string))
          }
          writer.value(.object(config))
        } else {
          writer.value(member.value)
        }
      }
      writer.name("_vocab_base")
      writer.beginObject()
      for (token, id) in vocabBase {
        writer.name(token)
        writer.integer(id)
      }
      writer.endObject()
      writer.name("_model")
      writer.string(String(decoding: modelText, as: UTF8.self))
      writer.name("_vocab_base_byte_to_token")
      writer.beginObject()
      for (byte, token) in bytes {
        writer.name(byte)
        writer.string(token)
      }
      writer.endObject()
      writer.endObject()
    }
  }

  /// The members a trained file adds (and `has_bpe`, MidiTok 2's).
  private static let trainedMembers: Set<String> = [
    "_vocab_base", "_model", "_vocab_base_byte_to_token", "has_bpe",
  ]

  /// Characters as a string, scalars unchanged.
  private static func text(_ scalars: [UInt32]) -> String {
    String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
  }
}

/// A tokenizer ``TokenizerTraining`` has trained.
public struct TrainedTokenizer: Sendable {
  /// The tokenizer file, as MidiTok's `save` writes it (`miditok.REMI(params=…)` loads it).
  public let fileBytes: [UInt8]
  /// The trained tokenizer.
  public let tokenizer: Tokenizer
  /// The merges learnt (BPE and WordPiece; 0 for Unigram).
  public let merges: Int
}
