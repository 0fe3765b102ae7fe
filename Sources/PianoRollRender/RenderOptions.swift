import PianoRoll

/// What a piano-roll drawing shows and how big it is.
public struct RenderOptions: Hashable, Sendable {
  /// The zoom level: the grid whose lines are drawn between the beats (the lines a quantize
  /// to this grid moves notes to; see ``GridLines``).
  public var zoom: Grid
  /// How notes are coloured.
  public var coloring: NoteColoring
  /// The bars drawn; all of them by default.
  public var bars: BarSelection
  /// The key rows drawn and highlighted.
  public var rows: RowSelection
  /// Pixels per quarter note; `nil` for the zoom level's ``defaultBeatWidth(for:)``, narrowed
  /// so that the drawing stays within ``maximumWidth``.
  public var beatWidth: Double?
  /// Pixels per key row.
  public var rowHeight: Double
  /// The widest drawing made without an explicit ``beatWidth``, in pixels.
  public var maximumWidth: Double
  /// Grid lines closer together than this many pixels are left out (bar lines only when the
  /// bars themselves are that narrow).
  public var minimumLineSpacing: Double
  /// How each kind of grid line is drawn.
  public var gridStyles: [GridLine.Kind: GridLineStyle]
  /// The title at the top (e.g. the file name), or `nil` for none.
  public var title: String?
  /// How the song drawn underneath (``PianoRollLayout/init(song:before:options:)``) is named
  /// in the legend.
  public var beforeTitle: String?

  /// Creates options; every value has a default.
  public init(
    zoom: Grid = .sixteenth, coloring: NoteColoring = .track,
    bars: BarSelection = BarSelection(first: 0),
    rows: RowSelection = RowSelection(), beatWidth: Double? = nil, rowHeight: Double = 12,
    maximumWidth: Double = 16_000, minimumLineSpacing: Double = 3,
    gridStyles: [GridLine.Kind: GridLineStyle] = Dictionary(
      uniqueKeysWithValues: GridLine.Kind.allCases.map { ($0, GridLineStyle.standard($0)) }),
    title: String? = nil, beforeTitle: String? = nil
  ) {
    self.zoom = zoom
    self.coloring = coloring
    self.bars = bars
    self.rows = rows
    self.beatWidth = beatWidth
    self.rowHeight = rowHeight
    self.maximumWidth = maximumWidth
    self.minimumLineSpacing = minimumLineSpacing
    self.gridStyles = gridStyles
    self.title = title
    self.beforeTitle = beforeTitle
  }

  /// The width of a quarter note in pixels when none is given: the grid's cells 12 px apart,
  /// and at least 12 px (a bar of 4/4 at least 48 px wide).
  public static func defaultBeatWidth(for zoom: Grid) -> Double {
    let (numerator, denominator) = zoom.cellWholeNotes
    let cellsPerQuarter = Double(denominator) / Double(4 * numerator)
    return max(12, 12 * cellsPerQuarter)
  }

  /// The style of a kind of line (the standard one when ``gridStyles`` has none).
  public func style(_ kind: GridLine.Kind) -> GridLineStyle {
    gridStyles[kind] ?? .standard(kind)
  }
}
