/// A colour of 8-bit red, green and blue, as SVG and 24-bit terminals take it.
public struct RGBColor: Hashable, Sendable {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8

  /// Creates a colour from its channels.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Creates a colour from `0xRRGGBB`.
  public init(hex: UInt32) {
    self.init(
      red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
      blue: UInt8(truncatingIfNeeded: hex))
  }

  /// White, the background of the piano roll.
  public static let white = RGBColor(hex: 0xFFFFFF)

  /// The colour as SVG writes it: `#rrggbb`.
  public var hexString: String {
    let digits = Array("0123456789abcdef")
    var text = "#"
    for channel in [red, green, blue] {
      text.append(digits[Int(channel >> 4)])
      text.append(digits[Int(channel & 0xF)])
    }
    return text
  }

  /// The colour `amount` of the way to `other` (0 gives this colour, 1 gives `other`).
  public func mixed(with other: RGBColor, amount: Double) -> RGBColor {
    let t = min(1, max(0, amount))
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
    }
    return RGBColor(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
  }

  /// A colour from hue (degrees), saturation and lightness (0–1).
  public static func hsl(hue: Double, saturation: Double, lightness: Double) -> RGBColor {
    let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
    let chroma = (1 - abs(2 * lightness - 1)) * saturation
    let second = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
    let (r, g, b): (Double, Double, Double)
    switch Int(h) {
    case 0: (r, g, b) = (chroma, second, 0)
    case 1: (r, g, b) = (second, chroma, 0)
    case 2: (r, g, b) = (0, chroma, second)
    case 3: (r, g, b) = (0, second, chroma)
    case 4: (r, g, b) = (second, 0, chroma)
    default: (r, g, b) = (chroma, 0, second)
    }
    let offset = lightness - chroma / 2
    func channel(_ value: Double) -> UInt8 { UInt8(min(255, max(0, ((value + offset) * 255).rounded()))) }
    return RGBColor(red: channel(r), green: channel(g), blue: channel(b))
  }

  /// The colour at `position` (0–1) along a gradient through evenly spaced `stops`.
  /// - Precondition: `stops` is not empty.
  public static func gradient(_ stops: [RGBColor], at position: Double) -> RGBColor {
    precondition(!stops.isEmpty, "a gradient has at least one colour")
    guard stops.count > 1 else { return stops[0] }
    let scaled = min(1, max(0, position)) * Double(stops.count - 1)
    let index = min(stops.count - 2, Int(scaled))
    return stops[index].mixed(with: stops[index + 1], amount: scaled - Double(index))
  }
}
