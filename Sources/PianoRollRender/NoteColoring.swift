/// How notes are coloured: one colour per track, or a scheme by pitch; velocity is intensity.
///
/// Every scheme turns a note's velocity into intensity the same way: the fill is the scheme's
/// colour mixed with the white background, from ``minimumIntensity`` at velocity 1 to the full
/// colour at velocity 127 (``fill(base:velocity:)``).
public enum NoteColoring: String, Hashable, Sendable, CaseIterable {
  /// One colour per track (the tracks that hold notes, in order).
  case track
  /// A hue per pitch class: C red, then round the colour wheel in semitones.
  case rainbow
  /// Low pitches dark red, through red and orange, to yellow at the top.
  case fire
  /// Low pitches deep blue, through blue, to cyan at the top.
  case ocean

  /// The colours of ``track``, in track order (repeating after ten tracks).
  public static let trackPalette: [RGBColor] = [
    0x4E79A7, 0xF28E2B, 0x59A14F, 0xE15759, 0xB07AA1, 0x76B7B2, 0xEDC948, 0xFF9DA7, 0x9C755F, 0x79706E,
  ].map(RGBColor.init(hex:))

  /// The gradient of ``fire``, low to high.
  public static let fireStops: [RGBColor] = [0x5C0000, 0xC41E00, 0xFF7A00, 0xFFD21F].map(RGBColor.init(hex:))

  /// The gradient of ``ocean``, low to high.
  public static let oceanStops: [RGBColor] = [0x08214F, 0x1456B8, 0x0A9AD8, 0x00E0F0].map(RGBColor.init(hex:))

  /// The intensity of the quietest note (velocity 1): how much of its colour shows over white.
  public static let minimumIntensity = 0.3

  /// The scheme's colour for a note at full velocity.
  /// - Parameters:
  ///   - pitch: The note's pitch.
  ///   - colorIndex: The index of the note's track among the tracks that hold notes (``track``).
  ///   - pitchRange: The pitches drawn; ``fire`` and ``ocean`` spread their gradient over it.
  public func base(pitch: UInt8, colorIndex: Int, pitchRange: ClosedRange<UInt8>) -> RGBColor {
    switch self {
    case .track:
      return Self.trackPalette[max(0, colorIndex) % Self.trackPalette.count]
    case .rainbow:
      return .hsl(hue: Double(pitch % 12) * 30, saturation: 0.85, lightness: 0.48)
    case .fire, .ocean:
      let span = Double(pitchRange.upperBound) - Double(pitchRange.lowerBound)
      let position = span > 0 ? (Double(pitch) - Double(pitchRange.lowerBound)) / span : 0.5
      return .gradient(self == .fire ? Self.fireStops : Self.oceanStops, at: position)
    }
  }

  /// A colour shown with a velocity's intensity: mixed with white, more of the colour the
  /// louder the note.
  public static func fill(base: RGBColor, velocity: UInt8) -> RGBColor {
    let loudness = Double(min(127, max(1, velocity)) - 1) / 126
    return RGBColor.white.mixed(with: base, amount: minimumIntensity + (1 - minimumIntensity) * loudness)
  }
}
