import MIDIRollFiles
import MIDITokens

/// One sequence's record in a packed token dataset's `index.bin`: 40 bytes, little-endian,
/// NumPy's structured dtype ``numpyFields`` (packed, no padding). See `docs/DESIGN.md`, "Packed
/// token datasets".
public struct TokenPackRecord: Hashable, Sendable {
  /// The bytes of a record.
  public static let byteCount = 40
  /// The record's fields as NumPy names them: `(name, dtype)`, in order.
  public static let numpyFields: [(name: String, dtype: String)] = [
    ("offset", "<u8"), ("length", "<u4"), ("source", "<u4"), ("track", "<i4"), ("start_tick", "<i4"),
    ("end_tick", "<i4"), ("pitch_offset", "<i2"), ("velocity_offset", "<i2"), ("duration_offset", "<i4"),
    ("chunk", "<u4"),
  ]

  /// The sequence's first token in `ids.bin`, in tokens.
  public var offset: UInt64
  /// Its tokens.
  public var length: UInt32
  /// Its source file: a line number of `sources.jsonl` (0-based).
  public var source: UInt32
  /// The track of a per-track tokenizer; −1 for one stream.
  public var track: Int32
  /// The source song's first tick it holds (0 for a whole sequence).
  public var startTick: Int32
  /// The tick after the last it holds; −1 for a whole sequence.
  public var endTick: Int32
  /// MidiTok's offsets tuple: semitones, velocity, duration in the source's ticks.
  public var pitchOffset: Int16
  /// See ``pitchOffset``.
  public var velocityOffset: Int16
  /// See ``pitchOffset``.
  public var durationOffset: Int32
  /// Its number among its source's sequences of the same track and offsets (0-based).
  public var chunk: UInt32

  /// A record.
  public init(
    offset: UInt64, length: UInt32, source: UInt32, track: Int32, startTick: Int32, endTick: Int32,
    pitchOffset: Int16, velocityOffset: Int16, durationOffset: Int32, chunk: UInt32
  ) {
    self.offset = offset
    self.length = length
    self.source = source
    self.track = track
    self.startTick = startTick
    self.endTick = endTick
    self.pitchOffset = pitchOffset
    self.velocityOffset = velocityOffset
    self.durationOffset = durationOffset
    self.chunk = chunk
  }

  /// Reads the record at `start` of `bytes` (``byteCount`` bytes from there).
  public init(_ bytes: UnsafeRawBufferPointer, at start: Int) {
    func load<T: FixedWidthInteger>(_ at: Int, as type: T.Type) -> T {
      T(littleEndian: bytes.loadUnaligned(fromByteOffset: start + at, as: T.self))
    }
    self.init(
      offset: load(0, as: UInt64.self), length: load(8, as: UInt32.self), source: load(12, as: UInt32.self),
      track: load(16, as: Int32.self), startTick: load(20, as: Int32.self), endTick: load(24, as: Int32.self),
      pitchOffset: load(28, as: Int16.self), velocityOffset: load(30, as: Int16.self),
      durationOffset: load(32, as: Int32.self), chunk: load(36, as: UInt32.self))
  }

  /// Appends the record's bytes.
  public func append(to bytes: inout [UInt8]) {
    func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    put(offset)
    put(length)
    put(source)
    put(track)
    put(startTick)
    put(endTick)
    put(pitchOffset)
    put(velocityOffset)
    put(durationOffset)
    put(chunk)
  }
}

/// The sequences one song adds to a packed token dataset, as the tokens encoder makes them
/// for `batch --pack`: every variant of the song (the original first, then MidiTok's
/// augmentations), each cut into chunks or whole, as records (offsets from the piece's first
/// token, source 0) and the ids' bytes.
///
/// Its bytes (what the encoder writes and the batch reads back): the record count and the
/// skipped variants as little-endian 32-bit integers, the token count as a 64-bit one, then
/// the records, then the ids.
public struct TokenPackPiece: Sendable {
  /// The records, offsets counted from the piece's first token.
  public var records: [TokenPackRecord] = []
  /// The ids, little-endian, ``TokensLayout/pack(idBytes:)`` bytes each.
  public var ids: [UInt8] = []
  /// The tokens of all records.
  public var tokens = 0
  /// The variants MidiTok would not make (its tessitura left the pitch offset out) or could
  /// not make (a pitch pushed past 0–127).
  public var skippedVariants = 0

  /// An empty piece.
  public init() {}

