import PianoRoll

/// A piano roll laid out in pixels: key rows, grid lines, header labels, note boxes and a
/// legend, as plain values.
///
/// Time runs left to right, linear in ticks (``beatWidth`` pixels a quarter note, through every
/// meter and tempo change); pitch runs bottom to top, one row a key. The key column is on the
/// left, the header (title, bar numbers, meters and keys, tempos) on top, the legend below.
/// ``SVGWriter`` draws a layout; tests can check it directly.
public struct PianoRollLayout: Hashable, Sendable {
  /// The drawing's width in pixels.
  public var width: Double
  /// The drawing's height in pixels.
  public var height: Double
  /// The width of the key column on the left, in pixels.
  public var keyColumnWidth: Double
  /// Where the bar-number lane starts (bar lines reach up to it), in pixels from the top.
  public var headerTop: Double
  /// The top of the first key row, in pixels.
  public var gridTop: Double
  /// The bottom of the last key row, in pixels.
  public var gridBottom: Double
  /// Pixels per quarter note.
  public var beatWidth: Double
  /// Ticks per quarter note (see ``Division/ticksPerQuarterForPositions``).
  public var ticksPerQuarter: Int
  /// The bars drawn, 0-based.
  public var bars: ClosedRange<Int>
  /// The tick where the first bar drawn starts (at ``keyColumnWidth``).
  public var startTick: Int
  /// The tick where the last bar drawn ends.
  public var endTick: Int
  /// The key rows, top (highest pitch) to bottom.
  public var rows: [KeyRow]
  /// The grid lines, in the order drawn: subdivisions, then beats, then bars.
  public var gridLines: [GridLine]
  /// The texts along the top. Tempo labels that would overlap the one before are left out;
  /// their ``tempoMarkers`` stay.
  public var labels: [HeaderLabel]
  /// Every tempo change in the bars drawn, at its tick, and the tempo in force at the first
  /// bar (an event repeating the tempo in force is not a change).
  public var tempoMarkers: [TempoMarker]
  /// The notes of the song compared with (drawn first, faded), then of the song drawn.
  public var notes: [NoteBox]
  /// The legend under the grid.
  public var legend: [LegendEntry]
  /// Notes of the bars drawn whose pitch has no row (outside the keys or the scale fold).
  public var hiddenNoteCount: Int
  /// The options the layout was made with.
  public var options: RenderOptions

  /// The narrowest note box, in pixels (notes of 0 ticks stay visible).
  public static let minimumNoteWidth = 1.5
  /// The width of the key column, in pixels.
  public static let standardKeyColumnWidth = 44.0
  /// Space right of the last bar line, in pixels.
  public static let rightMargin = 16.0
  /// The height of the title lane, in pixels (0 without a title).
  public static let titleHeight = 22.0
  /// The height of the bar-number lane, in pixels.
  public static let barLaneHeight = 16.0
  /// The height of the meter-and-key lane and of the tempo lane, in pixels.
  public static let markLaneHeight = 14.0
  /// The height of one line of the legend, in pixels.
  public static let legendLineHeight = 18.0
  /// The font size of header and legend texts, in pixels.
  public static let fontSize = 10.0

