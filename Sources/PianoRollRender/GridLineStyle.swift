/// How one kind of grid line is drawn: width, colour and dash pattern.
public struct GridLineStyle: Hashable, Sendable {
  /// The stroke width in pixels.
  public var width: Double
  /// The stroke colour.
  public var color: RGBColor
  /// Dash and gap lengths in pixels; empty for a solid line.
  public var dash: [Double]

  /// Creates a style.
  public init(width: Double, color: RGBColor, dash: [Double] = []) {
    self.width = width
    self.color = color
    self.dash = dash
  }

  /// The standard style of a kind: bar lines 1.5 px dark, beat lines 1 px mid grey,
  /// subdivision lines 0.5 px light grey dashed 2,2.
  public static func standard(_ kind: GridLine.Kind) -> GridLineStyle {
    switch kind {
    case .bar: GridLineStyle(width: 1.5, color: RGBColor(hex: 0x3A3A3A))
    case .beat: GridLineStyle(width: 1, color: RGBColor(hex: 0x9A9A9A))
    case .subdivision: GridLineStyle(width: 0.5, color: RGBColor(hex: 0xC4C4C4), dash: [2, 2])
    }
  }
}
