/// A run of bars, 0-based like ``Position``: a first bar and an optional last one (inclusive).
///
/// People write bars 1-based (``init(parsing:)``): `5...12` (also `5..12` and `5-12`) is the
/// fifth to the twelfth bar, `5...` runs to the end of the song, `...12` from the start, and
/// `5` is that bar alone.
public struct BarRange: Hashable, Sendable, CustomStringConvertible {
  /// The first bar, 0-based.
  public var first: Int
  /// The last bar, 0-based and inclusive; `nil` for the end of the song.
  public var last: Int?

  /// Creates a run of 0-based bars.
  /// - Precondition: `first >= 0` and `last`, if given, is at least `first`.
  public init(first: Int, last: Int? = nil) {
    precondition(first >= 0 && (last ?? first) >= first, "bars run forward from bar 0")
    self.first = first
    self.last = last
  }

  /// Reads 1-based bars: `5...12`, `5..12`, `5-12`, `5...`, `...12` or `5`.
  /// - Throws: ``BarRangeError`` saying why the text is not a run of bars.
  public init(parsing text: String) throws(BarRangeError) {
    let trimmed = text.trimmingSpaces()
    let separator =
      trimmed.firstRange(of: "...") ?? trimmed.firstRange(of: "..")
      ?? trimmed.dropFirst().firstIndex(of: "-").map { $0..<trimmed.index(after: $0) }
    let lowText = separator.map { String(trimmed[..<$0.lowerBound]) } ?? trimmed
    let highText = separator.map { String(trimmed[$0.upperBound...]) } ?? trimmed
    if lowText.isEmpty && highText.isEmpty { throw .notBars(text) }
    func bar(_ part: String) throws(BarRangeError) -> Int? {
      if part.isEmpty { return nil }
      guard let value = Int(part) else { throw .notBars(text) }
      guard value >= 1 else { throw .notCountedFromOne(text, value) }
      return value
    }
    let low = try bar(lowText) ?? 1
    let high = try bar(highText)
    if let high, high < low { throw .backwards(text, first: low, last: high) }
    self.init(first: low - 1, last: high.map { $0 - 1 })
  }

  /// The bars as people write them, 1-based: `5...12`, `5...`, `5`.
  public var description: String {
    if last == first { return String(first + 1) }
    return "\(first + 1)..." + (last.map { String($0 + 1) } ?? "")
  }
}

/// Why a text is not a run of bars (``BarRange/init(parsing:)``).
public enum BarRangeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Not numbers around `...`, `..` or `-`.
  case notBars(String)
  /// A bar below 1 (people count bars from 1).
  case notCountedFromOne(String, Int)
  /// The last bar before the first.
  case backwards(String, first: Int, last: Int)

  /// One line: what was given, why it is not bars, and what would be.
  public var description: String {
    switch self {
    case .notBars(let text):
      "'\(text)' is not a run of bars: expected first...last counted from 1, e.g. 5...12, 5-12, 5... or 5"
    case .notCountedFromOne(let text, let bar):
      "'\(text)': bars are counted from 1, so there is no bar \(bar) (the first bar is 1)"
    case .backwards(let text, let first, let last):
      "'\(text)' runs backwards: bar \(first) comes after bar \(last) (write \(last)...\(first))"
    }
  }
}

extension String {
  /// The string without leading and trailing spaces.
  func trimmingSpaces() -> String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
