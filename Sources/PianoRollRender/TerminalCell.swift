/// One character cell of a ``TerminalRoll``: empty, a bar or beat mark, or (part of) a note.
public enum TerminalCell: Hashable, Sendable {
  /// Nothing sounds and no line falls here.
  case empty
  /// A bar starts in this column.
  case barLine
  /// A beat starts in this column.
  case beat
  /// A note sounds in both halves of the column.
  case full(RGBColor)
  /// A note sounds in the left half only.
  case left(RGBColor)
  /// A note sounds in the right half only.
  case right(RGBColor)

  /// The character drawn: space, `│`, `·`, `█`, `▌` or `▐`.
  public var character: Character {
    switch self {
    case .empty: " "
    case .barLine: "│"
    case .beat: "·"
    case .full: "█"
    case .left: "▌"
    case .right: "▐"
    }
  }

  /// The note's colour, or `nil` when no note sounds here.
  public var color: RGBColor? {
    switch self {
    case .empty, .barLine, .beat: nil
    case .full(let color), .left(let color), .right(let color): color
    }
  }

  /// This cell with a note sounding in the left and/or right half too, in `color`.
  func adding(left: Bool, right: Bool, color: RGBColor) -> TerminalCell {
    let hadLeft: Bool
    let hadRight: Bool
    switch self {
    case .full: (hadLeft, hadRight) = (true, true)
    case .left: (hadLeft, hadRight) = (true, false)
    case .right: (hadLeft, hadRight) = (false, true)
    case .empty, .barLine, .beat: (hadLeft, hadRight) = (false, false)
    }
    switch (hadLeft || left, hadRight || right) {
    case (true, true): return .full(color)
    case (true, false): return .left(color)
    case (false, true): return .right(color)
    case (false, false): return self
    }
  }
}
