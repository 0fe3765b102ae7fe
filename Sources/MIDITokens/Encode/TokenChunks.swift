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
  /// A song's token sequences as rows: its chunks (``encodeChunks(_:_:)``) with a chunking,
  /// else each sequence of ``tokenize(_:)`` whole (its track for a per-track tokenizer, start
  /// tick 0, end tick −1). What `tokenize`, `Tokenizer.encode` and a packed dataset hold.
  /// - Throws: ``TokensError`` as ``tokenize(_:)`` and ``encodeChunks(_:_:)`` do.
  public func sequences(_ score: consuming Score, chunking: TokenChunking?) throws(TokensError)
    -> [TokenChunk]
  {
    if let chunking { return try encodeChunks(score, chunking) }
    let tokens = try tokenize(score)
    return tokens.sequences.enumerated().map { index, ids in
      TokenChunk(
        ids: ids, width: tokens.width, track: tokens.isOneStream ? nil : index, startTick: 0, endTick: -1)
    }
  }

  /// Cuts a song into chunks of at most `chunking.maxSequenceLength` tokens, measured, not
  /// estimated: each candidate is tokenized as MidiTok tokenizes it (``tokenize(_:)``).
  ///
  /// A per-track tokenizer cuts each track alone, as `split_score_per_tracks` gives it; one
  /// stream cuts the whole song. A chunk starts and ends at bar lines and holds as many bars as
  /// fit (found by measuring where its notes say the limit falls; a chunk nine tenths full, or
  /// whose next bar is guessed not to fit, is taken); consecutive chunks share
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
  ///
  /// Each chunk's end bar is found by measuring where the notes say the limit falls
  /// (``TokenEstimate``; see `docs/DESIGN.md`, "Chunks no longer than `max_seq_len`").
  /// Candidates of a song in time order are clipped by binary searches; of another, from a
  /// window of the song around the estimate, not from the whole song.
  private func appendChunks(
    of score: Score, track: Int?, _ chunking: TokenChunking, bos: Int32?, eos: Int32?,
    to chunks: inout [TokenChunk]
  ) throws(TokensError) {
    var allOnsets: [Int] = []
    for track in score.tracks { allOnsets += track.notes.map { Int($0.time) } }
    Self.sortIfNeeded(&allOnsets)
    var onsets = allOnsets
    Self.removeRepeats(&onsets)
    guard let lastOnset = onsets.last else { return }
    let timeSorted = score.isTimeSorted
    // The bar lines MidiTok's `get_bars_ticks` gives, then the end of the last bar (past the
    // last onset).
    let sections = Self.meterSections(of: score, through: lastOnset, beats: false)
    var bars = sections.flatMap { section in (0..<section.count).map { section.start + section.unit * $0 } }
    Self.sortIfNeeded(&bars)
    Self.removeRepeats(&bars)
    if let past = bars.firstIndex(where: { $0 > lastOnset }) { bars.removeSubrange(past...) }
    bars.append(max(sections.last.map { $0.start + $0.unit * $0.count } ?? 0, lastOnset + 1))
    if bars[0] > 0 { bars.insert(0, at: 0) }

    let limit = chunking.maxSequenceLength
    var estimate = TokenEstimate(onsets: allOnsets)
    var first = true
    var start = 0  // the start bar's index
    var startTick = bars[0]
    while startTick <= lastOnset {
      let guess = estimate.lastBar(fitting: limit, from: startTick, bars: bars, after: start)
      // A song out of time order: the song from the chunk's start to a few bars past the guess,
      // which candidates within it are clipped from (one in order is clipped by binary searches).
      let windowEnd = min(guess + max(4, (guess - start) / 4), bars.count - 1)
      let window =
        timeSorted
        ? nil : score.clipped(from: Int32(clamping: startTick), before: Int32(clamping: bars[windowEnd]))
      var measured: [Int: TokenChunk] = [:]
      // The chunk [startTick, endTick): its tokens, BOS and EOS counted.
      func tokens(until endTick: Int) throws(TokensError) -> TokenChunk {
        var ids =
          if let window, endTick <= bars[windowEnd] {
            try chunkIDs(of: window, from: 0, before: endTick - startTick, timeSorted: false)
          } else {
            try chunkIDs(of: score, from: startTick, before: endTick, timeSorted: timeSorted)
          }
        let isLast = endTick > lastOnset
        if first, let bos { ids.sequence.insert(contentsOf: repeatElement(bos, count: ids.width), at: 0) }
        if isLast, let eos { ids.sequence.append(contentsOf: repeatElement(eos, count: ids.width)) }
        return TokenChunk(
          ids: ids.sequence, width: ids.width, track: track, startTick: startTick, endTick: endTick)
      }
      func fitting(_ bar: Int) throws(TokensError) -> TokenChunk? {
        if let known = measured[bar] { return known.tokenCount <= limit ? known : nil }
        let candidate = try tokens(until: bars[bar])
        measured[bar] = candidate
        estimate.learn(measured: candidate.tokenCount, from: startTick, to: bars[bar])
        return candidate.tokenCount <= limit ? candidate : nil
      }
      // The end bar: each candidate the bar the notes say the limit falls at, at the tokens per
      // note last measured, between the last bar measured to fit and the first measured not
      // to (halving after four guesses); done when the next bar is measured not to fit, or is
      // guessed not to, or the chunk is nine tenths full.
      var best: TokenChunk?
      var bestEnd = start
      var failing = bars.count
      var candidate = guess
      var guesses = 0
      while true {
        if let chunk = try fitting(candidate) {
          (best, bestEnd) = (chunk, candidate)
          if bestEnd + 1 >= failing || chunk.tokenCount * 10 >= limit * 9
            || estimate.wouldExceed(
              limit, measured: chunk.tokenCount, from: startTick, measuredEnd: bars[bestEnd],
              nextEnd: bars[bestEnd + 1])
          {
            break
          }
        } else {
          failing = candidate
          if bestEnd + 1 >= failing { break }
        }
        guesses += 1
        let guessed = estimate.lastBar(fitting: limit, from: startTick, bars: bars, after: bestEnd)
        candidate = guesses < 4 ? min(max(guessed, bestEnd + 1), failing - 1) : (bestEnd + failing) / 2
      }
      if let best {
        if Self.hasNotes(onsets, from: startTick, before: best.endTick) {
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
      if Self.hasNotes(onsets, from: startTick, before: cut.endTick) {
        chunks.append(cut)
        first = false
      }
      startTick = cut.endTick
    }
  }

  /// The ids MidiTok's `encode` gives for the song clipped to `[start, end)` and moved to 0.
  private func chunkIDs(of score: Score, from start: Int, before end: Int, timeSorted: Bool)
    throws(TokensError)
    -> (sequence: [Int32], width: Int)
  {
    let clipped = score.clipped(
      from: Int32(clamping: start), before: Int32(clamping: end), timeSorted: timeSorted)
    let tokens = try tokenize(clipped)
    return (tokens.sequences.flatMap { $0 }, tokens.width)
  }

  /// Sorts ticks, unless they are in order already (as a song's notes mostly are).
  private static func sortIfNeeded(_ ticks: inout [Int]) {
    if zip(ticks, ticks.dropFirst()).contains(where: { $0 > $1 }) { ticks.sort() }
  }

  /// Removes repeated ticks from ticks in order.
  private static func removeRepeats(_ ticks: inout [Int]) {
    var kept = 0
    for index in ticks.indices where kept == 0 || ticks[index] != ticks[kept - 1] {
      ticks[kept] = ticks[index]
      kept += 1
    }
    ticks.removeSubrange(kept...)
  }

  /// Whether a note starts in `[start, end)`, of a song's distinct onsets in order.
  private static func hasNotes(_ onsets: [Int], from start: Int, before end: Int) -> Bool {
    var low = 0
    var high = onsets.count
    while low < high {
      let middle = (low + high) / 2
      if onsets[middle] < start { low = middle + 1 } else { high = middle }
    }
    return low < onsets.count && onsets[low] < end
  }
}
