/// A vocabulary: tokens (`Pitch_60`) and their ids, in MidiTok's order.
public struct Vocabulary: Hashable, Sendable {
  /// The tokens; a token's id is its index.
  public private(set) var tokens: [String] = []
  private var ids: [String: Int] = [:]

  /// An empty vocabulary.
  public init() {}

  /// A vocabulary given as token → id (a trained tokenizer's `_vocab_base`).
  /// - Returns: `nil` when the ids are not 0 to count − 1, each once.
  public init?(ids: [String: Int]) {
    var tokens = [String?](repeating: nil, count: ids.count)
    for (token, id) in ids {
      guard id < tokens.count, tokens[id] == nil else { return nil }
      tokens[id] = token
    }
    self.tokens = tokens.compactMap { $0 }
    self.ids = ids
  }

  /// Adds a token at the end (`add_to_vocab`); a token already there keeps its id.
  mutating func append(_ token: String) {
    guard ids[token] == nil else { return }
    ids[token] = tokens.count
    tokens.append(token)
  }

  /// Adds tokens at the end.
  mutating func append(contentsOf tokens: some Sequence<String>) {
    for token in tokens { append(token) }
  }

  /// The id of a token.
  public func id(_ token: String) -> Int? { ids[token] }

  /// The number of tokens.
  public var count: Int { tokens.count }
}
