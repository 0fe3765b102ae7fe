import JSON
import MIDIRollFiles
import MIDITokens
import SMF

/// MidiTok 3.1's tokens JSON (`{"ids": …}`, as `tokenize_dataset` saves it): written from a
/// song with a MidiTok tokenizer file's tokenizer (the ids MidiTok gives), and read back into
/// a song as MidiTok's `decode` makes it. Both need the tokenizer (``TokensOptions``).
public enum TokensFormat {
  /// The format's description. Its extension is `.json` (what MidiTok's datasets read), so a
  /// `.json` path alone names piano-roll JSON: tokens are named by the command (`tokenize`,
  /// `detokenize`) or by `--to`/`--from`.
  public static let format = SongFormat(
    kind: .tokens, title: "MidiTok tokens", extensions: ["json"], decoder: Decoder(),
    makeEncoder: { options throws(KitError) in
      guard let tokenizer = options.tokens.tokenizer else {
        throw KitError(.usage, "tokens need a MidiTok tokenizer file", hints: [.nameTokenizer])
      }
      return Encoder(
        tokenizer: tokenizer, chunking: options.tokens.chunking, augmentation: options.tokens.augmentation,
        grid: options.tokens.grid, layout: options.tokens.layout)
    }, decoderNeedsOptions: true)

  /// Tokenizes a song: its `.mid` bytes (a piano roll is written as `.mid` first) read as
  /// symusic reads them, then MidiTok's preprocessing, tokenization and ids.
  struct Encoder: MIDIBytesEncoder {
    let tokenizer: Tokenizer
    /// Cut the tokens into chunks (`--max-seq-len`), or not.
    let chunking: TokenChunking?
    /// Shift the song first, or not.
    let augmentation: ScoreAugmentation
    /// The variants of a pack (the original alone without offsets).
    let grid: AugmentationGrid
    /// JSON, or a pack's piece.
    let layout: TokensLayout

    func write(_ input: SongInput, to sink: OutputSink) throws(KitError) -> [KitNotice] {
      try writeCounting(input, to: sink).notices
    }

    func writeCounting(_ input: SongInput, to sink: OutputSink) throws(KitError) -> EncoderReport {
      let bytes: [UInt8]
      switch input.content {
      case .midi(let midi, _): bytes = midi
      case .song(let song): bytes = song.serialized()
      }
      var report = try write(midiBytes: bytes, path: input.path, options: input.readOptions, to: sink)
      report.warnings = []
      report.notes = nil
      return report
    }

    func write(midiBytes bytes: [UInt8], path: String, options: ReadOptions, to sink: OutputSink)
      throws(KitError)
      -> EncoderReport
    {
      do throws(TokensError) {
        var reading = try Score.reading(midiBytes: bytes, options: options)
        let programs = tokenizer.config.usePrograms ? nil : reading.score.programs
        // The score is handed over, so that preprocessing works on it in place.
        var score = reading.score
        reading.score = Score(ticksPerQuarter: score.ticksPerQuarter)
        if !augmentation.isIdentity { score = try score.augmented(augmentation) }
        if case .pack(let idBytes) = layout {
          let piece = try tokenizer.packPiece(of: score, grid: grid, chunking: chunking, idBytes: idBytes)
          sink.write(piece.bytes)
          return EncoderReport(
            tokens: piece.tokens, warnings: reading.warnings.map(\.description), notes: reading.noteOnCount)
        }
        if let chunking {
          let chunks = try tokenizer.encodeChunks(consume score, chunking)
          sink.write(TokensFormat.chunksJSON(chunks, idsAreEncoded: tokenizer.trainedModel != nil))
          return EncoderReport(
            tokens: chunks.reduce(0) { $0 + $1.tokenCount }, warnings: reading.warnings.map(\.description),
            notes: reading.noteOnCount)
        }
        let tokens = try tokenizer.tokenizeJSON(consume score, programs: programs) { sink.write($0) }
        return EncoderReport(
          tokens: tokens, warnings: reading.warnings.map(\.description), notes: reading.noteOnCount)
      } catch {
        let offset: Int? = if case .unreadableMIDI(let problem) = error.kind { problem.offset } else { nil }
        throw KitError(.badInput, file: path, error.description, offset: offset)
      }
    }
  }

