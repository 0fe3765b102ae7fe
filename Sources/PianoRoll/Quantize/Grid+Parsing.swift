extension Grid {
  /// Reads a grid as people write it, case-insensitively.
  ///
  /// Accepted: `1/1` … `1/64`; the names `whole`, `half`, `quarter`, `eighth`, `sixteenth`,
  /// `thirty-second` (or `thirtysecond`), `sixty-fourth` (or `sixtyfourth`); a triplet with a
  /// `t` suffix or the word `triplet` (`1/8t`, `eighth triplet`, `eighth-triplet`); a dotted
  /// value with a `.` suffix or the word `dotted` (`1/8.`, `dotted eighth`, `eighth.`).
  /// - Throws: ``GridError`` for anything else (`1/7`, `quarter-ish`, `1/8t.`).
  public init(parsing text: String) throws(GridError) {
    var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" })
      .map(String.init)
    // "thirty-second" and "sixty-fourth" were split at their hyphen: join them again.
    var index = 0
    while index + 1 < words.count {
      if (words[index] == "thirty" && words[index + 1].hasPrefix("second"))
        || (words[index] == "sixty" && words[index + 1].hasPrefix("fourth"))
      {
        words[index] += words.remove(at: index + 1)
      }
      index += 1
    }
    var kinds: [Kind] = []
    var base: String?
    for var word in words {
      switch word {
      case "triplet", "triplets":
        kinds.append(.triplet)
        continue
      case "dotted":
        kinds.append(.dotted)
        continue
      default:
        break
      }
      if word.count > 1 && word.hasSuffix(".") {
        kinds.append(.dotted)
        word.removeLast()
      } else if word.count > 1 && word.hasSuffix("t") && word.hasPrefix("1/") {
        kinds.append(.triplet)
        word.removeLast()
      }
      guard base == nil else { throw GridError(text: text) }
      base = word
    }
    guard let base, kinds.count <= 1, let noteValue = Self.noteValue(named: base),
      let grid = Grid(noteValue: noteValue, kind: kinds.first ?? .straight)
    else { throw GridError(text: text) }
    self = grid
  }

  /// The note value of `1/n` or of a note value's name, or `nil`.
  private static func noteValue(named word: String) -> Int? {
    if word.hasPrefix("1/") {
      let digits = word.dropFirst(2)
      guard (1...2).contains(digits.count), digits.first != "0",
        digits.allSatisfy({ ("0"..."9").contains($0) })
      else {
        return nil
      }
      return Int(digits)
    }
    let names = ["whole", "half", "quarter", "eighth", "sixteenth", "thirtysecond", "sixtyfourth"]
    return names.firstIndex(of: word).map { noteValues[$0] }
  }
}
