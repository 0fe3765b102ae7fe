import SMF

/// Moves notes toward the lines of a grid, as a sequencer's quantize does.
///
/// For each note, the nearest line of ``grid`` (see ``GridLines``: lines restart at every bar
/// line; ties go to the later line) is the note's target. Then:
/// - ``strength`` says how far the note moves toward it: 100 % onto the line, 50 % half way
///   (rounded to the nearest tick, halves away from the note);
/// - ``window`` leaves alone notes farther from their line than this share of half a cell
///   (100 %, the default, moves every note);
/// - ``swing`` delays every second line of a bar by `swing/100 × cell/3` (100 % at `1/8` is
///   the triplet shuffle);
/// - ``quantizesEnds`` moves each note's end to its own nearest line too (never onto or
///   before the start's line: such an end goes to the first line after it, so the note keeps
///   at least one cell); off by default, like the quantize of Logic, Cubase and Ableton,
///   which keeps every note's length. A note of 0 ticks has no end of its own and stays 0
///   ticks;
/// - ``minimumDuration`` makes every note at least one cell long (with ``quantizesEnds``, up
///   to the first line at least a cell after the start, so the end stays on the grid).
///
/// Afterwards, notes of one pitch and channel in a track that overlap are resolved: the
/// earlier one is cut to end where the next one starts (0 ticks when both start on the same
/// tick). Nothing is dropped or merged; ``QuantizeReport/collisions`` counts them. This
/// applies to overlaps the input already had too, so the output never has any.
///
/// Non-note events stay where they are unless ``movesAllEvents``; even then the events that
/// lay out the timeline (tempo, time and key signatures, SMPTE offset) and End of Track stay.
/// An End of Track earlier than a moved note's end moves to that end.
///
/// At 100 % strength quantizing is idempotent: a second pass changes nothing.
public struct Quantizer: Hashable, Sendable {
  /// The grid to quantize to.
  public var grid: Grid
  /// How far each note moves toward its line, 0–100 (%).
  public var strength: Int
  /// How much every second line of a bar is delayed, 0–100 (% of a third of a cell).
  public var swing: Int
  /// Only notes within this share of half a cell of their line move, 0–100 (%).
  public var window: Int
  /// Quantize note ends too (otherwise every note keeps its length).
  public var quantizesEnds: Bool
  /// Make every note at least one cell long.
  public var minimumDuration: Bool
  /// Move non-note events too (not tempo, meters, keys, SMPTE offset, End of Track).
  public var movesAllEvents: Bool

  /// Creates a quantizer; percentages outside 0…100 are clamped when it runs.
  public init(
    grid: Grid, strength: Int = 100, swing: Int = 0, window: Int = 100, quantizesEnds: Bool = false,
    minimumDuration: Bool = false, movesAllEvents: Bool = false
  ) {
    self.grid = grid
    self.strength = strength
    self.swing = swing
    self.window = window
    self.quantizesEnds = quantizesEnds
    self.minimumDuration = minimumDuration
    self.movesAllEvents = movesAllEvents
  }

  /// Quantizes a song in place.
  /// - Returns: How many notes moved and collided.
  /// - Complexity: O(*n* log *n*) in the number of notes and events.
  @discardableResult
  public func quantize(_ song: inout Song) -> QuantizeReport {
    let lines = GridLines(grid: grid, timeSignatures: song.makeTimeline().timeSignatures, swing: swing)
    var report = QuantizeReport()
    for index in song.tracks.indices {
      quantize(&song.tracks[index], lines: lines, report: &report)
    }
    return report
  }

  /// A quantized copy of a song, with the report.
  public func quantized(_ song: Song) -> (song: Song, report: QuantizeReport) {
    var song = song
    let report = quantize(&song)
    return (song, report)
  }

