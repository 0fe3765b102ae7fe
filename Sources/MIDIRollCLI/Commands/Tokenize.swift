import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions

/// `midiroll tokenize IN OUT.json --tokenizer T.json`: a song's MidiTok token ids.
struct Tokenize: DocumentedCommand, WritesSongs {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract:
      "Write a song's MidiTok 3.1 token ids (the ids MidiTok gives) as MidiTok's tokens JSON (.json).",
    discussion: """
      The song is read as MidiTok reads it (through symusic), preprocessed as MidiTok's \
      preprocess_score does and tokenized with the tokenizer file's tokenization and \
      configuration; with a trained tokenizer (BPE, Unigram, WordPiece) the ids of each bar \
      (or beat, as encode_ids_split says) are then encoded by its model, as MidiTok's \
      encode_token_ids does. The output is what MidiTok's tokenize_dataset saves: {"ids": …, \
      "ids_encoded": …, "programs": …}, read by MidiTok's load_tokens and DatasetJSON. A \
      configuration midiroll does not reproduce exactly is refused, naming the field. With \
      --max-seq-len N the tokens are cut into chunks of at most N tokens, each the ids of the \
      song clipped to its ticks (at bar lines, sharing --overlap-bars bars), written as a list \
      of sequences with "chunks": their track, start_tick and end_tick.
      """
  )

  /// `midiroll tokenize --help`'s examples.
  static let examples = [
    "midiroll tokenize song.mid song.json --tokenizer tokenizer.json",
    "midiroll tokenize song.mid - --tokenizer remi-bpe.json | jq '.ids[0][:16]'",
    "midiroll tokenize song.mid chunks.json --tokenizer remi.json --max-seq-len 1024 --bos --eos",
  ]

  /// The kind `tokenize` writes.
  static let outputKinds: [SongFileKind] = [.tokens]

  /// The input path, or `-`.
  @Argument(help: "The song (.mid, .midi, .kar, .rmi or piano-roll .json), or '-' for standard input.")
  var input: String

  /// The output path, or `-`.
  @Argument(help: "The tokens (.json), or '-' for standard output.")
  var output: String

  /// The tokenizer file.
  @OptionGroup(title: "Tokenizer") var tokenizer: TokenizerOptions
  /// MidiTok's augmentation first.
  @OptionGroup(title: "Augmentation") var augment: AugmentOptions
  /// Cutting into chunks.
  @OptionGroup(title: "Chunks") var chunks: ChunkOptions
  /// Input options.
  @OptionGroup var inputOptions: InputOptions

  /// Allow overwriting the input.
  @Flag(name: .long, help: "Allow the output to overwrite the input.")
  var force = false

  /// Creates the command (for the argument parser).
  init() {}

  /// Checks that a tokenizer is named before any file is read.
  func validate() throws {
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
      try tokenizer.checkNamed()
      _ = try chunks.chunking()
      _ = try augment.augmentation()
    }
  }

  /// Reads, tokenizes and writes, through the kit's pipeline.
  func run() throws {
    var encoding = EncodingOptions()
    encoding.tokens = try tokenizer.tokensOptions()
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
      encoding.tokens.chunking = try chunks.chunking()
      encoding.tokens.augmentation = try augment.augmentation()
    }
    try SongPipeline(outputKind: .tokens, encoding: encoding, decoding: inputOptions.decodingOptions).run(
      input: input, inputKind: inputOptions.from, output: output, inputs: [input], force: force,
      quiet: inputOptions.quiet, command: Self.self)
  }
}
