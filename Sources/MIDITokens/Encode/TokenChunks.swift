/// A piece of a song's tokens no longer than a model's context: the ids of the song clipped to
/// `[startTick, endTick)` and moved to tick 0 (symusic's `clip(start, end, clip_end=False)`
/// then `shift_time(-start)`), as MidiTok's `encode` gives them, so it decodes on its own.
public struct TokenChunk: Hashable, Sendable {
  /// The ids (a CPWord or Octuple token is ``width`` ids in a row), with the BOS id first on
  /// the first chunk of a song (or track) and the EOS id last on its last, when asked.
  public var ids: [Int32]
  /// Ids per token: 1, or the number of vocabularies of CPWord and Octuple.
  public var width: Int
  /// The track (an index of symusic's tracks) for a per-track tokenizer; `nil` for one stream.
  public var track: Int?
  /// The first tick of the song the chunk holds (its notes by their onsets).
  public var startTick: Int
  /// The tick after the last the chunk holds.
  public var endTick: Int

  /// The number of tokens.
  public var tokenCount: Int { ids.count / max(width, 1) }
}

/// How a song is cut into chunks (`encode_chunks`, `tokenize --max-seq-len`).
public struct TokenChunking: Hashable, Sendable {
  /// The most tokens a chunk holds, BOS and EOS included.
  public var maxSequenceLength: Int
  /// The bars consecutive chunks share.
  public var overlapBars: Int
  /// Begin the first chunk of a song (or track) with BOS.
  public var bos: Bool
  /// End the last chunk of a song (or track) with EOS.
  public var eos: Bool

  /// A chunking of at most `maxSequenceLength` tokens a chunk.
  public init(maxSequenceLength: Int, overlapBars: Int = 1, bos: Bool = false, eos: Bool = false) {
    self.maxSequenceLength = maxSequenceLength
    self.overlapBars = overlapBars
    self.bos = bos
    self.eos = eos
  }
}

extension Tokenizer {
  /// Cuts a song into chunks of at most `chunking.maxSequenceLength` tokens, measured, not
  /// estimated: each candidate is tokenized as MidiTok tokenizes it (``tokenize(_:)``).
  ///
  /// A per-track tokenizer cuts each track alone, as `split_score_per_tracks` gives it; one
  /// stream cuts the whole song. A chunk starts and ends at bar lines and holds as many bars as
  /// fit (found by a binary search over its end bar); consecutive chunks share
  /// `overlapBars` bars. A bar whose own tokens are too many is cut inside, at the latest note
  /// onset that still fits. Every note lies in some chunk; a chunk with no notes is left out.
  /// - Throws: ``TokensError``: the song cannot be tokenized, the length is below what one
  ///   onset's notes need, or BOS or EOS is asked for and the tokenizer has none.
  public func encodeChunks(_ score: Score, _ chunking: TokenChunking) throws(TokensError) -> [TokenChunk] {
    let special = baseVocabulary
    func specialID(_ name: String, _ wanted: Bool) throws(TokensError) -> Int32? {
      guard wanted else { return nil }
      guard let id = special.id(name) else {
        throw TokensError(
          .chunkImpossible(
            maxSequenceLength: chunking.maxSequenceLength, tick: 0, needed: 0, missingToken: name))
      }
      return Int32(id)
    }
    let bos = try specialID("BOS_None", chunking.bos)
    let eos = try specialID("EOS_None", chunking.eos)
    var chunks: [TokenChunk] = []
    if oneTokenStream {
      try appendChunks(of: score, track: nil, chunking, bos: bos, eos: eos, to: &chunks)
    } else {
      for index in score.tracks.indices {
        var alone = score
        alone.tracks = [score.tracks[index]]
        try appendChunks(of: alone, track: index, chunking, bos: bos, eos: eos, to: &chunks)
      }
    }
    return chunks
  }

  /// The vocabulary special tokens are looked up in (the first, for CPWord and Octuple).
  private var baseVocabulary: Vocabulary { vocabularies.first ?? Vocabulary() }

