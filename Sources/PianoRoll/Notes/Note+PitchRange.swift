extension Sequence<Note> {
  /// The lowest and highest pitch of the notes, or `nil` when there are none.
  public var pitchRange: ClosedRange<UInt8>? {
    var low = UInt8.max
    var high = UInt8.min
    var any = false
    for note in self {
      low = Swift.min(low, note.pitch)
      high = Swift.max(high, note.pitch)
      any = true
    }
    return any ? low...high : nil
  }
}
