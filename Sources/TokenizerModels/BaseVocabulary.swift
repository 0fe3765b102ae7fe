import JSON

/// MidiTok's side of a trained tokenizer: the base vocabulary (`_vocab_base`, token → id) and the
/// character standing for each base token (`_vocab_base_byte_to_token`), which give the text a
/// base sequence is encoded as (`_vocab_base_id_to_byte`) and the base ids a trained token decodes
/// to (`_vocab_learned_bytes_to_tokens`).
struct BaseVocabulary: Sendable {
  /// The characters of base id `i` for `0 ≤ i < count`: `scalars[offsets[i]..<offsets[i + 1]]`
  /// (empty for an id the vocabulary does not have).
  private let scalars: [UInt32]
  private let offsets: [Int32]
  /// Whether id `i` (`0 ≤ i < count`) is in the vocabulary.
  private let known: [Bool]
  /// The characters of ids outside `0..<count`.
  private let others: [Int: [UInt32]]
  /// Base token → id.
  let ids: [String: Int]
  /// One character → its base token (the keys of `_vocab_base_byte_to_token` of one character).
  let tokenOfCharacter: [UInt32: String]
  /// `len(tokenizer.vocab)`.
  var count: Int { ids.count }

  init(vocabBase: [String: Int], byteToToken: [String: String]) throws(TrainedModelError) {
    let vocabPath = JSONPath([.name("_vocab_base")])
    let bytesPath = JSONPath([.name("_vocab_base_byte_to_token")])
    // MidiTok inverts the byte map (the later byte of a token wins) and keys the ids by it (the
    // later token of an id wins): orders a dictionary does not keep, so both are refused.
    var byteOfToken: [String: String] = [:]
    for (byte, token) in byteToToken.sorted(by: { $0.key < $1.key }) {
      if let other = byteOfToken[token] {
        throw TrainedModelError(
          .inconsistent("the base token \"\(token)\" has two characters, \"\(other)\" and \"\(byte)\""),
          path: bytesPath.appending(byte))
      }
      byteOfToken[token] = byte
    }
    var characters: [Int: [UInt32]] = [:]
    var tokenOfID: [Int: String] = [:]
    for (token, id) in vocabBase.sorted(by: {
      $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key)
    }) {
      guard id >= 0 else {
        throw TrainedModelError(
          .unsupported(found: "the id \(id)", expected: "a base id ≥ 0"), path: vocabPath.appending(token))
      }
      if let other = tokenOfID[id] {
        throw TrainedModelError(
          .inconsistent("the id \(id) is given to two base tokens, \"\(other)\" and \"\(token)\""),
          path: vocabPath.appending(token))
      }
      tokenOfID[id] = token
      guard let byte = byteOfToken[token] else {
        throw TrainedModelError(
          .missingField(
            token, expected: "the character of every base token (a value of _vocab_base_byte_to_token)"),
          path: bytesPath)
      }
      characters[id] = byte.unicodeScalars.map(\.value)
    }
    let count = vocabBase.count
    var scalars: [UInt32] = []
    var offsets: [Int32] = [0]
    var known: [Bool] = []
    offsets.reserveCapacity(count + 1)
    for id in 0..<count {
      scalars.append(contentsOf: characters[id] ?? [])
      offsets.append(Int32(scalars.count))
      known.append(characters[id] != nil)
    }
    self.scalars = scalars
    self.offsets = offsets
    self.known = known
    others = characters.filter { $0.key >= count }
    ids = vocabBase
    var single: [UInt32: String] = [:]
    for (byte, token) in byteToToken where byte.unicodeScalars.count == 1 {
      single[byte.unicodeScalars.first!.value] = token
    }
    tokenOfCharacter = single
  }

  /// Appends the characters of base id `id`; `false` if the vocabulary does not have it.
  @inline(__always)
  func appendCharacters(of id: Int, to text: inout [UInt32]) -> Bool {
    if id >= 0 && id < known.count {
      guard known[id] else { return false }
      let start = Int(offsets[id])
      let end = Int(offsets[id + 1])
      if end - start == 1 {
        text.append(scalars[start])
      } else {
        text.append(contentsOf: scalars[start..<end])
      }
      return true
    }
    guard let characters = others[id] else { return false }
    text.append(contentsOf: characters)
    return true
  }

  /// The one character of base id `id` when it has exactly one (MidiTok's `chr(id + 33)`), else `nil`.
  @inline(__always)
  func singleCharacter(of id: Int) -> UInt32? {
    guard id >= 0 && id < known.count, known[id], offsets[id + 1] - offsets[id] == 1 else { return nil }
    return scalars[Int(offsets[id])]
  }
}