  private func quantize(_ track: inout SongTrack, lines: GridLines, report: inout QuantizeReport) {
    let minimumTicks = grid.roundedCellTicks(ticksPerQuarter: lines.timeSignatures.ticksPerQuarter)
    let original = track.notes
    var notes = original
    for i in notes.indices {
      let note = notes[i]
      let startLine = lines.nearestLine(toTick: note.tick)
      let start = moved(note.tick, toward: startLine, lines: lines)
      var end = start + note.durationTicks
      if quantizesEnds && note.durationTicks > 0 {
        var endLine = lines.nearestLine(toTick: note.endTick)
        if endLine <= startLine { endLine = lines.line(after: startLine) }
        end = max(moved(note.endTick, toward: endLine, lines: lines), start + 1)
      }
      if minimumDuration && end - start < minimumTicks {
        let longer = quantizesEnds ? lines.line(atOrAfter: start + minimumTicks - 1) : start + minimumTicks
        if longer > end {
          end = longer
          report.lengthened += 1
        }
      }
      notes[i].tick = start
      notes[i].durationTicks = end - start
    }
    report.collisions += NoteOverlaps.resolve(&notes)
    report.notes += notes.count
    for (before, after) in zip(original, notes)
    where before.tick != after.tick || before.durationTicks != after.durationTicks {
      report.moved += 1
    }
    if !zip(notes, notes.dropFirst()).allSatisfy({ $0.tick <= $1.tick }) {
      notes = notes.indices.sorted { (notes[$0].tick, $0) < (notes[$1].tick, $1) }.map { notes[$0] }
    }
    track.notes = notes
    if movesAllEvents { moveEvents(&track.events, lines: lines, report: &report) }
    extendEndOfTrack(&track)
  }

  /// `tick` moved toward `line` by ``strength``, or left where it is when outside ``window``.
  func moved(_ tick: Int, toward line: Int, lines: GridLines) -> Int {
    let distance = line - tick
    let window = min(100, max(0, self.window))
    if window < 100 && abs(distance) * 200 * lines.cellDenominator > window * lines.cellNumerator {
      return tick
    }
    let strength = min(100, max(0, self.strength))
    let step = (2 * abs(distance) * strength + 100) / 200  // rounded, halves away from the tick
    return tick + (distance < 0 ? -step : step)
  }

  /// Moves every event that may move to its line; keeps the events in tick order.
  private func moveEvents(_ events: inout TrackEvents, lines: GridLines, report: inout QuantizeReport) {
    for i in events.indices where Self.mayMove(events[i].event) {
      let tick = moved(events[i].tick, toward: lines.nearestLine(toTick: events[i].tick), lines: lines)
      if tick != events[i].tick {
        events.setTick(tick, at: i)
        report.eventsMoved += 1
      }
    }
    if !zip(events, events.dropFirst()).allSatisfy({ $0.tick <= $1.tick }) {
      events = TrackEvents(
        events.indices.sorted { (events[$0].tick, $0) < (events[$1].tick, $1) }.map { events[$0] })
    }
  }

  /// Whether ``movesAllEvents`` moves an event: everything but the timeline's meta events and
  /// End of Track.
  static func mayMove(_ event: MIDIEvent) -> Bool {
    guard case .meta(let meta) = event else { return true }
    switch meta.kind {
    case .tempo, .timeSignature, .keySignature, .smpteOffset, .endOfTrack: return false
    default: return true
    }
  }

  /// Moves the track's End of Track to its last note end or event when they are later.
  private func extendEndOfTrack(_ track: inout SongTrack) {
    guard let index = track.events.lastIndex(where: \.event.isEndOfTrack) else { return }
    var last = track.notes.reduce(0) { max($0, $1.endTick) }
    for item in track.events where !item.event.isEndOfTrack { last = max(last, item.tick) }
    if last > track.events[index].tick {
      let endOfTrack = track.events.remove(at: index)
      track.events.append(TrackEvent(tick: last, endOfTrack.event))
    }
  }
}

extension Song {
  /// Quantizes the song's notes (see ``Quantizer``).
  /// - Returns: How many notes moved and collided.
  @discardableResult
  public mutating func quantize(with quantizer: Quantizer) -> QuantizeReport {
    quantizer.quantize(&self)
  }
}
