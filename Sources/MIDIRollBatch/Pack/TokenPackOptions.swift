import MIDIRollFiles
import MIDITokens
import SongStatistics

/// What `batch --to tokens --pack` writes: the tokenizer's identity and id type, the chunks and
/// the augmented variants (see `docs/DESIGN.md`, "Packed token datasets").
public struct TokenPackOptions: Sendable {
  /// The tokenizer file's SHA-256 (hexadecimal).
  public var tokenizerSHA256: String
  /// `len(tokenizer)`.
  public var vocabularySize: Int
  /// Ids per token.
  public var width: Int
  /// Bytes per id: 2 when every id fits in 16 bits, else 4.
  public var idBytes: Int
  /// Chunks of at most `max_seq_len` tokens, or whole sequences.
  public var chunking: TokenChunking?
  /// The augmented variants of each song.
  public var grid: AugmentationGrid

  /// The options of a pack made with `tokenizer`, read from the file of `tokenizerBytes`.
  public init(tokenizerBytes: [UInt8], tokenizer: Tokenizer, chunking: TokenChunking?, grid: AugmentationGrid)
  {
    tokenizerSHA256 = SHA256.hex(of: tokenizerBytes)
    vocabularySize = tokenizer.vocabularySize
    width = tokenizer.tokenWidth
    idBytes = tokenizer.idLimit <= 1 << 16 ? 2 : 4
    self.chunking = chunking
    self.grid = grid
  }

  /// The settings a pack of `shard` and `part` records.
  func settings(shard: Shard, part: String?) -> TokenPackManifest.Settings {
    TokenPackManifest.Settings(
      tokenizerSha256: tokenizerSHA256, vocabSize: vocabularySize, width: width,
      dtype: idBytes == 2 ? "<u2" : "<u4",
      maxSeqLen: chunking?.maxSequenceLength, overlapBars: chunking?.overlapBars, bos: chunking?.bos ?? false,
      eos: chunking?.eos ?? false, augment: grid.isEmpty ? nil : TokenPackManifest.Augment(grid),
      shard: shard.description, part: part)
  }

  /// The folder of the pack of `shard` and `part` under the output folder.
  static func folder(outputFolder: String, shard: Shard, part: String?) -> String {
    outputFolder + (part.map { "/" + $0 } ?? "") + "/pack-\(shard.index)-of-\(shard.count)"
  }
}
