/// How a piano-roll matrix divides time into steps.
public enum StepGrid: Hashable, Sendable {
  /// A fixed number of steps per quarter note, as pypianoroll's `resolution` (default 24):
  /// tick `t` falls in step `round(t × n / ticksPerQuarter)`, halves rounding up.
  case perQuarter(Int)
  /// The cells of a quantize grid laid bar by bar (``GridLines``): every bar starts on a step
  /// and has as many steps as the grid has cells in it, a bar the grid does not fill (a cut
  /// bar, 5/8 on a 1/4 grid) rounding up. A tick falls in the step whose start is nearest
  /// (the later one at equal distance; the next bar line counts as the next bar's first step).
  case bars(Grid)

  /// pypianoroll's default: 24 steps per quarter note.
  public static let pypianorollDefault = StepGrid.perQuarter(24)

  /// The steps per quarter note as pypianoroll's `resolution` stores it (a whole number): the
  /// count itself, or for a bar grid its cells per quarter rounded to the nearest whole
  /// number, at least 1 (`1/16` → 4, `1/8t` → 3, `1/16.` → 3).
  public var resolution: Int {
    switch self {
    case .perQuarter(let steps): return steps
    case .bars(let grid):
      let (numerator, denominator) = grid.cellWholeNotes
      // Cells per quarter = denominator / (4 × numerator), rounded halves up.
      return max(1, (2 * denominator + 4 * numerator) / (8 * numerator))
    }
  }
}
