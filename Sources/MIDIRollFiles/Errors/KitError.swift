import SMF

/// The one failure of midiroll's kit: what went wrong with which file, where, and what would
/// help.
///
/// The kit's layers (the file layer, the song document, the formats, the batch engine) throw
/// it; the command line turns the ``Kind`` into an exit code and each ``KitHint`` into the
/// words of its own options. Nothing below the command line names a command-line flag.
public struct KitError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure.
  public enum Kind: Sendable, Equatable {
    /// An input could not be read, or read as a song.
    case badInput
    /// The request cannot be carried out as given (an output that is the input, a kind the
    /// extension does not name).
    case usage
    /// An output could not be written.
    case cannotWrite
    /// The work was done, and found problems (`check`'s findings, failed inputs of a batch).
    case problemsFound
  }

  /// What kind of failure.
  public let kind: Kind
  /// The file or folder concerned (`-` or `standard output` for the standard streams), if any.
  public let file: String?
  /// What went wrong, with the byte offset or JSON path where there is one.
  public let message: String
  /// The byte offset in the file where it went wrong, when known (also in ``message``).
  public let offset: Int?
  /// What the user could do about it, as values (the command line words them).
  public let hints: [KitHint]

  /// Creates an error.
  public init(
    _ kind: Kind, file: String? = nil, _ message: String, offset: Int? = nil, hints: [KitHint] = []
  ) {
    self.kind = kind
    self.file = file
    self.message = message
    self.offset = offset
    self.hints = hints
  }

  /// The same error with `hint` added.
  public func adding(_ hint: KitHint) -> KitError {
    KitError(kind, file: file, message, offset: offset, hints: hints + [hint])
  }

  /// The same error with `suffix` added to its message.
  public func appending(_ suffix: String) -> KitError {
    KitError(kind, file: file, message + suffix, offset: offset, hints: hints)
  }

  /// One line, `file: message`, with control characters (a newline in a file name) escaped;
  /// hints are worded by ``described(hints:)``.
  public var description: String { described { $0.plainWords } }

  /// The message with its hints, worded by `words`, without the file: a batch report's reason.
  public func reason(hintWords words: (KitHint) -> String) -> String {
    let worded = hints.map(words).filter { !$0.isEmpty }
    return worded.isEmpty ? message : message + " (" + worded.joined(separator: "; ") + ")"
  }

  /// One line, `file: message (hint; hint)`, each hint worded by `words`, control characters
  /// escaped.
  public func described(hints words: (KitHint) -> String) -> String {
    let text = reason(hintWords: words)
    return OneLine.escaping(file.map { "\($0): \(text)" } ?? text)
  }
}
