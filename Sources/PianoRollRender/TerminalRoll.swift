import PianoRoll

/// A compact piano roll for a terminal: one text line a key, one character a few ticks.
///
/// Each column covers ``ticksPerColumn`` ticks, chosen as the finest of 1/64, 1/32, 1/16, 1/8
/// and 1/4 note, then 2, 4, 8, … quarter notes, that fits the bars shown into the width. Half blocks give each
/// column two halves: `█` notes fill both halves, `▌` the left one, `▐` the right one. A note
/// fills a half when it sounds through most of it (so a short gap between repeated notes shows);
/// a note too short for that shows in the half where it starts. Bar starts show `│` and beats
/// `·` where no note sounds (only every 2nd, 4th, … bar when bars are narrower than 4 columns;
/// see ``barStride``). The key names are on the left, bar numbers on top. ``text(colored:)``
/// writes it with or without ANSI colours.
public struct TerminalRoll: Hashable, Sendable {
  /// One key row.
  public struct Row: Hashable, Sendable {
    /// The row's pitch.
    public var pitch: UInt8
    /// The pitch's name, e.g. `F#4`.
    public var name: String
    /// Whether the pitch is a black key.
    public var isBlackKey: Bool
    /// Whether the row is highlighted (a pitch of the chosen scale); marked `*` after the name.
    public var isHighlighted: Bool
    /// The row's cells, one a column.
    public var cells: [TerminalCell]
  }

  /// A track's colour, for the legend of a roll coloured by track.
  public struct TrackColor: Hashable, Sendable {
    /// The track's name.
    public var name: String
    /// Its colour.
    public var color: RGBColor
  }

  /// Columns before the roll: the key name (up to 4 characters, `C#-1`) and a space or `*`.
  public static let nameWidth = 5

  /// The widest line, in columns.
  public var width: Int
  /// Ticks a column covers.
  public var ticksPerColumn: Int
  /// Ticks per quarter note.
  public var ticksPerQuarter: Int
  /// The bars shown, 0-based.
  public var bars: ClosedRange<Int>
  /// The bars of the whole song.
  public var barCount: Int
  /// The first tick shown (the start of the first bar).
  public var startTick: Int
  /// The end of the last bar shown.
  public var endTick: Int
  /// The column where each bar shown starts, parallel to ``bars``.
  public var barColumns: [Int]
  /// Every how many bars a bar line and number is shown: 1, or 2, 4, 8, … when bars are
  /// narrower than 4 columns (counted from the first bar shown).
  public var barStride: Int
  /// The number of columns of the roll (after the names; a closing `│` follows).
  public var columnCount: Int
  /// The key rows, highest pitch first.
  public var rows: [Row]
  /// The title, if any.
  public var title: String?
  /// Notes of the bars shown whose pitch has no row.
  public var hiddenNoteCount: Int
  /// The tracks and their colours when coloured by track (those with notes shown).
  public var trackColors: [TrackColor]

