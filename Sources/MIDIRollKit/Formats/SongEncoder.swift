import PianoRoll
import PianoRollJSON
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
  func decode(_ bytes: [UInt8], path: String, options: DecodingOptions) throws(KitError) -> SongInput

  /// Decodes straight from the file at `path` (`-`: standard input) when the format streams,
  /// so that memory follows the song rather than the text; `nil` to have the bytes read first.
  /// - Throws: ``KitError`` (bad input) naming the file.
  func decode(fileAt path: String, options: DecodingOptions) throws(KitError) -> SongInput?
}

extension SongDecoder {
  /// Formats that do not stream have their bytes read first.
  public func decode(fileAt path: String, options: DecodingOptions) throws(KitError) -> SongInput? { nil }
}

/// How songs are read, one group of options a readable format: the `.mid` reader's, the input
/// limit, and what wins in piano-roll JSON where a note's tick and position disagree.
public struct DecodingOptions: Sendable {
  /// How a `.mid` is read (strict or tolerant).
  public var midi: ReadOptions
  /// Refuse larger inputs (`.mid` bytes; a JSON input may be as large as the JSON a `.mid` of
  /// that size becomes).
  public var maximumSize: Int
  /// In piano-roll JSON, which wins where a note's tick and its position or seconds disagree
  /// (`nil`: such a note is refused).
  public var prefer: PianoRollJSON.DecodeOptions.Preference?

  /// Creates options; the defaults read tolerantly within 64 MiB and refuse disagreements.
  public init(
    midi: ReadOptions = ReadOptions(), maximumSize: Int = FileIO.defaultMaximumSize,
    prefer: PianoRollJSON.DecodeOptions.Preference? = nil
  ) {
    self.midi = midi
    self.maximumSize = maximumSize
    self.prefer = prefer
  }
}
