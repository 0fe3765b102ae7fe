import SMF

/// Writes songs in one format for one run (made once by ``SongFormats/encoder(for:options:)``,
/// then used for every song of the run, from several threads at once).
public protocol SongEncoder: Sendable {
  /// Writes `input` into `sink`.
  /// - Returns: Warnings to show the user (samples clipped, a comparison song's problems).
  /// - Throws: ``KitError`` when the song cannot be written in this format.
  func write(_ input: SongInput, to sink: OutputSink) throws(KitError) -> [KitNotice]
}

/// Reads songs in one format.
public protocol SongDecoder: Sendable {
  /// Decodes bytes already read; `path` is named in errors and warnings.
  /// - Throws: ``KitError`` (bad input) naming the file and the byte offset or JSON path.
  func decode(_ bytes: [UInt8], path: String, options: ReadOptions) throws(KitError) -> SongInput

  /// Decodes straight from the file at `path` (`-`: standard input) when the format streams,
  /// so that memory follows the song rather than the text; `nil` to have the bytes read first.
  /// - Parameter maximumSize: The input limit as the user gave it (for a `.mid`).
  /// - Throws: ``KitError`` (bad input) naming the file.
  func decode(fileAt path: String, maximumSize: Int, options: ReadOptions) throws(KitError) -> SongInput?
}

extension SongDecoder {
  /// Formats that do not stream have their bytes read first.
  public func decode(fileAt path: String, maximumSize: Int, options: ReadOptions) throws(KitError)
    -> SongInput?
  { nil }
}
