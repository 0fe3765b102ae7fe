import MIDIRollKit

/// A failure the command line reports as one line and an exit code.
public struct CLIError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure, which decides the exit code.
  public enum Kind: Int32, Sendable {
    /// The input could not be read as a song (exit 1).
    case badInput = 1
    /// The command was used wrongly (exit 2).
    case usage = 2
    /// An output could not be written (exit 3).
    case cannotWrite = 3
    /// `check` found problems, or `batch` had failures (exit 1).
    case problemsFound = 4
  }

  /// What kind of failure.
  public let kind: Kind
  /// The file concerned, if any.
  public let file: String?
  /// What went wrong, with the byte offset or JSON path where there is one.
  public let message: String
  /// The byte offset in the file where it went wrong, when known (also in ``message``).
  public let offset: Int?

  /// Creates an error.
  public init(_ kind: Kind, file: String? = nil, _ message: String, offset: Int? = nil) {
    self.kind = kind
    self.file = file
    self.message = message
    self.offset = offset
  }

  /// The command line's form of a file-layer or song error: bad input exits 1, usage 2,
  /// cannot write 3.
  public init(_ error: KitError) {
    let kind: Kind
    switch error.kind {
    case .badInput: kind = .badInput
    case .usage: kind = .usage
    case .cannotWrite: kind = .cannotWrite
    }
    self.init(kind, file: error.file, error.message, offset: error.offset)
  }

  /// The command line's form of what stopped a batch run.
  public init(_ error: BatchError) {
    let kind: Kind
    switch error.kind {
    case .badInput: kind = .badInput
    case .usage: kind = .usage
    case .cannotWrite: kind = .cannotWrite
    }
    self.init(kind, file: error.path, error.message)
  }

  /// The process exit code: 1 bad input or problems found, 2 bad usage, 3 cannot write.
  public var exitCode: Int32 { kind == .problemsFound ? 1 : kind.rawValue }

  /// One line: `file: message`, control characters (a newline in a file name) escaped.
  public var description: String {
    OneLine.escaping(file.map { "\($0): \(message)" } ?? message)
  }
}
