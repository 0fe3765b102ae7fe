import ArgumentParser
import Foundation
import MIDIRollBatch
import MIDIRollFiles
import MIDITokens
import SMF
import TokenizerModels

/// `midiroll train-tokenizer BASE.json OUT.json --model bpe --vocab-size N IN…`: MidiTok's
/// `tokenizer.train(vocab_size, model, files_paths=…)` and `save`, with the files read by many jobs.
struct TrainTokenizer: DocumentedCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    commandName: "train-tokenizer",
    abstract:
      "Train a MidiTok 3.1 tokenizer (BPE, WordPiece or Unigram) on MIDI files, as MidiTok's train does.",
    discussion: """
      Reads every IN (files, or folders walked as batch walks them) as MidiTok's training reads \
      them: symusic's reading, MidiTok's preprocessing and tokenization with BASE.json, the ids \
      split per bar or beat (encode_ids_split) into words of characters chr(id + 33) after a \
      "▁". Then trains Hugging Face tokenizers' trainer as MidiTok sets it up (special tokens, \
      the base vocabulary as initial alphabet, MidiTok's model options) and writes OUT.json, the \
      file MidiTok's save writes: miditok.REMI(params="OUT.json") loads it, and tokenize, \
      batch --to tokens and midiroll.Tokenizer use it. BPE and WordPiece give exactly MidiTok's \
      vocabulary and merges; Unigram, which tokenizers does not train deterministically, a model \
      of the same quality. Files symusic cannot read are skipped and counted, as MidiTok skips \
      them; songs MidiTok fails to tokenize (its training would stop) are left out and counted. \
      OUT.json is written whole or not at all. The summary line gives files, base tokens, unique \
      words, merges and seconds.

      Exit status: 0 when trained, 1 when no file could be read, 2 for bad usage (a vocabulary \
      size not above the base vocabulary's, a tokenizer with several vocabularies, an option \
      the model's trainer does not take), 3 when OUT.json cannot be written.
      """
  )

  /// `midiroll train-tokenizer --help`'s examples.
  static let examples = [
    "midiroll train-tokenizer remi.json remi-bpe.json --vocab-size 2000 lmd/",
    "midiroll train-tokenizer remi.json remi-wp.json --model wordpiece --vocab-size 1000 a.mid b.mid",
    "midiroll train-tokenizer tsd.json tsd-unigram.json --model unigram --vocab-size 4000 --jobs 8 songs/",
  ]

  /// The base tokenizer file.
  @Argument(help: ArgumentHelp("The tokenizer file MidiTok saved (untrained).", valueName: "BASE.json"))
  var base: String

  /// The trained tokenizer file.
  @Argument(help: ArgumentHelp("The trained tokenizer file to write.", valueName: "OUT.json"))
  var output: String

  /// The files and folders to train on.
  @Argument(help: ArgumentHelp("MIDI files, or folders read recursively.", valueName: "IN"))
  var inputs: [String] = []

  /// The model.
  @Option(name: .long, help: ArgumentHelp("The model: bpe, wordpiece or unigram.", valueName: "model"))
  var model = "bpe"

  /// The vocabulary size.
  @Option(name: .long, help: ArgumentHelp("The trained vocabulary's size (vocab_size).", valueName: "N"))
  var vocabSize: Int

  /// The reading threads.
  @Option(name: .long, help: ArgumentHelp("Files read at once (default: one per core).", valueName: "N"))
  var jobs: Int?

  /// `min_frequency`.
  @Option(
    name: .long,
    help: ArgumentHelp("BPE, WordPiece: the fewest times a pair is seen to be merged.", valueName: "N"))
  var minFrequency: Int?

  /// `limit_alphabet`.
  @Option(name: .long, help: ArgumentHelp("BPE, WordPiece: the most characters kept.", valueName: "N"))
  var limitAlphabet: Int?

  /// `max_token_length`.
  @Option(name: .long, help: ArgumentHelp("BPE: the longest token, in base tokens.", valueName: "N"))
  var maxTokenLength: Int?

  /// `max_input_chars_per_word`.
  @Option(
    name: .long,
    help: ArgumentHelp(
      "WordPiece: the longest word encoded (MidiTok: 400 per bar, 100 per beat).", valueName: "N"))
  var maxInputCharsPerWord: Int?

  /// `shrinking_factor`.
  @Option(
    name: .long, help: ArgumentHelp("Unigram: the share of pieces kept at each pruning.", valueName: "x"))
  var shrinkingFactor: Double?

  /// `max_piece_length`.
  @Option(name: .long, help: ArgumentHelp("Unigram: the longest piece, in base tokens.", valueName: "N"))
  var maxPieceLength: Int?

  /// `n_sub_iterations`.
  @Option(name: .long, help: ArgumentHelp("Unigram: EM steps between prunings.", valueName: "N"))
  var nSubIterations: Int?

  /// No progress.
  @Flag(name: .long, help: "Print no progress on standard error.")
  var quiet = false

  /// Creates the command (for the argument parser).
  init() {}

  /// The model named.
  private var trainingModel: TrainingModel? { TrainingModel(name: model) }

  /// The trainer options given.
  private var options: TrainingOptions {
    var options = TrainingOptions()
    options.minFrequency = minFrequency
    options.limitAlphabet = limitAlphabet
    options.maxTokenLength = maxTokenLength
    options.maxInputCharsPerWord = maxInputCharsPerWord
    options.shrinkingFactor = shrinkingFactor
    options.maxPieceLength = maxPieceLength
    options.subIterations = nSubIterations
    return options
  }

  /// Checks the values before any file is read.
  func validate() throws {
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
      guard trainingModel != nil else {
        throw KitError(.usage, "--model \(model): expected bpe, wordpiece or unigram")
      }
      guard vocabSize > 0 else {
        throw KitError(.usage, "--vocab-size \(vocabSize): expected a positive size")
      }
      if let jobs, !(1...1024).contains(jobs) { throw KitError(.usage, "--jobs \(jobs): expected 1 to 1024") }
      guard !inputs.isEmpty else {
        throw KitError(.usage, "no input: name MIDI files or folders after OUT.json")
      }
      for (name, value) in [
        ("--min-frequency", minFrequency), ("--limit-alphabet", limitAlphabet),
        ("--max-token-length", maxTokenLength),
        ("--max-input-chars-per-word", maxInputCharsPerWord), ("--max-piece-length", maxPieceLength),
        ("--n-sub-iterations", nSubIterations),
      ] {
        if let value, value < 0 { throw KitError(.usage, "\(name) \(value): expected 0 or more") }
      }
      if let shrinkingFactor, !(shrinkingFactor > 0 && shrinkingFactor < 1) {
        throw KitError(.usage, "--shrinking-factor \(shrinkingFactor): expected a number between 0 and 1")
      }
    }
  }

  /// Reads, trains and writes.
  func run() throws {
    let start = ContinuousClock.now
    let baseBytes = try FileIO.read(base)
    let training: TokenizerTraining
    do throws(TokensError) {
      training = try TokenizerTraining(
        baseFile: baseBytes, model: trainingModel ?? .bpe, vocabularySize: vocabSize, options: options)
    } catch {
      if case .trainingRefused = error.kind {
        throw UsageError(KitError(.usage, file: base, error.description), command: Self.self)
      }
      throw KitError(.badInput, file: base, error.description)
    }
    let run = TokenizerTrainingRun(
      training: training, inputs: inputs, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    let showsProgress = !quiet && isatty(2) != 0
    let reading = run.read { done in
      if showsProgress {
        StandardError.write("\rmidiroll: train-tokenizer: read \(done)/\(run.files.count) files")
      }
    }
    if showsProgress { StandardError.write("\n") }
    for (path, reason) in reading.unreadable {
      StandardError.write(
        OneLine.escaping("midiroll: \(path): \(reason) (skipped, as MidiTok's training skips it)") + "\n")
    }
    for (path, reason) in reading.refused {
      StandardError.write(
        OneLine.escaping("midiroll: \(path): \(reason) (left out: MidiTok's training stops here)") + "\n")
    }
    guard reading.read > 0 else {
      throw KitError(.badInput, "no readable MIDI file: \(run.files.count) tried")
    }
    let expectedMerges = max(1, vocabSize - training.base.vocabularies[0].count)
    var lastShown = ContinuousClock.now
    let trained: TrainedTokenizer
    do throws(TokensError) {
      trained = try training.train(reading.words) { merges in
        guard showsProgress, ContinuousClock.now - lastShown > .milliseconds(100) else { return }
        lastShown = ContinuousClock.now
        StandardError.write("\rmidiroll: train-tokenizer: \(merges)/~\(expectedMerges) merges")
      }
    } catch {
      throw KitError(.badInput, file: base, error.description)
    }
    if showsProgress { StandardError.write("\n") }
    try FileIO.write(trained.fileBytes, to: output, inputs: [base] + run.files)
    let seconds = Human.seconds(ContinuousClock.now - start)
    var line = "trained \(training.model.rawValue) to \(trained.tokenizer.vocabularySize) tokens: "
    line += "\(reading.read) files"
    if !reading.unreadable.isEmpty { line += " (\(reading.unreadable.count) unreadable skipped)" }
    if !reading.refused.isEmpty { line += " (\(reading.refused.count) MidiTok fails on left out)" }
    line += ", \(reading.words.scalarCount) base tokens, \(reading.words.counts.count) unique words"
    line += ", \(trained.merges) merges, \(String(format: "%.2f", seconds)) s → \(output)"
    try StandardOutput.printLine(line)
  }
}
