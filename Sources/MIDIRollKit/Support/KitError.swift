/// A failure of the file layer or the song document: what went wrong with which file.
///
/// The command line turns the ``Kind`` into an exit code (1, 2 or 3); the batch engine turns
/// the message into an input's failure reason.
public struct KitError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure.
  public enum Kind: Sendable {
    /// An input could not be read, or read as a song.
    case badInput
    /// The request cannot be carried out as given (an output that is the input, a kind the
    /// extension does not name).
    case usage
    /// An output could not be written.
    case cannotWrite
  }

  /// What kind of failure.
  public let kind: Kind
  /// The file concerned (`-` or `standard output` for the standard streams), if any.
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

  /// One line, `file: message`, with control characters (a newline in a file name) escaped.
  public var description: String {
    OneLine.escaping(file.map { "\($0): \(message)" } ?? message)
  }
}