  /// The chunks of one song (or one track's song), appended.
  private func appendChunks(
    of score: Score, track: Int?, _ chunking: TokenChunking, bos: Int32?, eos: Int32?,
    to chunks: inout [TokenChunk]
  ) throws(TokensError) {
    let onsets = Self.onsets(of: score)
    guard let lastOnset = onsets.last else { return }
    // The bar lines MidiTok's `get_bars_ticks` gives, then the end of the last bar (past the
    // last onset).
    let sections = Self.meterSections(of: score, through: lastOnset, beats: false)
    var bars = sections.flatMap { section in (0..<section.count).map { section.start + section.unit * $0 } }
    bars = Array(Set(bars)).sorted()
    if let past = bars.firstIndex(where: { $0 > lastOnset }) { bars.removeSubrange(past...) }
    bars.append(max(sections.last.map { $0.start + $0.unit * $0.count } ?? 0, lastOnset + 1))
    if bars[0] > 0 { bars.insert(0, at: 0) }

    let limit = chunking.maxSequenceLength
    var first = true
    var start = 0  // the start bar's index
    var startTick = bars[0]
    while startTick <= lastOnset {
      // The chunk [startTick, bars[end]): its tokens, BOS and EOS counted.
      func tokens(until endTick: Int) throws(TokensError) -> TokenChunk {
        var ids = try chunkIDs(of: score, from: startTick, before: endTick)
        let isLast = endTick > lastOnset
        if first, let bos { ids.sequence.insert(contentsOf: repeatElement(bos, count: ids.width), at: 0) }
        if isLast, let eos { ids.sequence.append(contentsOf: repeatElement(eos, count: ids.width)) }
        return TokenChunk(
          ids: ids.sequence, width: ids.width, track: track, startTick: startTick, endTick: endTick)
      }
      // The most bars that fit: a binary search over the end bar (more bars, more tokens).
      var low = start + 1
      var high = bars.count - 1
      var best: TokenChunk?
      var bestEnd = start
      while low <= high {
        let middle = (low + high) / 2
        let candidate = try tokens(until: bars[middle])
        if candidate.tokenCount <= limit {
          best = candidate
          bestEnd = middle
          low = middle + 1
        } else {
          high = middle - 1
        }
      }
      if let best {
        if Self.hasNotes(score, from: startTick, before: best.endTick) {
          chunks.append(best)
          first = false
        }
        if best.endTick > lastOnset { return }
        let next = max(bestEnd - chunking.overlapBars, start + 1)
        start = next
        startTick = max(bars[next], startTick + 1)
        continue
      }
      // One bar alone is too long: cut it at the latest onset that fits.
      let inBar = onsets.filter { $0 > startTick && $0 < bars[start + 1] }
      var cut: TokenChunk?
      var lowOnset = 0
      var highOnset = inBar.count - 1
      while lowOnset <= highOnset {
        let middle = (lowOnset + highOnset) / 2
        let candidate = try tokens(until: inBar[middle])
        if candidate.tokenCount <= limit {
          cut = candidate
          lowOnset = middle + 1
        } else {
          highOnset = middle - 1
        }
      }
      guard let cut else {
        let alone = try tokens(until: inBar.first ?? bars[start + 1])
        throw TokensError(
          .chunkImpossible(
            maxSequenceLength: limit, tick: startTick, needed: alone.tokenCount, missingToken: nil))
      }
      if Self.hasNotes(score, from: startTick, before: cut.endTick) {
        chunks.append(cut)
        first = false
      }
      startTick = cut.endTick
    }
  }

  /// The ids MidiTok's `encode` gives for the song clipped to `[start, end)` and moved to 0.
  private func chunkIDs(of score: Score, from start: Int, before end: Int) throws(TokensError)
    -> (sequence: [Int32], width: Int)
  {
    let clipped = score.clipped(from: Int32(clamping: start), before: Int32(clamping: end))
    let tokens = try tokenize(clipped)
    return (tokens.sequences.flatMap { $0 }, tokens.width)
  }

  /// The distinct note onsets of a song, in order.
  private static func onsets(of score: Score) -> [Int] {
    var onsets: [Int] = []
    for track in score.tracks { onsets += track.notes.map { Int($0.time) } }
    return Array(Set(onsets)).sorted()
  }

  /// Whether a note of the song starts in `[start, end)`.
  private static func hasNotes(_ score: Score, from start: Int, before end: Int) -> Bool {
    score.tracks.contains { $0.notes.contains { Int($0.time) >= start && Int($0.time) < end } }
  }
}
