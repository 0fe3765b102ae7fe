import PianoRoll

/// A note drawn as a rectangle: where, in which colours, and the note it stands for.
public struct NoteBox: Hashable, Sendable {
  /// Which song the note belongs to.
  public enum Layer: String, Hashable, Sendable {
    /// The song drawn (on top).
    case current
    /// The song compared with it (`--before`), faded underneath.
    case before
  }

  /// Which song the note belongs to.
  public var layer: Layer
  /// The left edge in pixels (the note's start, or the left edge of the bars shown).
  public var x: Double
  /// The top edge in pixels.
  public var y: Double
  /// The width in pixels (at least ``PianoRollLayout/minimumNoteWidth``).
  public var width: Double
  /// The height in pixels.
  public var height: Double
  /// The fill: the colour scheme's colour at the note's velocity.
  public var fill: RGBColor
  /// The outline: the scheme's colour at full intensity.
  public var stroke: RGBColor
  /// The note.
  public var note: Note
  /// Where the note starts in bars and beats.
  public var position: Position
  /// The name of the note's track (or `Track N`).
  public var trackName: String

  /// Creates a box.
  public init(
    layer: Layer, x: Double, y: Double, width: Double, height: Double, fill: RGBColor, stroke: RGBColor,
    note: Note, position: Position, trackName: String
  ) {
    self.layer = layer
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.fill = fill
    self.stroke = stroke
    self.note = note
    self.position = position
    self.trackName = trackName
  }

  /// The middle of the box, in pixels.
  public var center: (x: Double, y: Double) { (x + width / 2, y + height / 2) }
}
