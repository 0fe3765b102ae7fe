import MIDIRollFiles

/// A warning the kit hands to its caller to show (a comparison song's tolerated problems,
/// samples clipped in a render): where, what, and what would help.
public struct KitNotice: Sendable, Equatable {
  /// The file concerned, if any (`nil`: the output being written).
  public let file: String?
  /// What happened.
  public let message: String
  /// What the user could do about it.
  public let hints: [KitHint]

  /// Creates a notice.
  public init(file: String? = nil, _ message: String, hints: [KitHint] = []) {
    self.file = file
    self.message = message
    self.hints = hints
  }
}
