import MIDIRollFiles

/// One format a song is read from or written to: its name, extensions, how its first bytes are
/// recognized, and the decoder and encoder that do the work (``SongFormats`` holds them all).
///
/// Adding a format is one encoder (a type conforming to ``SongEncoder``, with its options in
/// ``EncodingOptions``), one ``SongFormat`` value in ``SongFormats/all``, and one options group
/// in the command line; `docs/DESIGN.md` ("Adding a format") walks through the steps.
public struct SongFormat: Sendable {
  /// Which side of a conversion a path is on.
  public enum Role: String, Sendable, CustomStringConvertible {
    /// A file read.
    case input
    /// A file written.
    case output

    /// The verb for the role (`read`, `write`).
    public var verb: String { self == .input ? "read" : "write" }
    /// `input` or `output`.
    public var description: String { rawValue }
  }

  /// Makes the encoder of one run from its options (a SoundFont loaded once, the options checked
  /// before any file is read).
  public typealias EncoderFactory = @Sendable (EncodingOptions) throws(KitError) -> any SongEncoder

  /// The format's name (`--to` and `--from` take it).
  public let kind: SongFileKind
  /// What it is, for people (`Standard MIDI File`).
  public let title: String
  /// The extensions that name it, lowercased, without the dot; the first is the one outputs get.
  public let extensions: [String]
  /// Whether a picture, page or sound (written by `render`) rather than a song's data.
  public let isRendering: Bool
  /// How the first bytes of a file of this format look, for inputs without an extension.
  public let sniff: @Sendable ([UInt8]) -> Bool
  /// Reads a song in this format; `nil` for formats that are only written.
  public let decoder: (any SongDecoder)?
  /// Makes a writer of songs in this format; `nil` for formats that are only read.
  public let makeEncoder: EncoderFactory?
  /// Whether its decoder needs options of its own (MidiTok's tokens need the tokenizer), so it
  /// is read only by the command that takes them, never by naming the kind alone.
  public let decoderNeedsOptions: Bool

  /// Describes a format.
  public init(
    kind: SongFileKind, title: String, extensions: [String], isRendering: Bool = false,
    sniff: @escaping @Sendable ([UInt8]) -> Bool = { _ in false }, decoder: (any SongDecoder)? = nil,
    makeEncoder: EncoderFactory? = nil, decoderNeedsOptions: Bool = false
  ) {
    self.kind = kind
    self.title = title
    self.extensions = extensions
    self.isRendering = isRendering
    self.sniff = sniff
    self.decoder = decoder
    self.makeEncoder = makeEncoder
    self.decoderNeedsOptions = decoderNeedsOptions
  }

  /// Whether songs are read in this format.
  public var reads: Bool { decoder != nil }
  /// Whether songs are written in this format.
  public var writes: Bool { makeEncoder != nil }
}
