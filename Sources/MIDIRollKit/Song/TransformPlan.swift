import PianoRoll

/// What is done to a song between reading and writing: filter to keys, then quantize.
public struct TransformPlan: Sendable {
  /// The key filter, if any.
  public var filter: KeyFilter?
  /// The quantizer, if any.
  public var quantizer: Quantizer?

  /// Creates a plan.
  public init(filter: KeyFilter? = nil, quantizer: Quantizer? = nil) {
    self.filter = filter
    self.quantizer = quantizer
  }

  /// Whether the plan leaves a song as it is (and as it was read: a `.mid` is not even turned
  /// into a piano roll).
  public var isEmpty: Bool { filter == nil && quantizer == nil }

  /// Filters, then quantizes.
  /// - Returns: One line per step saying what it did.
  @discardableResult
  public func apply(to input: inout SongInput) -> [String] {
    guard !isEmpty else { return [] }
    var lines: [String] = []
    input.transform { song in
      if let filter { lines.append(filter.filter(&song).description) }
      if let quantizer { lines.append(quantizer.quantize(&song).description) }
    }
    return lines
  }

  /// The input after ``apply(to:)`` (for `batch`, which prints no per-file lines).
  public func applied(to input: SongInput) -> SongInput {
    var input = input
    apply(to: &input)
    return input
  }
}
