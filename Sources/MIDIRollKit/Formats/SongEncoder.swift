import MIDIRollFiles
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

  /// Writes `input` into `sink`, and says what it wrote that the format counts (tokens).
  /// - Throws: ``KitError`` when the song cannot be written in this format.
  func writeCounting(_ input: SongInput, to sink: OutputSink) throws(KitError) -> EncoderReport
}

extension SongEncoder {
  /// Formats that count nothing of their own: ``write(_:to:)``'s notices.
  public func writeCounting(_ input: SongInput, to sink: OutputSink) throws(KitError) -> EncoderReport {
    EncoderReport(notices: try write(input, to: sink))
  }
}

/// What an encoder says of one song it wrote.
public struct EncoderReport: Sendable {
  /// Warnings to show the user.
  public var notices: [KitNotice] = []
  /// The tokens written (MidiTok tokens), `nil` for formats that write none.
  public var tokens: Int?
  /// What reading the input tolerated, one line each (an encoder that reads `.mid` bytes
  /// itself, ``MIDIBytesEncoder``).
  public var warnings: [String] = []
  /// The notes of the input, when the encoder read it.
  public var notes: Int?

  /// Creates a report.
  public init(notices: [KitNotice] = [], tokens: Int? = nil, warnings: [String] = [], notes: Int? = nil) {
    self.notices = notices
    self.tokens = tokens
    self.warnings = warnings
    self.notes = notes
  }
}

/// An encoder that reads a `.mid` input's bytes itself, in its own single pass (the tokens
/// format reads them as symusic does): the pipeline hands it an untouched `.mid` unread, so
/// that the file is not also checked in a pass of its own.
public protocol MIDIBytesEncoder: SongEncoder {
  /// Reads a Standard MIDI File's bytes as `options` say and writes it into `sink`.
  /// - Returns: What was written and what reading tolerated (``EncoderReport/warnings``,
  ///   ``EncoderReport/notes``).
  /// - Throws: ``KitError`` (bad input) naming `path` when the file cannot be read or
  ///   written in this format.
  func write(midiBytes bytes: [UInt8], path: String, options: ReadOptions, to sink: OutputSink)
    throws(KitError)
    -> EncoderReport
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
/// limit, what wins in piano-roll JSON where a note's tick and position disagree, and the
/// tokenizer of MidiTok tokens.
public struct DecodingOptions: Sendable {
  /// How a `.mid` is read (strict or tolerant).
  public var midi: ReadOptions
  /// Refuse larger inputs (`.mid` bytes; a JSON input may be as large as the JSON a `.mid` of
  /// that size becomes).
  public var maximumSize: Int
  /// In piano-roll JSON, which wins where a note's tick and its position or seconds disagree
  /// (`nil`: such a note is refused).
  public var prefer: PianoRollJSON.DecodeOptions.Preference?
  /// The tokenizer MidiTok tokens are decoded with.
  public var tokens: TokensOptions

  /// Creates options; the defaults read tolerantly within 64 MiB and refuse disagreements.
  public init(
    midi: ReadOptions = ReadOptions(), maximumSize: Int = FileIO.defaultMaximumSize,
    prefer: PianoRollJSON.DecodeOptions.Preference? = nil, tokens: TokensOptions = TokensOptions()
  ) {
    self.midi = midi
    self.maximumSize = maximumSize
    self.prefer = prefer
    self.tokens = tokens
  }
}
