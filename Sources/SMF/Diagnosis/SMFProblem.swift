/// One problem found in a file: either one the reader tolerates (a warning) or one it cannot
/// read past (an error), with the byte offset and the track where it is.
public struct SMFProblem: Hashable, Sendable, CustomStringConvertible {
  /// What the problem is.
  public enum Kind: Hashable, Sendable {
    /// A problem the reader tolerates; the file is read anyway.
    case warning(SMFWarning.Kind)
    /// A problem the reader cannot read past.
    case error(SMFError.Kind)
    /// So many tracks failed that the diagnosis stopped; this many bytes were not checked.
    case notChecked(count: Int)
  }

  /// What the problem is.
  public let kind: Kind
  /// The byte offset in the file.
  public let offset: Int
  /// The 0-based index of the track chunk, or `nil` outside any track.
  public let track: Int?

  /// Creates a problem.
  public init(_ kind: Kind, offset: Int, track: Int? = nil) {
    self.kind = kind
    self.offset = offset
    self.track = track
  }

  /// A problem from a warning.
  public init(_ warning: SMFWarning) {
    self.init(.warning(warning.kind), offset: warning.offset, track: warning.track)
  }

  /// A problem from an error.
  public init(_ error: SMFError) {
    self.init(.error(error.kind), offset: error.offset, track: error.track)
  }

  /// Whether the reader cannot read past this problem.
  public var isError: Bool {
    if case .warning = kind { return false }
    return true
  }

  /// One sentence that names what is wrong, the byte offset where it is, and what was
  /// expected, without the track: `note-on has a data byte 0x90 at byte 1042 (expected
  /// 0x00–0x7F)`.
  public var message: String {
    switch kind {
    case .warning(let warning): return warning.sentence(at: offset)
    case .error(let error): return error.sentence(at: offset)
    case .notChecked(let count):
      return "too many broken tracks: the \(count) byte(s) from byte \(offset) on were not checked"
    }
  }

  /// The message, preceded by the track where there is one: `track 3: note-on has …`.
  public var description: String {
    guard let track else { return message }
    return "track \(track): \(message)"
  }
}
