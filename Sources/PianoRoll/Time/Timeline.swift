import SMF

/// Where a song's ticks fall in bars and beats, and in seconds: its meters, tempos and keys.
///
/// Built from the time-signature, tempo and key-signature meta events of every track
/// (``Song/timeline``). Ticks are the truth; positions and seconds are derived from them.
public struct Timeline: Hashable, Sendable {
  /// Ticks ⇄ positions.
  public let timeSignatures: TimeSignatureMap
  /// Ticks ⇄ seconds.
  public let tempos: TempoMap
  /// The key signatures in tick order (empty when the song has none).
  public let keySignatures: [KeySignature]

  /// Creates a timeline from its maps.
  public init(timeSignatures: TimeSignatureMap, tempos: TempoMap, keySignatures: [KeySignature]) {
    self.timeSignatures = timeSignatures
    self.tempos = tempos
    self.keySignatures = keySignatures
  }

  /// The timeline of the meta events in `tracks` (every track counts, in any format).
  ///
  /// Malformed tempo, time-signature and key-signature events are left out.
  public init<Events: Sequence<TrackEvent>>(division: Division, tracks: [Events]) {
    var meters: [(tick: Int, timeSignature: TimeSignature)] = []
    var tempos: [TempoChange] = []
    var keys: [KeySignature] = []
    for events in tracks {
      for item in events {
        guard case .meta(let meta) = item.event else { continue }
        switch meta.kind {
        case .tempo:
          if let tempo = meta.tempo {
            tempos.append(TempoChange(tick: item.tick, microsecondsPerQuarter: tempo))
          }
        case .timeSignature:
          if let value = meta.timeSignature {
            meters.append(
              (item.tick, TimeSignature(numerator: value.numerator, denominator: value.denominator)))
          }
        case .keySignature:
          if let value = meta.keySignature {
            keys.append(KeySignature(tick: item.tick, sharps: value.sharps, isMinor: value.isMinor))
          }
        default:
          break
        }
      }
    }
    let byTick = { (a: (offset: Int, element: KeySignature), b: (offset: Int, element: KeySignature)) in
      (a.element.tick, a.offset) < (b.element.tick, b.offset)
    }
    self.init(
      timeSignatures: TimeSignatureMap(
        ticksPerQuarter: division.ticksPerQuarterForPositions, timeSignatures: meters),
      tempos: TempoMap(division: division, tempos: tempos),
      keySignatures: keys.enumerated().sorted(by: byTick).map(\.element))
  }

  /// The position of a tick.
  public func position(atTick tick: Int) -> Position { timeSignatures.position(atTick: tick) }
  /// The first tick at or after a position.
  public func tick(at position: Position) -> Int { timeSignatures.tick(at: position) }
  /// The time of a tick in seconds.
  public func seconds(atTick tick: Int) -> Double { tempos.seconds(atTick: tick) }
  /// The tick nearest a time in seconds.
  public func tick(atSeconds seconds: Double) -> Int { tempos.tick(atSeconds: seconds) }
  /// The time of a position in seconds.
  public func seconds(at position: Position) -> Double { seconds(atTick: tick(at: position)) }
  /// The position of a time in seconds.
  public func position(atSeconds seconds: Double) -> Position {
    position(atTick: tick(atSeconds: seconds))
  }

  /// The key signature in force at a tick, or `nil` before the first one.
  public func keySignature(atTick tick: Int) -> KeySignature? {
    keySignatures.last { $0.tick <= tick }
  }
}
