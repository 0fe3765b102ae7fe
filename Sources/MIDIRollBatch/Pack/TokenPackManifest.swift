import Foundation
import MIDIRollFiles
import MIDIRollKit
import MIDITokens
import SMF

/// A pack's `manifest.json`: what it holds and how it was made, and its commit record — the
/// counts of ids, records and source lines that are whole (the files may hold more, written by
/// a run that was stopped before its next commit; readers and `--resume` ignore the rest).
/// Written to a temporary file and renamed at every commit. See `docs/DESIGN.md`, "Packed token
/// datasets".
struct TokenPackManifest: Codable, Equatable, Sendable {
  /// What the pack was made with (a resumed run must ask for the same).
  struct Settings: Equatable, Sendable {
    /// The tokenizer file's SHA-256.
    var tokenizerSha256: String
    /// `len(tokenizer)`.
    var vocabSize: Int
    /// Ids per token.
    var width: Int
    /// The ids' NumPy dtype, `<u2` or `<u4`.
    var dtype: String
    /// `--max-seq-len`, or `nil` for whole sequences.
    var maxSeqLen: Int?
    /// `--overlap-bars` with `--max-seq-len`.
    var overlapBars: Int?
    /// `--bos`.
    var bos: Bool
    /// `--eos`.
    var eos: Bool
    /// `--augment` and its options, or `nil`.
    var augment: Augment?
    /// The shard, `K/N`.
    var shard: String
    /// The split part, or `nil`.
    var part: String?
  }

  /// MidiTok's `augment_dataset` arguments.
  struct Augment: Codable, Equatable, Sendable {
    var pitch: [Int]
    var velocity: [Int]
    var duration: [Double]
    var allCombinations: Bool
    var durationInTicks: Bool
    var velocityRange: [Int]
    var minDuration: Double
    var restrictOnProgramTessitura = true

    init(_ grid: AugmentationGrid) {
      pitch = grid.pitchOffsets
      velocity = grid.velocityOffsets
      duration = grid.durationOffsets
      allCombinations = grid.allCombinations
      durationInTicks = grid.durationInTicks
      velocityRange = [grid.velocityRange.lowerBound, grid.velocityRange.upperBound]
      minDuration = grid.minimumDuration
    }
  }

  /// `midiroll-token-pack`.
  var format = "midiroll-token-pack"
  /// The layout's version.
  var formatVersion = 1
  /// The midiroll that wrote it.
  var midirollVersion = MIDIRollVersion.current
  /// See ``Settings``.
  var tokenizerSha256: String
  var vocabSize: Int
  var width: Int
  var dtype: String
  var maxSeqLen: Int?
  var overlapBars: Int?
  var bos: Bool
  var eos: Bool
  var augment: Augment?
  var shard: String
  var part: String?
  /// The index's NumPy dtype: `[name, dtype]` pairs.
  var indexDtype = TokenPackRecord.numpyFields.map { [$0.name, $0.dtype] }
  /// Committed records.
  var sequences = 0
  /// Committed tokens.
  var tokens = 0
  /// Committed lines of `sources.jsonl`.
  var sources = 0
  /// Their bytes.
  var sourcesBytes = 0
  /// Inputs committed, with sequences or not (failed, duplicates, no notes).
  var files = 0
  /// The last input committed (relative path).
  var lastInput: String?
  /// Variants left out (MidiTok's tessitura, or a pitch past 0–127).
  var skippedVariants = 0
  /// Sequences cut short: always 0 (chunks are measured).
  var truncations = 0
  /// Whether the run that wrote it took every input of its shard.
  var complete = false

  /// Encodes every member, `null` for what is absent (so readers find every key).
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(format, forKey: .format)
    try container.encode(formatVersion, forKey: .formatVersion)
    try container.encode(midirollVersion, forKey: .midirollVersion)
    try container.encode(tokenizerSha256, forKey: .tokenizerSha256)
    try container.encode(vocabSize, forKey: .vocabSize)
    try container.encode(width, forKey: .width)
    try container.encode(dtype, forKey: .dtype)
    try container.encode(maxSeqLen, forKey: .maxSeqLen)
    try container.encode(overlapBars, forKey: .overlapBars)
    try container.encode(bos, forKey: .bos)
    try container.encode(eos, forKey: .eos)
    try container.encode(augment, forKey: .augment)
    try container.encode(shard, forKey: .shard)
    try container.encode(part, forKey: .part)
    try container.encode(indexDtype, forKey: .indexDtype)
    try container.encode(sequences, forKey: .sequences)
    try container.encode(tokens, forKey: .tokens)
    try container.encode(sources, forKey: .sources)
    try container.encode(sourcesBytes, forKey: .sourcesBytes)
    try container.encode(files, forKey: .files)
    try container.encode(lastInput, forKey: .lastInput)
    try container.encode(skippedVariants, forKey: .skippedVariants)
    try container.encode(truncations, forKey: .truncations)
    try container.encode(complete, forKey: .complete)
  }

  /// The manifest's JSON (snake-case keys, sorted, one line per member).
  var bytes: [UInt8] {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain values cannot fail.
    return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
  }

  /// Reads a manifest.
  /// - Throws: ``KitError`` (bad input) naming the file for what is not a version-1 manifest.
  init(path: String) throws(KitError) {
    let data = try FileIO.read(path, maximumSize: 1 << 20)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    do {
      self = try decoder.decode(Self.self, from: Data(data))
    } catch {
      throw KitError(.badInput, file: path, "not a midiroll token pack manifest (\(error))")
    }
    guard format == "midiroll-token-pack", formatVersion == 1 else {
      throw KitError(
        .badInput, file: path,
        "a \(format) of format version \(formatVersion), not a midiroll token pack of version 1")
    }
  }

  /// An empty pack's manifest.
  init(settings: Settings) {
    tokenizerSha256 = settings.tokenizerSha256
    vocabSize = settings.vocabSize
    width = settings.width
    dtype = settings.dtype
    maxSeqLen = settings.maxSeqLen
    overlapBars = settings.overlapBars
    bos = settings.bos
    eos = settings.eos
    augment = settings.augment
    shard = settings.shard
    part = settings.part
  }

  /// How it was made.
  var settings: Settings {
    Settings(
      tokenizerSha256: tokenizerSha256, vocabSize: vocabSize, width: width, dtype: dtype,
      maxSeqLen: maxSeqLen,
      overlapBars: overlapBars, bos: bos, eos: eos, augment: augment, shard: shard, part: part)
  }
}
