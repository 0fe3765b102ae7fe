import ArgumentParser
import MIDIRollFiles
import MIDITokens

/// How `tokenize` cuts a song's tokens into chunks no longer than a model's context
/// (`--max-seq-len`), the same words for the command line and for `Tokenizer.encode_chunks`.
package struct ChunkOptions: ParsableArguments {
  /// The most tokens a chunk holds.
  @Option(
    name: .customLong("max-seq-len"),
    help: ArgumentHelp(
      "Cut the tokens into chunks of at most N tokens (BOS and EOS counted), at bar lines, each tokenized alone.",
      valueName: "N"))
  package var maxSeqLen: Int?
  /// The bars consecutive chunks share.
  @Option(
    name: .customLong("overlap-bars"),
    help: ArgumentHelp("The bars consecutive chunks share (with --max-seq-len).", valueName: "K"))
  package var overlapBars = 1
  /// Begin the first chunk of a song (or track) with BOS.
  @Flag(name: .long, help: "Begin the first chunk of a song (or track) with BOS (with --max-seq-len).")
  package var bos = false
  /// End the last chunk of a song (or track) with EOS.
  @Flag(name: .long, help: "End the last chunk of a song (or track) with EOS (with --max-seq-len).")
  package var eos = false

  /// Creates default options.
  package init() {}

  /// The chunking asked for, `nil` without `--max-seq-len`.
  /// - Throws: ``KitError`` (usage): a length below 1, a negative overlap, or a chunk option
  ///   without `--max-seq-len`.
  package func chunking() throws(KitError) -> TokenChunking? {
    guard let maxSeqLen else {
      if bos || eos || overlapBars != 1 {
        throw KitError(.usage, "--overlap-bars, --bos and --eos cut chunks: give --max-seq-len too")
      }
      return nil
    }
    guard maxSeqLen >= 1 else {
      throw KitError(.usage, "--max-seq-len must be at least 1 (got \(maxSeqLen))")
    }
    guard overlapBars >= 0 else {
      throw KitError(.usage, "--overlap-bars must be 0 or more (got \(overlapBars))")
    }
    return TokenChunking(maxSequenceLength: maxSeqLen, overlapBars: overlapBars, bos: bos, eos: eos)
  }
}
