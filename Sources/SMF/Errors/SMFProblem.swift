/// One problem in a Standard MIDI File: one the reader tolerates (a warning) or one it cannot
/// read past (an error), with the byte offset and the track where it is.
///
/// The reader throws the errors (as ``SMFError``) and lists the warnings it read past (as
/// ``SMFWarning``); ``MIDIFile/diagnose(_:maximumFileSize:keepingFile:)`` lists both.
/// ``description`` renders one line such as
/// `byte 1042, track 3: note-on has a data byte 0x90 (expected 0x00–0x7F)`.
public struct SMFProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// Whether the reader reads past a problem.
  public enum Severity: Hashable, Sendable {
    /// Tolerated: the file is read anyway.
    case warning
    /// The reader stops here.
    case error
  }

  /// Whether the reader reads past this problem: the kind's own severity, or an error for a
  /// tolerated kind that strict reading refused.
  public let severity: Severity
  /// What the problem is.
  public let kind: Kind
  /// The byte offset in the file.
  public let offset: Int
  /// The 0-based index of the track chunk, or `nil` outside any track.
  public let track: Int?

  /// Creates a problem.
  /// - Parameter severity: Defaults to the kind's own (``Kind/severity``).
  public init(_ kind: Kind, offset: Int, track: Int? = nil, severity: Severity? = nil) {
    self.severity = severity ?? kind.severity
    self.kind = kind
    self.offset = offset
    self.track = track
  }

  /// Whether the reader cannot read past this problem.
  public var isError: Bool { severity == .error }

  /// Whether this is a tolerated kind that strict reading (``ReadOptions/strict``) refused.
  public var isStrict: Bool { severity == .error && kind.severity == .warning }

  /// The same problem, refused by strict reading.
  public var strict: SMFProblem { SMFProblem(kind, offset: offset, track: track, severity: .error) }

  /// What is wrong and what was expected, without the location.
  public var message: String { isStrict ? kind.message + " (strict mode)" : kind.message }

  /// One line: where, then what.
  public var description: String {
    var place = "byte \(offset)"
    if let track { place += ", track \(track)" }
    return "\(place): \(message)"
  }
}

/// A problem the reader cannot read past: what reading throws.
public typealias SMFError = SMFProblem

/// A problem the reader tolerated: what reading lists next to the file.
public typealias SMFWarning = SMFProblem
