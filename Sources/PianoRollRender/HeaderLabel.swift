/// A text along the top of a piano roll: the title, a bar number, a meter, a key or a tempo.
public struct HeaderLabel: Hashable, Sendable {
  /// What the label names.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The drawing's title (usually the file name).
    case title
    /// A bar's number, 1-based as people count.
    case barNumber = "bar-number"
    /// A time signature where it starts, e.g. `6/8`.
    case timeSignature = "time-signature"
    /// A key signature where it starts, e.g. `D major`.
    case keySignature = "key-signature"
    /// A tempo where it starts, e.g. `♩ = 120`; drawn with a marker at its tick.
    case tempo
  }

  /// What the label names.
  public var kind: Kind
  /// The text, as is (the SVG writer escapes it).
  public var text: String
  /// Where the text starts, in pixels.
  public var x: Double
  /// The text's baseline, in pixels from the top.
  public var y: Double
  /// The tick the label marks, if it marks one.
  public var tick: Int?

  /// Creates a label.
  public init(kind: Kind, text: String, x: Double, y: Double, tick: Int? = nil) {
    self.kind = kind
    self.text = text
    self.x = x
    self.y = y
    self.tick = tick
  }
}
