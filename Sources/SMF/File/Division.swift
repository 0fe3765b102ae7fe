/// The header's division: what a tick means.
///
/// The SMF specification: "If bit 15 of <division> is a zero, the bits 14 thru 0 represent
/// the number of delta-time 'ticks' which make up a quarter-note. If bit 15 of <division> is a
/// one, delta-times in a file correspond to subdivisions of a second": bits 14–8 hold a
/// negative SMPTE format (-24, -25, -29, -30) and bits 7–0 the ticks per frame.
public enum Division: Hashable, Sendable {
  /// Ticks per quarter note (PPQN), 1–32767.
  case ticksPerQuarter(Int)
  /// SMPTE time: frames per second (24, 25, 29 for 30 drop-frame, 30) and ticks per frame.
  case smpte(framesPerSecond: Int, ticksPerFrame: Int)

  /// Decodes the header's 16-bit division word.
  /// - Returns: `nil` for 0 ticks per quarter, an unknown SMPTE rate or 0 ticks per frame
  ///   (a tick of no length, with which no time can be computed).
  public init?(rawValue: UInt16) {
    if rawValue & 0x8000 == 0 {
      guard rawValue > 0 else { return nil }
      self = .ticksPerQuarter(Int(rawValue))
    } else {
      let fps = -Int(Int8(bitPattern: UInt8(rawValue >> 8)))
      let ticksPerFrame = Int(rawValue & 0xFF)
      guard [24, 25, 29, 30].contains(fps), ticksPerFrame > 0 else { return nil }
      self = .smpte(framesPerSecond: fps, ticksPerFrame: ticksPerFrame)
    }
  }

  /// The header's 16-bit division word.
  public var rawValue: UInt16 {
    switch self {
    case .ticksPerQuarter(let ticks):
      return UInt16(clamping: ticks) & 0x7FFF
    case .smpte(let fps, let ticksPerFrame):
      return UInt16(UInt8(bitPattern: Int8(-fps))) << 8 | UInt16(UInt8(clamping: ticksPerFrame))
    }
  }

  /// Ticks per quarter note, or `nil` for SMPTE time.
  public var ticksPerQuarter: Int? {
    if case .ticksPerQuarter(let ticks) = self { return ticks }
    return nil
  }

  /// Ticks per second for SMPTE time (29 means 29.97 drop-frame), or `nil` for PPQN.
  public var ticksPerSecond: Double? {
    guard case .smpte(let fps, let ticksPerFrame) = self else { return nil }
    return (fps == 29 ? 29.97 : Double(fps)) * Double(ticksPerFrame)
  }
}
