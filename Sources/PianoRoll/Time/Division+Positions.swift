import SMF

extension Division {
  /// Ticks in a quarter note for counting bars and beats.
  ///
  /// PPQN: the header's value. SMPTE time has no quarter notes, so positions count as if a
  /// quarter note lasted one second of nominal frames (60 BPM): `framesPerSecond × ticksPerFrame`
  /// ticks, with 30 frames for 29.97 drop-frame. Bars then count seconds (4 s a bar in 4/4).
  public var ticksPerQuarterForPositions: Int {
    switch self {
    case .ticksPerQuarter(let ticks):
      return max(1, ticks)
    case .smpte(let framesPerSecond, let ticksPerFrame):
      return max(1, (framesPerSecond == 29 ? 30 : framesPerSecond) * ticksPerFrame)
    }
  }
}