  /// Lays out a song.
  /// - Parameters:
  ///   - song: The song drawn, on top.
  ///   - before: A song to compare with (e.g. the original of a quantized file), drawn faded
  ///     underneath on the same grid; its ticks are scaled when its division differs.
  ///   - options: What to show and how big.
  /// - Throws: ``RenderError`` when the bars start after the end of the song, or no row is left.
  /// - Complexity: O(*n*) in the notes and meta events, plus the grid lines drawn.
  public init(song: Song, before: Song? = nil, options: RenderOptions = RenderOptions()) throws(RenderError) {
    let timeline = song.makeTimeline()
    let meters = timeline.timeSignatures
    let quarter = meters.ticksPerQuarter
    let songEnd = max(song.endTick, before.map { Self.scaledTick($0.endTick, from: $0, to: quarter) } ?? 0)
    let barCount = meters.barCount(endTick: songEnd)
    guard let bars = options.bars.clamped(toBarCount: barCount) else {
      throw .barsAfterEnd(options.bars, barCount: barCount)
    }
    let startTick = meters.startTick(ofBar: bars.lowerBound)
    let endTick = meters.startTick(ofBar: bars.upperBound + 1)
    let span = Double(endTick - startTick)

    var beatWidth = options.beatWidth ?? RenderOptions.defaultBeatWidth(for: options.zoom)
    let fixed = Self.standardKeyColumnWidth + Self.rightMargin
    if options.beatWidth == nil, fixed + span / Double(quarter) * beatWidth > options.maximumWidth {
      beatWidth = max(1e-6, (options.maximumWidth - fixed) * Double(quarter) / max(span, 1))
    }

    self.width = (fixed + span / Double(quarter) * beatWidth - 1e-6).rounded(.up)
    self.keyColumnWidth = Self.standardKeyColumnWidth
    self.headerTop = options.title == nil ? 0 : Self.titleHeight
    self.gridTop = headerTop + Self.barLaneHeight + 2 * Self.markLaneHeight
    self.beatWidth = beatWidth
    self.ticksPerQuarter = quarter
    self.bars = bars
    self.startTick = startTick
    self.endTick = endTick
    self.options = options
    self.labels = []
    self.tempoMarkers = []
    self.gridLines = []
    self.notes = []
    self.legend = []
    self.hiddenNoteCount = 0

    // Rows: the notes in the bars drawn decide the range unless the keys are given.
    let shown = Self.notesShown(song, before: before, quarter: quarter, from: startTick, to: endTick)
    let pitches = options.rows.rowPitches(noteRange: shown.lazy.map(\.note).pitchRange)
    guard !pitches.isEmpty else { throw .noRows }
    let labeled = options.rowHeight >= 9
    self.rows = pitches.reversed().enumerated().map { index, pitch in
      KeyRow(
        pitch: pitch, name: PitchName.name(of: pitch), y: 0 + Double(index) * options.rowHeight,
        height: options.rowHeight, isBlackKey: PitchName.isBlackKey(pitch),
        isHighlighted: !options.rows.onlyHighlighted && options.rows.highlighted.contains(pitch),
        isLabeled: labeled || pitch % 12 == 0)
    }
    for index in rows.indices { rows[index].y += gridTop }
    self.gridBottom = gridTop + Double(rows.count) * options.rowHeight
    self.height = gridBottom

    addGrid(meters)
    addHeader(timeline, title: options.title)
    addNotes(shown, song: song, timeline: timeline, before: before)
    addLegend(song: song, hasBefore: before != nil)
  }

  /// The horizontal place of a tick, in pixels (ticks may be fractional).
  public func x(atTick tick: Double) -> Double {
    keyColumnWidth + (tick - Double(startTick)) / Double(ticksPerQuarter) * beatWidth
  }

  /// The row of a pitch, or `nil` when it is not drawn.
  public func row(ofPitch pitch: UInt8) -> KeyRow? {
    guard let top = rows.first?.pitch, let bottom = rows.last?.pitch, (bottom...top).contains(pitch) else {
      return nil
    }
    let index = Int(top) - Int(pitch)
    if index < rows.count, rows[index].pitch == pitch { return rows[index] }
    return rows.first { $0.pitch == pitch }
  }

  /// The notes a drawing holds: each overlapping the ticks shown, with its layer and its start
  /// and end on the song's tick scale.
  struct ShownNote {
    var note: Note
    var layer: NoteBox.Layer
    var start: Double
    var end: Double
  }

  /// The notes of both songs that overlap `start..<end` (a note of 0 ticks counts at its tick).
  static func notesShown(_ song: Song, before: Song?, quarter: Int, from start: Int, to end: Int)
    -> [ShownNote]
  {
    var shown: [ShownNote] = []
    func collect(_ source: Song, layer: NoteBox.Layer) {
      let scale = Double(quarter) / Double(source.division.ticksPerQuarterForPositions)
      for track in source.tracks {
        for note in track.notes {
          let noteStart = Double(note.tick) * scale
          let noteEnd = Double(note.endTick) * scale
          guard noteStart < Double(end), noteEnd > Double(start) || noteStart >= Double(start) else {
            continue
          }
          shown.append(ShownNote(note: note, layer: layer, start: noteStart, end: noteEnd))
        }
      }
    }
    if let before { collect(before, layer: .before) }
    collect(song, layer: .current)
    return shown
  }

  /// A tick of `source` on the tick scale of a song with `quarter` ticks a quarter note.
  static func scaledTick(_ tick: Int, from source: Song, to quarter: Int) -> Int {
    let sourceQuarter = source.division.ticksPerQuarterForPositions
    return sourceQuarter == quarter
      ? tick : Int((Double(tick) * Double(quarter) / Double(sourceQuarter)).rounded(.up))
  }

  /// The estimated width of a text at ``fontSize`` in pixels (for keeping labels apart).
  static func textWidth(_ text: String) -> Double {
    Double(text.count) * fontSize * 0.62
  }
}