  /// The piece's bytes.
  public var bytes: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(16 + records.count * TokenPackRecord.byteCount + ids.count)
    withUnsafeBytes(of: UInt32(records.count).littleEndian) { out += $0 }
    withUnsafeBytes(of: UInt32(skippedVariants).littleEndian) { out += $0 }
    withUnsafeBytes(of: UInt64(tokens).littleEndian) { out += $0 }
    for record in records { record.append(to: &out) }
    out += ids
    return out
  }

  /// Reads a piece's bytes.
  /// - Throws: ``KitError`` (bad input) when they are cut short.
  public init(bytes: [UInt8]) throws(KitError) {
    let parsed: TokenPackPiece? = bytes.withUnsafeBytes { raw in
      guard raw.count >= 16 else { return nil }
      let count = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self)))
      var piece = TokenPackPiece()
      piece.skippedVariants = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
      piece.tokens = Int(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
      let idsStart = 16 + count * TokenPackRecord.byteCount
      guard raw.count >= idsStart else { return nil }
      piece.records = (0..<count).map { TokenPackRecord(raw, at: 16 + $0 * TokenPackRecord.byteCount) }
      piece.ids = Array(raw[idsStart...])
      return piece
    }
    guard let parsed else { throw KitError(.badInput, "a token pack piece is cut short") }
    self = parsed
  }
}

/// How the tokens encoder lays out a song's tokens.
public enum TokensLayout: Hashable, Sendable {
  /// MidiTok's tokens JSON (`tokenize`, `batch --to tokens`).
  case json
  /// A ``TokenPackPiece`` with ids of `idBytes` bytes (2 or 4): `batch --to tokens --pack`.
  case pack(idBytes: Int)
}

extension Tokenizer {
  /// The sequences of every variant of a song (the original first, then `grid`'s), each cut
  /// by `chunking` or whole (``sequences(_:chunking:)``), as a pack's piece.
  /// - Throws: ``TokensError`` where the song cannot be tokenized or cut; a variant that
  ///   cannot be made is skipped and counted.
  public func packPiece(
    of score: consuming Score, grid: AugmentationGrid, chunking: TokenChunking?, idBytes: Int
  ) throws(TokensError) -> TokenPackPiece {
    var piece = TokenPackPiece()
    let (variants, skipped) = grid.variants(of: score)
    piece.skippedVariants = skipped
    let width = tokenWidth
    for variant in variants {
      // augment_dataset writes no variant of a song without tracks (`len(score_aug.tracks) == 0`).
      if !variant.isOriginal && score.tracks.isEmpty { continue }
      let version: Score
      if variant.isOriginal {
        version = score
      } else {
        do {
          version = try score.augmented(variant.augmentation)
        } catch {
          guard case .augmentationOutOfRange = error.kind else { throw error }
          piece.skippedVariants += 1
          continue
        }
      }
      var chunkNumbers: [Int: UInt32] = [:]
      for row in try sequences(version, chunking: chunking) {
        let track = row.track ?? -1
        let number = chunkNumbers[track, default: 0]
        chunkNumbers[track] = number + 1
        piece.records.append(
          TokenPackRecord(
            offset: UInt64(piece.tokens), length: UInt32(row.tokenCount), source: 0, track: Int32(track),
            startTick: Int32(clamping: row.startTick), endTick: Int32(clamping: row.endTick),
            pitchOffset: Int16(variant.pitch), velocityOffset: Int16(variant.velocity),
            durationOffset: Int32(clamping: variant.durationTicks), chunk: number))
        piece.tokens += row.ids.count / width
        Self.appendIDs(row.ids, bytes: idBytes, to: &piece.ids)
      }
    }
    return piece
  }

  /// Appends ids as little-endian integers of `bytes` bytes (ids are below ``idLimit``).
  private static func appendIDs(_ ids: [Int32], bytes: Int, to out: inout [UInt8]) {
    let start = out.count
    out.append(contentsOf: repeatElement(0, count: ids.count * bytes))
    out.withUnsafeMutableBytes { raw in
      if bytes == 2 {
        for (index, id) in ids.enumerated() {
          raw.storeBytes(
            of: UInt16(truncatingIfNeeded: id).littleEndian, toByteOffset: start + index * 2, as: UInt16.self)
        }
      } else {
        for (index, id) in ids.enumerated() {
          raw.storeBytes(
            of: UInt32(bitPattern: id).littleEndian, toByteOffset: start + index * 4, as: UInt32.self)
        }
      }
    }
  }
}
