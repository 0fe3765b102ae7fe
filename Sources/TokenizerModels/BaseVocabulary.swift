/// MidiTok's side of a trained tokenizer: the base vocabulary (`_vocab_base`, token → id) and the
/// character standing for each base token (`_vocab_base_byte_to_token`), which give the text a
/// base sequence is encoded as (`_vocab_base_id_to_byte`) and the base ids a trained token decodes
/// to (`_vocab_learned_bytes_to_tokens`).
///
/// Texts are kept as Unicode scalars, as Python compares them: a Swift `String` compares by
/// canonical equivalence, and MidiTok's characters `chr(id + 33)` include pairs that are
/// canonically equivalent (U+0300 and U+0340 for base ids 735 and 799; ";" and U+037E).
struct BaseVocabulary: Sendable {
  /// The characters of base id `i` for `0 ≤ i < count`: `scalars[offsets[i]..<offsets[i + 1]]`.
  private let scalars: [UInt32]
  private let offsets: [Int32]
  /// Whether id `i` (`0 ≤ i < count`) is in the vocabulary.
  private let known: [Bool]
  /// The characters of ids outside `0..<count`.
  private let others: [Int: [UInt32]]
  /// Base token → id.
  let ids: [[UInt32]: Int]
  /// One character → its base token (the keys of `_vocab_base_byte_to_token` of one character).
  let tokenOfCharacter: [UInt32: [UInt32]]
  /// `len(tokenizer.vocab)`.
  let count: Int

  /// The two fields in the order of the file: where a token or an id comes twice, the later
  /// entry wins, as in MidiTok's dictionaries.
  init(vocabBase: [(token: String, id: Int)], byteToToken: [(byte: String, token: String)])
    throws(TrainedModelError)
  {
    var ids: [[UInt32]: Int] = [:]
    for (token, id) in vocabBase { ids[Self.scalars(token)] = id }
    // `token_to_byte = {v: k for k, v in _vocab_base_byte_to_token.items()}`.
    var byteOfToken: [[UInt32]: [UInt32]] = [:]
    var single: [UInt32: [UInt32]] = [:]
    for (byte, token) in byteToToken {
      let characters = Self.scalars(byte)
      byteOfToken[Self.scalars(token)] = characters
      if characters.count == 1 { single[characters[0]] = Self.scalars(token) }
    }
    // `_vocab_base_id_to_byte = {i: token_to_byte[tok] for tok, i in _vocab_base.items()}`.
    var characters: [Int: [UInt32]] = [:]
    for (token, id) in vocabBase {
      guard let byte = byteOfToken[Self.scalars(token)] else {
        throw TrainedModelError(
          .missingField(
            token, expected: "the character of every base token (a value of _vocab_base_byte_to_token)"),
          path: .init([.name("_vocab_base_byte_to_token")]))
      }
      characters[id] = byte
    }
    count = ids.count
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
    let dense = count
    others = characters.filter { $0.key < 0 || $0.key >= dense }
    self.ids = ids
    tokenOfCharacter = single
  }

  /// A text as Python sees it: its code points.
  static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

  /// The text of code points (for messages).
  static func text(_ scalars: [UInt32]) -> String {
    String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
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
