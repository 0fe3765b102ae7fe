import SMF

/// Cuts a run of bars or seconds out of a song, as a new song that starts at its cut.
///
/// The result starts at tick 0 = bar 1, second 0: every kept note and event keeps its offset
/// from the cut. At tick 0 each track gets the state in force at the cut, taken from its own
/// events before the cut, in their original order: tempo, time signature, key signature,
/// track and instrument names, copyright, sequence number, device and program names, MIDI
/// channel prefix and port; per channel the program, every controller 0–119 (pedals, bank,
/// volume, RPN/NRPN selection and data — a Reset All Controllers clears what it resets), pitch
/// bend and channel pressure; and every SysEx message (device setup). A state event at the
/// cut's own tick is kept as itself instead. Markers, lyrics and other texts before the cut are
/// left out.
///
/// Notes crossing a cut follow ``crossing``. Events from the end on are left out; each track
/// that had an End of Track gets one at the slice's end (or its own earlier end), after
/// anything it keeps. Orders recorded within a tick (``SongTrack/tickOrders``) are dropped.
public struct SongSlice: Hashable, Sendable, CustomStringConvertible {
  /// What a slice keeps.
  public enum Span: Hashable, Sendable {
    /// Whole bars (0-based), from the start of the first to the end of the last.
    case bars(BarRange)
    /// From one time in seconds to another (`nil`: the end of the song).
    case seconds(from: Double, to: Double?)
    /// From one tick up to, not including, another (`nil`: the end of the song).
    case ticks(from: Int, to: Int?)
  }

  /// What happens to a note sounding across a cut.
  public enum Crossing: String, Hashable, Sendable, CaseIterable {
    /// Every note sounding inside the slice is kept, cut at the slice's start and end.
    case cut
    /// Notes that start inside keep their whole length, past the end; notes that started
    /// before the start are left out.
    case keep
    /// Only notes that start and end inside the slice are kept.
    case drop
  }

  /// What the slice keeps.
  public var span: Span
  /// What happens to notes across a cut.
  public var crossing: Crossing

  /// Creates a slice.
  public init(_ span: Span, crossing: Crossing = .cut) {
    self.span = span
    self.crossing = crossing
  }

  /// The slice as people write it: `bars 5...12` (1-based), `seconds 30...60.5`, `ticks 0..<960`.
  public var description: String {
    switch span {
    case .bars(let bars): "bars \(bars)"
    case .seconds(let from, let to): "seconds \(Self.format(from))...\(to.map(Self.format) ?? "")"
    case .ticks(let from, let to): "ticks \(from)..<\(to.map(String.init) ?? "")"
    }
  }

  /// Seconds without a trailing `.0`.
  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
  }

  /// The ticks where the slice starts and ends (`nil`: the end of the song) in a timeline.
  public func ticks(in timeline: Timeline) -> (start: Int, end: Int?) {
    switch span {
    case .bars(let bars):
      let map = timeline.timeSignatures
      return (map.startTick(ofBar: bars.first), bars.last.map { map.startTick(ofBar: $0 + 1) })
    case .seconds(let from, let to):
      return (max(0, timeline.tick(atSeconds: from)), to.map { max(0, timeline.tick(atSeconds: $0)) })
    case .ticks(let from, let to):
      return (max(0, from), to)
    }
  }

  /// Slices a song in place.
  /// - Returns: How many notes were kept and cut, and how many events carried to the start.
  /// - Throws: ``EditError/sliceAfterEnd(slice:songEnd:)`` for a slice that starts after the
  ///   song ends, ``EditError/emptySlice(_:)`` for one that ends where it starts.
  /// - Complexity: O(*n*) in the number of notes and events.
  @discardableResult
  public func slice(_ song: inout Song) throws(EditError) -> SliceReport {
    let timeline = song.makeTimeline()
    let songEnd = song.endTick
    let (start, requestedEnd) = ticks(in: timeline)
    if let requestedEnd, requestedEnd <= start { throw .emptySlice(description) }
    if start > 0 && start >= songEnd {
      let bars = timeline.timeSignatures.barCount(endTick: songEnd)
      let seconds = Self.format((timeline.seconds(atTick: songEnd) * 1000).rounded() / 1000)
      throw .sliceAfterEnd(
        slice: description, songEnd: "it has \(bars) bar\(bars == 1 ? "" : "s"), \(seconds) s")
    }
    // A slice reaching the song's end keeps what lies exactly at the end too.
    let reachesEnd = (requestedEnd ?? Int.max) >= songEnd
    let end = min(requestedEnd ?? songEnd, songEnd)
    var report = SliceReport(slice: description, startTick: start, endTick: end)
    for index in song.tracks.indices {
      slice(&song.tracks[index], start: start, end: end, reachesEnd: reachesEnd, report: &report)
    }
    return report
  }

  /// Slices one track.
  private func slice(
    _ track: inout SongTrack, start: Int, end: Int, reachesEnd: Bool, report: inout SliceReport
  ) {
    let inside = { (tick: Int) in tick >= start && (tick < end || (reachesEnd && tick == end)) }
    var notes: [Note] = []
    for var note in track.notes {
      report.notes += 1
      if inside(note.tick) {
        if note.endTick > end && !reachesEnd {
          switch crossing {
          case .cut:
            note.durationTicks = end - note.tick
            if note.end == .endOfTrack { note.end = .noteOff }
            report.cut += 1
          case .keep:
            report.keptWhole += 1
          case .drop:
            report.dropped += 1
            continue
          }
        }
        note.tick -= start
        notes.append(note)
      } else if note.tick < start && note.endTick > start {
        guard crossing == .cut else {
          report.dropped += 1
          continue
        }
        let noteEnd = reachesEnd ? note.endTick : min(note.endTick, end)
        if noteEnd < note.endTick && note.end == .endOfTrack { note.end = .noteOff }
        note.tick = 0
        note.durationTicks = noteEnd - start
        report.cut += 1
        notes.append(note)
      }
    }
    report.kept += notes.count

    let state = SliceState(events: track.events, start: start)
    var events = TrackEvents(state.carried.map { TrackEvent(tick: 0, track.events[$0].event) })
    report.eventsCarried += events.count
    for item in track.events where !item.event.isEndOfTrack && inside(item.tick) {
      events.append(TrackEvent(tick: item.tick - start, item.event))
    }
    if let endOfTrack = track.endOfTrackTick {
      var last = max(0, min(endOfTrack, end) - start)
      for note in notes { last = max(last, note.endTick) }
      if let lastEvent = events.last { last = max(last, lastEvent.tick) }
      events.append(TrackEvent(tick: last, .meta(.endOfTrack)))
    }
    track.notes = notes
    track.events = events
    track.tickOrders = []
  }
}

extension Song {
  /// Cuts the song to a run of bars or seconds that then starts at bar 1, second 0, with the
  /// tempo, meter, key, programs and controllers in force at the cut (see ``SongSlice``).
  /// - Returns: How many notes were kept and cut, and how many events carried to the start.
  /// - Throws: ``EditError`` when the slice starts after the song's end or is empty.
  @discardableResult
  public mutating func slice(with slice: SongSlice) throws(EditError) -> SliceReport {
    try slice.slice(&self)
  }
}
