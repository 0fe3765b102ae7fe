/// What transposing a song did.
public struct TransposeReport: Hashable, Sendable, CustomStringConvertible {
  /// The semitones asked for.
  public var semitones: Int
  /// The policy for notes pushed past 0…127.
  public var outOfRange: Transposition.OutOfRange
  /// The notes looked at (every note of the song).
  public var notes = 0
  /// Notes that moved (clamped ones included).
  public var moved = 0
  /// Drum notes (channel 10) left where they were.
  public var drumNotesKept = 0
  /// Notes removed because they left 0…127.
  public var dropped = 0
  /// Notes kept at 0 or 127 because they left 0…127.
  public var clamped = 0
  /// Clamped notes that overlapped a note of their new pitch and channel, cut short.
  public var collisions = 0
  /// Key-pressure events and stray note-offs that moved with their notes.
  public var eventsMoved = 0
  /// Key-signature events moved.
  public var keySignaturesMoved = 0

  /// An empty report.
  public init(semitones: Int, outOfRange: Transposition.OutOfRange) {
    self.semitones = semitones
    self.outOfRange = outOfRange
  }

  /// One line, e.g. `transposed 312 notes by +2 semitones: 290 moved, 22 drum notes kept, 1 key signature moved`.
  public var description: String {
    var text =
      "transposed \(notes) note\(notes == 1 ? "" : "s") by \(EditError.signed(semitones)) semitone"
      + "\(abs(semitones) == 1 ? "" : "s"): \(moved) moved"
    if drumNotesKept > 0 { text += ", \(drumNotesKept) drum note\(drumNotesKept == 1 ? "" : "s") kept" }
    switch outOfRange {
    case .drop: text += ", \(dropped) out of range dropped"
    case .clamp: text += ", \(clamped) out of range clamped"
    case .fail: break
    }
    if collisions > 0 { text += ", \(collisions) collision\(collisions == 1 ? "" : "s")" }
    if keySignaturesMoved > 0 {
      text += ", \(keySignaturesMoved) key signature\(keySignaturesMoved == 1 ? "" : "s") moved"
    }
    return text
  }
}
