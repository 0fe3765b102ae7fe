import SMF

/// Changes a song's ticks per beat (quarter note), moving every tick with it.
///
/// Each tick `t` becomes `t × new / old`: exact where that divides, otherwise rounded to the
/// nearest tick (halves up); ``ResampleReport/rounded`` counts the note starts, note ends and
/// events that were rounded. A note's start and end are scaled on their own, so notes that
/// touched still touch; a note that had a length never becomes 0 ticks long (it keeps at least
/// one tick, ``ResampleReport/lengthened``), and a note of 0 ticks stays 0 ticks. Tempo events
/// are unchanged (they count microseconds per quarter note), so every time in seconds stays
/// the same up to the rounding. Orders recorded within a tick (``SongTrack/tickOrders``) move
/// with their tick when nothing was rounded, and are dropped otherwise.
///
/// SMPTE songs count frames, not beats: resampling them is refused
/// (``EditError/smpteDivision(framesPerSecond:ticksPerFrame:)``).
public struct Resampling: Hashable, Sendable {
  /// The ticks per beat of the result, 1–32767.
  public var ticksPerBeat: Int

  /// Creates a resampling.
  public init(ticksPerBeat: Int) {
    self.ticksPerBeat = ticksPerBeat
  }

  /// The range a Standard MIDI File header can hold: 1…32767.
  public static let validTicksPerBeat = 1...32767

  /// Resamples a song in place.
  /// - Returns: How many ticks were rounded and notes lengthened.
  /// - Throws: ``EditError/badTicksPerBeat(_:)`` outside 1…32767,
  ///   ``EditError/smpteDivision(framesPerSecond:ticksPerFrame:)`` for an SMPTE song.
  /// - Complexity: O(*n*) in the number of notes and events.
  @discardableResult
  public func resample(_ song: inout Song) throws(EditError) -> ResampleReport {
    guard Self.validTicksPerBeat.contains(ticksPerBeat) else { throw .badTicksPerBeat(ticksPerBeat) }
    let old: Int
    switch song.division {
    case .ticksPerQuarter(let ticks): old = max(1, ticks)
    case .smpte(let framesPerSecond, let ticksPerFrame):
      throw .smpteDivision(framesPerSecond: framesPerSecond, ticksPerFrame: ticksPerFrame)
    }
    var report = ResampleReport(from: old, to: ticksPerBeat)
    song.division = .ticksPerQuarter(ticksPerBeat)
    guard old != ticksPerBeat else {
      report.notes = song.noteCount
      return report
    }
    let scale = TickScale(from: old, to: ticksPerBeat)
    for index in song.tracks.indices {
      var track = song.tracks[index]
      var roundedHere = 0
      for i in track.notes.indices {
        let note = track.notes[i]
        let (start, startExact) = scale.scaled(note.tick)
        let (end, endExact) = scale.scaled(note.endTick)
        roundedHere += (startExact ? 0 : 1) + (endExact ? 0 : 1)
        var duration = end - start
        if duration == 0 && note.durationTicks > 0 {
          duration = 1
          report.lengthened += 1
        }
        track.notes[i].tick = start
        track.notes[i].durationTicks = duration
      }
      for i in track.events.indices {
        let (tick, exact) = scale.scaled(track.events[i].tick)
        if !exact { roundedHere += 1 }
        track.events[i].tick = tick
      }
      // A lengthened note may now end after the End of Track: move it after the note.
      if report.lengthened > 0, let endIndex = track.events.lastIndex(where: \.event.isEndOfTrack) {
        let last = track.notes.reduce(0) { max($0, $1.endTick) }
        if last > track.events[endIndex].tick { track.events[endIndex].tick = last }
      }
      if roundedHere == 0 {
        for i in track.tickOrders.indices {
          track.tickOrders.setTick(scale.scaled(track.tickOrders[i].tick).tick, at: i)
        }
      } else {
        track.tickOrders = []
      }
      report.notes += track.notes.count
      report.ticks += track.notes.count * 2 + track.events.count
      report.rounded += roundedHere
      song.tracks[index] = track
    }
    return report
  }
}

/// `tick × new / old`, exact or rounded to the nearest tick (halves up), saturating far
/// outside any song.
struct TickScale {
  let from: Int
  let to: Int

  /// The scaled tick and whether it was exact.
  func scaled(_ tick: Int) -> (tick: Int, exact: Bool) {
    let (quotient, remainder) = tick.flooredDivision(by: from)
    let (whole, overflow) = quotient.multipliedReportingOverflow(by: to)
    if overflow { return (quotient < 0 ? Int.min / 2 : Int.max / 2, false) }
    let part = remainder * to  // both below 2^15
    let (fraction, rest) = part.flooredDivision(by: from)
    return (whole + fraction + (2 * rest >= from ? 1 : 0), rest == 0)
  }
}

extension Song {
  /// Changes the song's ticks per beat, scaling every tick (see ``Resampling``).
  /// - Returns: How many ticks were rounded and notes lengthened.
  /// - Throws: ``EditError`` for a value outside 1…32767 or an SMPTE song.
  @discardableResult
  public mutating func resample(with resampling: Resampling) throws(EditError) -> ResampleReport {
    try resampling.resample(&self)
  }
}