  /// Chunks as tokens JSON: `"ids"` a list of sequences (a token a list of ids for CPWord
  /// and Octuple), as a per-track tokenizer's, `"ids_encoded"` one flag per sequence, then
  /// `"chunks"`: each sequence's `track` (`null` for one stream), `start_tick` and `end_tick`.
  static func chunksJSON(_ chunks: [TokenChunk], idsAreEncoded: Bool) -> [UInt8] {
    JSONWriter.bytes { writer in
      writer.raw("{\"ids\": [")
      for (index, chunk) in chunks.enumerated() {
        writer.raw(index == 0 ? "[" : ", [")
        for token in 0..<chunk.tokenCount {
          if token > 0 { writer.raw(", ") }
          if chunk.width > 1 { writer.raw("[") }
          // A MuMIDI token shorter than the vocabularies ends at its first −1.
          for field in 0..<chunk.width where chunk.ids[token * chunk.width + field] >= 0 {
            if field > 0 { writer.raw(", ") }
            writer.rawInteger(Int(chunk.ids[token * chunk.width + field]))
          }
          if chunk.width > 1 { writer.raw("]") }
        }
        writer.raw("]")
      }
      writer.raw("], \"ids_encoded\": [")
      for index in chunks.indices {
        if index > 0 { writer.raw(", ") }
        writer.rawBool(idsAreEncoded)
      }
      writer.raw("], \"chunks\": [")
      for (index, chunk) in chunks.enumerated() {
        writer.raw(index == 0 ? "{\"track\": " : ", {\"track\": ")
        if let track = chunk.track { writer.rawInteger(track) } else { writer.raw("null") }
        writer.raw(", \"start_tick\": ", integer: chunk.startTick)
        writer.raw(", \"end_tick\": ", integer: chunk.endTick)
        writer.raw("}")
      }
      writer.raw("]}\n")
    }
  }

  /// Decodes tokens JSON into a song, as MidiTok's `decode` does, written as symusic writes it.
  struct Decoder: SongDecoder {
    func decode(_ bytes: [UInt8], path: String, options: DecodingOptions) throws(KitError) -> SongInput {
      guard let tokenizer = options.tokens.tokenizer else {
        throw KitError(
          .usage, file: path, "tokens are read with a MidiTok tokenizer file", hints: [.nameTokenizer])
      }
      let midi: [UInt8]
      do throws(TokensError) {
        let ids = try TokenIDList(bytes: bytes, tokenizer: tokenizer)
        midi = try tokenizer.decode(ids).midiBytes()
      } catch {
        throw KitError(.badInput, file: path, error.description)
      }
      return try MIDIFormat.Decoder().decode(midi, path: path, options: options)
    }
  }
}

/// The tokenizer of the tokens format, one group of options (in ``EncodingOptions`` and
/// ``DecodingOptions``).
public struct TokensOptions: Sendable {
  /// The tokenizer, made from a MidiTok tokenizer file.
  public var tokenizer: Tokenizer?
  /// Cut the tokens into chunks (`--max-seq-len`), or write them whole.
  public var chunking: TokenChunking?
  /// Shift pitches, velocities and durations first, as MidiTok's `augment_score`.
  public var augmentation = ScoreAugmentation()
  /// The variants of each song in a pack (`batch --augment`), MidiTok's `augment_dataset`.
  public var grid = AugmentationGrid()
  /// MidiTok's tokens JSON, or a pack's pieces (`batch --pack`).
  public var layout = TokensLayout.json

  /// No tokenizer: the tokens format refuses to work until one is given.
  public init() {}

  /// The tokenizer of a MidiTok tokenizer file (`tokenizer.save(path)`).
  /// - Throws: ``KitError`` (bad input) naming the file: unreadable, not a MidiTok tokenizer
  ///   file (with the JSON path), or asking for what midiroll does not reproduce exactly.
  public init(tokenizerFile path: String) throws(KitError) {
    let bytes = try FileIO.read(path)
    do throws(TokensError) {
      tokenizer = try Tokenizer(file: TokenizerFile(bytes: bytes))
    } catch {
      throw KitError(.badInput, file: path, error.description)
    }
  }
}
