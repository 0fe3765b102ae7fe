/// One entry of the legend under a piano roll: a colour swatch (if any) and a text.
public struct LegendEntry: Hashable, Sendable {
  /// The swatch's colour, or `nil` for a text alone.
  public var color: RGBColor?
  /// The text, as is (the SVG writer escapes it).
  public var text: String
  /// Where the entry starts, in pixels.
  public var x: Double
  /// The entry's baseline, in pixels from the top.
  public var y: Double

  /// Creates an entry.
  public init(color: RGBColor?, text: String, x: Double, y: Double) {
    self.color = color
    self.text = text
    self.x = x
    self.y = y
  }
}
