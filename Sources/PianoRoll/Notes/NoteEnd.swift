/// How a note ended in its file, so that writing it back gives the same event.
public enum NoteEnd: UInt8, Hashable, Sendable, CaseIterable {
  /// A note-off message (`8n key velocity`), carrying the note's off-velocity.
  case noteOff
  /// A note-on message with velocity 0 (`9n key 00`), the running-status idiom.
  case noteOnWithVelocityZero
  /// No message: the note was still sounding at the end of its track and ends there. Writing
  /// it back adds no event while the note still ends at the track's End of Track, and a
  /// note-off otherwise.
  case endOfTrack

  /// The JSON name: `noteOff`, `noteOnVelocity0` or `endOfTrack`.
  public var name: String {
    switch self {
    case .noteOff: "noteOff"
    case .noteOnWithVelocityZero: "noteOnVelocity0"
    case .endOfTrack: "endOfTrack"
    }
  }

  /// The end with this JSON name, or `nil`.
  public init?(name: String) {
    guard let end = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = end
  }
}
