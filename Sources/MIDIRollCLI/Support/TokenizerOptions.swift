import ArgumentParser
import MIDIRollFiles
import MIDIRollKit

/// The MidiTok tokenizer file of the commands that make or read tokens (`tokenize`,
/// `detokenize`, `batch --to tokens`).
struct TokenizerOptions: ParsableArguments {
  /// The tokenizer file MidiTok saved (`tokenizer.save(path)`).
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The tokenizer file MidiTok 3.1 saved (tokenizer.save(path)): REMI, TSD, MIDILike, Structured, CPWord, "
        + "Octuple, PerTok, MMM or MuMIDI; all but CPWord, Octuple and MuMIDI also trained (BPE, Unigram, WordPiece).",
      valueName: "tokenizer.json"))
  var tokenizer: String?

  /// Creates default options.
  init() {}

  /// Checks that a tokenizer file is named (its reading waits for the run).
  /// - Throws: ``KitError`` (usage) when none is.
  func checkNamed() throws(KitError) {
    if tokenizer == nil {
      throw KitError(
        .usage, "tokens are made and read with a MidiTok tokenizer file", hints: [.nameTokenizer])
    }
  }

  /// The tokenizer, read from its file.
  /// - Throws: ``KitError``: (usage) when no file is named, (bad input) when it cannot be
  ///   read or is not a tokenizer file midiroll reproduces.
  func tokensOptions() throws(KitError) -> TokensOptions {
    try checkNamed()
    return try TokensOptions(tokenizerFile: tokenizer ?? "")
  }
}
