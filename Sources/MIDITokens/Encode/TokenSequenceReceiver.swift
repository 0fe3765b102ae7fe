/// What a tokenization hands its sequences to as it makes them: each sequence begins, comes
/// in one or more pieces of ids (with the tick of each id when the receiver asked for times),
/// and ends. A receiver that takes pieces lets a song's ids be written out while it is
/// tokenized, so that a whole sequence is never held (``TokensJSONWriter``); one that does not
/// gets each sequence in one piece.
protocol TokenSequenceReceiver: AnyObject {
  /// Whether a sequence may come in several pieces.
  var takesPieces: Bool { get }
  /// Whether each id comes with its tick.
  var needsTimes: Bool { get }
  /// Called once, before the first sequence, with the song as tokenized (preprocessed) and the
  /// number of ids per token (1, or the vocabularies of CPWord and Octuple).
  func begin(score: Score, width: Int) throws(TokensError)
  /// A new sequence begins.
  func beginSequence() throws(TokensError)
  /// The next part of a sequence that joins several (MMM's tracks) begins, after the ids of
  /// the part before. Told only to a receiver that takes pieces; nothing by default.
  func beginPart() throws(TokensError)
  /// The next ids of the sequence (a whole number of tokens), and their ticks when
  /// ``needsTimes`` (else empty).
  func receive(_ ids: UnsafeBufferPointer<Int32>, times: UnsafeBufferPointer<Int32>) throws(TokensError)
  /// The sequence has ended.
  func endSequence() throws(TokensError)
}

extension TokenSequenceReceiver {
  func beginPart() throws(TokensError) {}
}

/// A receiver that keeps every sequence whole: what ``Tokenizer/encode(_:keepingTimes:)``
/// returns.
final class CollectedTokenSequences: TokenSequenceReceiver {
  let takesPieces = false
  let needsTimes: Bool
  private(set) var sequences: [[Int32]] = []
  private(set) var times: [[Int32]] = []
  private(set) var width = 1

  init(keepingTimes: Bool) { needsTimes = keepingTimes }

  func begin(score: Score, width: Int) { self.width = width }

  func beginSequence() {
    sequences.append([])
    if needsTimes { times.append([]) }
  }

  func receive(_ ids: UnsafeBufferPointer<Int32>, times pieceTimes: UnsafeBufferPointer<Int32>) {
    sequences[sequences.count - 1] += ids
    if needsTimes { times[times.count - 1] += pieceTimes }
  }

  func endSequence() {}
}
