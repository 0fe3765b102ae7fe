/// Why a text is not a grid.
public struct GridError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text that was given.
  public var text: String

  /// Creates the error for a text that is not a grid.
  public init(text: String) {
    self.text = text
  }

  /// One line: what was given and what is expected.
  public var description: String {
    "'\(text)' is not a grid: expected 1/1, 1/2, 1/4, 1/8, 1/16, 1/32 or 1/64 (or whole, half, "
      + "quarter, eighth, sixteenth, thirty-second, sixty-fourth), with t for triplets (1/8t) "
      + "or . for dotted (1/8.)"
  }
}
