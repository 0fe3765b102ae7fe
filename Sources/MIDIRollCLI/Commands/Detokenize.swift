import ArgumentParser
import MIDIRollFiles
import MIDIRollKit

/// `midiroll detokenize IN.json OUT.mid --tokenizer T.json`: MidiTok token ids back to a song.
struct Detokenize: DocumentedCommand, WritesSongs {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract:
      "Decode MidiTok 3.1 token ids (MidiTok's tokens JSON) into a song (.mid or piano-roll .json), as MidiTok's decode does.",
    discussion: """
      IN holds {"ids": …} as MidiTok's save_tokens writes it (a list, a list per track, a \
      list of ids per token for CPWord and Octuple). With a trained tokenizer, a sequence with \
      an id past the base vocabulary is decoded by the model first, as MidiTok decides. The \
      song has the notes, tempos, time signatures and programs MidiTok's decode gives, written \
      as symusic writes a song.
      """
  )

  /// `midiroll detokenize --help`'s examples.
  static let examples = [
    "midiroll detokenize song.json song.mid --tokenizer tokenizer.json",
    "midiroll detokenize song.json song.roll.json --tokenizer tokenizer.json --compact",
  ]

  /// The kinds `detokenize` writes.
  static let outputKinds: [SongFileKind] = [.mid, .json]

  /// The input path, or `-`.
  @Argument(help: "The tokens (.json), or '-' for standard input.")
  var input: String

  /// The output path, or `-`.
  @Argument(help: "The song (.mid or piano-roll .json), or '-' for standard output.")
  var output: String

  /// The tokenizer file.
  @OptionGroup(title: "Tokenizer") var tokenizer: TokenizerOptions
  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions<DetokenizeKinds>

  /// Creates the command (for the argument parser).
  init() {}

  /// Checks the output's kind and that a tokenizer is named before any file is read.
  func validate() throws {
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
      _ = try outputOptions.kind(of: output)
      try tokenizer.checkNamed()
    }
  }

  /// Reads, decodes and writes, through the kit's pipeline.
  func run() throws {
    let outputKind = try outputOptions.kind(of: output)
    var encoding = EncodingOptions()
    encoding.jsonProfile = outputOptions.compact ? .compact : .full
    var decoding = inputOptions.decodingOptions
    decoding.tokens = try tokenizer.tokensOptions()
    try SongPipeline(outputKind: outputKind, encoding: encoding, decoding: decoding).run(
      input: input, inputKind: .tokens, output: output, inputs: [input], force: outputOptions.force,
      quiet: inputOptions.quiet, command: Self.self)
  }
}
