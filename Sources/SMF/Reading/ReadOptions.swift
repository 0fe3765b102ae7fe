/// How tolerant the reader is.
public struct ReadOptions: Hashable, Sendable {
  /// Turn the first tolerated problem (an ``SMFWarning``) into an ``SMFError``.
  public var strict: Bool
  /// Refuse inputs larger than this many bytes (`nil`: no limit).
  public var maximumFileSize: Int?

  /// Creates options.
  public init(strict: Bool = false, maximumFileSize: Int? = nil) {
    self.strict = strict
    self.maximumFileSize = maximumFileSize
  }

  /// Tolerant reading with warnings, no size limit.
  public static let tolerant = ReadOptions()
  /// Strict reading: every warning is an error.
  public static let strict = ReadOptions(strict: true)
}

/// A file that was read, with every problem the reader tolerated on the way.
public struct ReadResult: Hashable, Sendable {
  /// The file.
  public var file: MIDIFile
  /// The tolerated problems, in the order they were found.
  public var warnings: [SMFWarning]
}
