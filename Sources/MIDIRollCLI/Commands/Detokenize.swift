import ArgumentParser
import MIDIRollKit

/// `midiroll detokenize IN.json OUT.mid --tokenizer T.json`: MidiTok token ids back to a song.
struct Detokenize: ParsableCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Decode MidiTok 3.1 token ids (MidiTok's tokens JSON) into a song, as MidiTok's decode does.",
    discussion: """
      IN holds {"ids": …} as MidiTok's save_tokens writes it (a list, a list per track, a \
      list of ids per token for CPWord and Octuple). With a trained tokenizer, a sequence with \
      an id past the base vocabulary is decoded by the model first, as MidiTok decides. The \
      song has the notes, tempos, time signatures and programs MidiTok's decode gives, written \
      as symusic writes a song.
      """
  )

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
  @OptionGroup var outputOptions: OutputOptions

  /// Creates the command (for the argument parser).
  init() {}

  /// Reads, decodes and writes, through the kit's pipeline.
  func run() throws {
    let outputKind = try SongFileKind.resolve(
      output, explicit: outputOptions.to, role: .output, allowed: Convert.outputKinds)
    var encoding = EncodingOptions()
    encoding.jsonProfile = outputOptions.compact ? .compact : .full
    var decoding = inputOptions.decodingOptions
    decoding.tokens = try tokenizer.tokensOptions()
    try SongPipeline(outputKind: outputKind, encoding: encoding, decoding: decoding).run(
      input: input, inputKind: .tokens, output: output, inputs: [input], force: outputOptions.force,
      quiet: inputOptions.quiet)
  }
}
