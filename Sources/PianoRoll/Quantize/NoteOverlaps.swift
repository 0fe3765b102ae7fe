/// Overlapping notes of one pitch and channel, resolved by shortening the earlier note.
///
/// Two notes of one key and channel that overlap play badly: the first note-off silences both
/// on most instruments. After notes move (quantizing, snapping to a scale), each note that is
/// still sounding when the next note of its key and channel starts is cut to end there. Nothing
/// is dropped or merged: two notes that start on the same tick both stay, the earlier one (in
/// the track's order) lasting 0 ticks.
enum NoteOverlaps {
  /// Shortens every note that overlaps the next note of its pitch and channel; returns how
  /// many were shortened.
  /// - Parameters:
  ///   - notes: The notes of one track, in the track's order (which breaks ties of start tick).
  ///   - changed: When given, only overlaps involving a note marked here are resolved.
  /// - Complexity: O(*n* log *n*).
  static func resolve(_ notes: inout [Note], changed: [Bool]? = nil) -> Int {
    let order = notes.indices.sorted {
      let a = notes[$0]
      let b = notes[$1]
      return (a.channel, a.pitch, a.tick, $0) < (b.channel, b.pitch, b.tick, $1)
    }
    var shortened = 0
    for (a, b) in zip(order, order.dropFirst()) {
      guard notes[a].channel == notes[b].channel, notes[a].pitch == notes[b].pitch,
        notes[a].endTick > notes[b].tick
      else { continue }
      if let changed, !changed[a] && !changed[b] { continue }
      notes[a].durationTicks = notes[b].tick - notes[a].tick
      shortened += 1
    }
    return shortened
  }
}
