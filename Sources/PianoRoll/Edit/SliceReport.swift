/// What slicing a song did.
public struct SliceReport: Hashable, Sendable, CustomStringConvertible {
  /// The slice, as people write it (``SongSlice/description``).
  public var slice: String
  /// The tick of the original song where the result starts.
  public var startTick: Int
  /// The tick of the original song where the result ends.
  public var endTick: Int
  /// The notes looked at (every note of the song).
  public var notes = 0
  /// Notes in the result.
  public var kept = 0
  /// Kept notes cut at the start or end.
  public var cut = 0
  /// Notes crossing the end kept whole (``SongSlice/Crossing/keep``).
  public var keptWhole = 0
  /// Notes crossing a cut left out (``SongSlice/Crossing/keep`` at the start, ``SongSlice/Crossing/drop``).
  public var dropped = 0
  /// Events in force at the cut, placed at the result's start.
  public var eventsCarried = 0

  /// An empty report.
  public init(slice: String, startTick: Int, endTick: Int) {
    self.slice = slice
    self.startTick = startTick
    self.endTick = endTick
  }

  /// One line, e.g. `sliced bars 5...12 (ticks 7680..<19200): 120 of 800 notes kept, 3 cut, 9 events in force carried to the start`.
  public var description: String {
    var text =
      "sliced \(slice) (ticks \(startTick)..<\(endTick)): \(kept) of \(notes) note\(notes == 1 ? "" : "s") kept"
    if cut > 0 { text += ", \(cut) cut" }
    if keptWhole > 0 { text += ", \(keptWhole) kept whole past the end" }
    if dropped > 0 { text += ", \(dropped) crossing a cut dropped" }
    text += ", \(eventsCarried) event\(eventsCarried == 1 ? "" : "s") in force carried to the start"
    return text
  }
}
