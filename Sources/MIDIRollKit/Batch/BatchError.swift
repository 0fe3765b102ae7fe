/// What stops a whole batch run (a bad input file never does: it is reported and the run
/// goes on).
public struct BatchError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure.
  public enum Kind: Sendable {
    /// The input folder is missing or not a folder, or the report to resume from cannot be read.
    case badInput
    /// The run cannot be done as asked (the output folder is the input folder).
    case usage
    /// The output folder or the report cannot be written.
    case cannotWrite
  }

  /// What kind of failure.
  public let kind: Kind
  /// The folder or report concerned.
  public let path: String
  /// What went wrong.
  public let message: String

  /// Creates an error.
  public init(_ kind: Kind, path: String, _ message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// One line, `path: message`, control characters escaped.
  public var description: String { OneLine.escaping("\(path): \(message)") }
}
