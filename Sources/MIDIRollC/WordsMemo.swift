import SMF

/// What a caller's option words were read into, kept so a word list the process has read before
/// is not read again: `convert`'s parser builds its whole option table from reflection on every
/// call, which costs more than transposing or writing a small song. A training loop calls with
/// a handful of word lists (`--semitones 2`, no words for a `.mid`) again and again.
///
/// Only what the words gave is kept, never a refusal (the refusal is read again, in the same
/// words). At most ``capacity`` lists are kept; when full, the memo starts over.
final class WordsMemo<Value: Sendable>: @unchecked Sendable {
  /// How many word lists are kept at most.
  let capacity: Int
  private let lock = POSIXLock()
  private var values: [[String]: Value] = [:]

  /// An empty memo keeping at most `capacity` word lists.
  init(capacity: Int = 256) { self.capacity = capacity }

  /// The value `words` gave before, or the one `read` gives now (kept for the next call).
  func value<E: Error>(for words: [String], reading read: () throws(E) -> Value) throws(E) -> Value {
    lock.lock()
    let known = values[words]
    lock.unlock()
    if let known { return known }
    let value = try read()
    lock.lock()
    if values.count >= capacity { values.removeAll(keepingCapacity: true) }
    values[words] = value
    lock.unlock()
    return value
  }
}
