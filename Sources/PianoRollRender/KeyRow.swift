/// One key row of a piano roll: a pitch, its name in the key column, and where it is drawn.
public struct KeyRow: Hashable, Sendable {
  /// The pitch of the row.
  public var pitch: UInt8
  /// The pitch's name, e.g. `C4`.
  public var name: String
  /// The top of the row, in pixels from the top of the drawing.
  public var y: Double
  /// The row's height in pixels.
  public var height: Double
  /// Whether the row is a black key of a piano (shaded darker).
  public var isBlackKey: Bool
  /// Whether the row is highlighted (a pitch of the chosen scale; not when only the scale's
  /// rows are drawn).
  public var isHighlighted: Bool
  /// Whether the key column shows the row's name (every row when rows are tall enough, else
  /// only the Cs).
  public var isLabeled: Bool

  /// Creates a row.
  public init(
    pitch: UInt8, name: String, y: Double, height: Double, isBlackKey: Bool, isHighlighted: Bool,
    isLabeled: Bool
  ) {
    self.pitch = pitch
    self.name = name
    self.y = y
    self.height = height
    self.isBlackKey = isBlackKey
    self.isHighlighted = isHighlighted
    self.isLabeled = isLabeled
  }

  /// The vertical middle of the row.
  public var centerY: Double { y + height / 2 }
}
