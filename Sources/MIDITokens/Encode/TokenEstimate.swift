/// A guess of how many tokens a piece of a song makes, from its notes: tokens per note, learnt
/// from each chunk measured. It only says where ``Tokenizer/encodeChunks(_:_:)`` measures
/// first; every chunk is measured before it is kept.
struct TokenEstimate {
  /// Every note's onset, in order (a tick once per note).
  private let onsets: [Int]
  /// Tokens per note, as last measured.
  private var tokensPerNote = 4.0

  /// The estimate of a song whose notes start at `onsets` (in order, a tick once per note).
  init(onsets: [Int]) { self.onsets = onsets }

  /// The notes starting in `[start, end)`.
  private func notes(from start: Int, before end: Int) -> Int {
    firstIndex(atOrAfter: end) - firstIndex(atOrAfter: start)
  }

  private func firstIndex(atOrAfter tick: Int) -> Int {
    var low = 0
    var high = onsets.count
    while low < high {
      let middle = (low + high) / 2
      if onsets[middle] < tick { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The last bar after `start` (an index of `bars`) at which a chunk from `startTick` is
  /// guessed to hold at most `limit` tokens; the next bar when none is.
  func lastBar(fitting limit: Int, from startTick: Int, bars: [Int], after start: Int) -> Int {
    var low = start + 1
    var high = bars.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      let guess = Double(notes(from: startTick, before: bars[middle])) * tokensPerNote
      if guess <= Double(limit) { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Whether a chunk from `start` measured at `measured` tokens up to `measuredEnd` would pass
  /// `limit` if it went on to `nextEnd`, at its own tokens per note.
  func wouldExceed(_ limit: Int, measured: Int, from start: Int, measuredEnd: Int, nextEnd: Int) -> Bool {
    let held = notes(from: start, before: measuredEnd)
    let added = notes(from: measuredEnd, before: nextEnd)
    guard held > 0, added > 0 else { return false }
    return Double(measured) + Double(added) * Double(measured) / Double(held) > Double(limit)
  }

  /// Learns from a chunk from `start` to `end` measured at `tokens` tokens.
  mutating func learn(measured tokens: Int, from start: Int, to end: Int) {
    let notes = notes(from: start, before: end)
    if notes >= 8 { tokensPerNote = Double(tokens) / Double(notes) }
  }
}
