import MIDIRollFiles
import PianoRoll

/// What is done to a song between reading and writing, in this order: the sustain pedal
/// (``SustainMode``), the edits (slice, resample, transpose, velocity, merge or split; see
/// ``SongEdits``), then filter to keys, then quantize.
public struct TransformPlan: Sendable {
  /// What the sustain pedal does to durations (nothing by default).
  public var sustain = SustainMode.ignore
  /// The edits, if any.
  public var edits: SongEdits?
  /// The key filter, if any.
  public var filter: KeyFilter?
  /// The quantizer, if any.
  public var quantizer: Quantizer?

  /// Creates a plan.
  public init(edits: SongEdits? = nil, filter: KeyFilter? = nil, quantizer: Quantizer? = nil) {
    self.edits = edits
    self.filter = filter
    self.quantizer = quantizer
  }

  /// Whether the plan leaves a song as it is (and as it was read: a `.mid` is not even turned
  /// into a piano roll).
  public var isEmpty: Bool { sustain == .ignore && edits == nil && filter == nil && quantizer == nil }

  /// Applies the sustain pedal, edits, filters, then quantizes.
  /// - Returns: One line per step saying what it did.
  /// - Throws: ``KitError`` (bad input, naming the file) for an edit the song does not allow.
  @discardableResult
  public func apply(to input: inout SongInput) throws(KitError) -> [String] {
    guard !isEmpty else { return [] }
    var lines: [String] = []
    let path = input.path
    try input.transform { (song) throws(KitError) in
      if sustain == .extend { song.extendSustain() }
      if let edits {
        do throws(EditError) {
          lines += try edits.apply(to: &song)
        } catch {
          var hints: [KitHint] = []
          if case .outOfRange = error { hints.append(.outOfRange) }
          throw KitError(.badInput, file: path, error.description, hints: hints)
        }
      }
      if let filter { lines.append(filter.filter(&song).description) }
      if let quantizer { lines.append(quantizer.quantize(&song).description) }
    }
    return lines
  }

  /// The input after ``apply(to:)`` (for `batch`, which prints no per-file lines).
  public func applied(to input: SongInput) throws(KitError) -> SongInput {
    var input = input
    try apply(to: &input)
    return input
  }
}
