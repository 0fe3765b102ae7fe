import PianoRoll

/// What a terminal piano roll (``TerminalRoll``) shows and how wide it is.
public struct TerminalOptions: Hashable, Sendable {
  /// The widest line, in columns, the key names included.
  public var width: Int
  /// The bars shown; all of them by default.
  public var bars: BarSelection
  /// The key rows shown (by default the notes' range, not widened to octaves).
  public var rows: RowSelection
  /// How notes are coloured when colours are on.
  public var coloring: NoteColoring
  /// The first line's title (e.g. the file name), or `nil` for none.
  public var title: String?

  /// The narrowest ``width`` made: the key names and 8 columns.
  public static let minimumWidth = TerminalRoll.nameWidth + 8

  /// Creates options; every value has a default.
  public init(
    width: Int = 80, bars: BarSelection = BarSelection(first: 0), rows: RowSelection = RowSelection(),
    coloring: NoteColoring = .track, title: String? = nil
  ) {
    self.width = width
    self.bars = bars
    self.rows = rows
    self.coloring = coloring
    self.title = title
  }
}