  /// Lays out a song for a terminal.
  /// - Throws: ``RenderError`` when the bars start after the end of the song, or no row is left.
  public init(song: Song, options: TerminalOptions = TerminalOptions()) throws(RenderError) {
    let timeline = song.makeTimeline()
    let meters = timeline.timeSignatures
    let quarter = meters.ticksPerQuarter
    let barCount = meters.barCount(endTick: song.endTick)
    guard let bars = options.bars.clamped(toBarCount: barCount) else {
      throw .barsAfterEnd(options.bars, barCount: barCount)
    }
    let width = max(TerminalOptions.minimumWidth, options.width)
    let startTick = meters.startTick(ofBar: bars.lowerBound)
    let endTick = meters.startTick(ofBar: bars.upperBound + 1)
    let span = endTick - startTick
    let available = width - Self.nameWidth - 1
    let step = Self.columnTicks(span: span, ticksPerQuarter: quarter, columns: available)
    let columnCount = max(1, (span + step - 1) / step)

    self.width = width
    self.ticksPerColumn = step
    self.ticksPerQuarter = quarter
    self.bars = bars
    self.barCount = max(1, barCount)
    self.startTick = startTick
    self.endTick = endTick
    self.columnCount = columnCount
    self.title = options.title
    self.hiddenNoteCount = 0
    self.barColumns = bars.map { (meters.startTick(ofBar: $0) - startTick) / step }
    var barStride = 1
    let columnsPerBar = Double(span) / Double(bars.count) / Double(step)
    while Double(barStride) * columnsPerBar < 4 && barStride < bars.count { barStride *= 2 }
    self.barStride = barStride

    // The grid: bar starts and beats in empty cells.
    var background = [TerminalCell](repeating: .empty, count: columnCount)
    for bar in bars {
      let start = meters.startTick(ofBar: bar)
      let end = meters.startTick(ofBar: bar + 1)
      let beat = quarter * 4 / meters.timeSignature(ofBar: bar).denominator
      if beat > step {
        for tick in stride(from: start + beat, to: end, by: max(1, beat)) {
          background[min(columnCount - 1, (tick - startTick) / step)] = .beat
        }
      }
      if (bar - bars.lowerBound) % barStride == 0 {
        background[min(columnCount - 1, (start - startTick) / step)] = .barLine
      }
    }

    let shown = PianoRollLayout.notesShown(song, before: nil, quarter: quarter, from: startTick, to: endTick)
    let pitches = options.rows.rowPitches(
      noteRange: shown.lazy.map(\.note).pitchRange, widenedToOctaves: false)
    guard !pitches.isEmpty else { throw .noRows }
    rows = pitches.reversed().map { pitch in
      Row(
        pitch: pitch, name: PitchName.name(of: pitch), isBlackKey: PitchName.isBlackKey(pitch),
        isHighlighted: options.rows.highlighted.contains(pitch), cells: background)
    }

    let indices = PianoRollLayout.colorIndices(song)
    let range = pitches[0]...pitches[pitches.count - 1]
    let top = Int(range.upperBound)
    let half = Double(step) / 2
    var colors: [Int: RGBColor] = [:]
    for item in shown {
      let index = top - Int(item.note.pitch)
      guard rows.indices.contains(index), rows[index].pitch == item.note.pitch else {
        hiddenNoteCount += 1
        continue
      }
      let colorIndex = indices.indices.contains(item.note.track) ? indices[item.note.track] ?? 0 : 0
      let base = options.coloring.base(pitch: item.note.pitch, colorIndex: colorIndex, pitchRange: range)
      colors[item.note.track] = base
      let color = NoteColoring.fill(base: base, velocity: item.note.velocity)
      let start = max(item.start, Double(startTick)) - Double(startTick)
      let end = max(min(item.end, Double(endTick)) - Double(startTick), start + 1e-9)
      // A half shows the note when the note fills most of it; a note too short for any half
      // shows in the half where it starts.
      let first = min(columnCount - 1, Int(start / Double(step)))
      let last = min(columnCount - 1, Int((end - 1e-9) / Double(step)))
      var shownAnywhere = false
      for column in first...max(first, last) {
        let left = Double(column * step)
        let middle = left + half
        let right = Double((column + 1) * step)
        let leftOn = min(end, middle) - max(start, left) > half / 2
        let rightOn = min(end, right) - max(start, middle) > half / 2
        shownAnywhere = shownAnywhere || leftOn || rightOn
        rows[index].cells[column] = rows[index].cells[column].adding(
          left: leftOn, right: rightOn, color: color)
      }
      if !shownAnywhere {
        let startsLeft = start - Double(first * step) < half
        rows[index].cells[first] = rows[index].cells[first].adding(
          left: startsLeft, right: !startsLeft, color: color)
      }
    }
    trackColors =
      options.coloring == .track
      ? song.tracks.indices.compactMap { track in
        colors[track].map { TrackColor(name: PianoRollLayout.trackName(song, track), color: $0) }
      } : []
  }

  /// Ticks a column covers: the finest of 1/64, 1/32, 1/16, 1/8, 1/4 note, then 2, 4, 8, …
  /// quarter notes (at least one tick) with which `span` ticks fit in `columns` columns.
  static func columnTicks(span: Int, ticksPerQuarter quarter: Int, columns: Int) -> Int {
    let columns = max(1, columns)
    var candidates = [quarter / 16, quarter / 8, quarter / 4, quarter / 2].map { max(1, $0) }
    var step = quarter
    while step < Int.max / 4 {
      candidates.append(step)
      step *= 2
    }
    for candidate in candidates where candidate > 0 && (span + candidate - 1) / candidate <= columns {
      return candidate
    }
    return max(1, (span + columns - 1) / columns)
  }

  /// What one column covers, as people say it: `1/16 note`, `whole note`, `2 whole notes`, or
  /// `7 ticks`.
  public var columnDescription: String {
    let whole = 4 * ticksPerQuarter
    var (a, b) = (ticksPerColumn, whole)
    while b != 0 { (a, b) = (b, a % b) }
    let numerator = ticksPerColumn / a
    let denominator = whole / a
    if numerator == 1 { return denominator == 1 ? "whole note" : "1/\(denominator) note" }
    if denominator == 1 { return "\(numerator) whole notes" }
    return "\(ticksPerColumn) ticks"
  }
}
